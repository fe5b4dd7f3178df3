import GalleyStyle

/// The codes that take a value (`%xF`, `%xC`, `%xU`, `%xW`, `%xS`, `%xK`, `%xR`, `%{…}O`,
/// `%{…}V`) and the parsing helpers of ``MarkupScanner``.
extension MarkupScanner {
  /// Applies `%xF` and `%{name}F`: a family from the table, or one named in braces.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyFamily(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    switch code.argument {
    case .none:
      try report(code, input, .missingArgument, "'%F' needs a table index or a braced family")
    case .number(let value, let isNegative):
      guard try checkUnsigned(isNegative, code, input) else { return }
      guard value < families.tableIDs.count else {
        let count = families.tableIDs.count
        try report(
          code, input, .indexOutOfRange,
          "font \(Self.describe(value)) is not in the table of \(count) \(count == 1 ? "family" : "families")"
        )
        return
      }
      current.family = families.tableIDs[value]
      attributesChanged = true
    case .braced(let range):
      let name = Self.text(input, range)
      guard !name.allSatisfy(\.isWhitespace) else {
        try report(code, input, .invalidArgument, "'\(code.quoted(input))' has no family name")
        return
      }
      guard range.count <= MarkupFormatter.maximumBracedArgumentLength else {
        try report(
          code, input, .invalidArgument, "the family name in '\(code.quoted(input))' is too long")
        return
      }
      current.family = families.intern(name)
      attributesChanged = true
    }
  }

  /// Applies `%xC`, `%xD` and their braced forms: the text or background color.
  ///
  /// - Parameters:
  ///   - letter: `C` or `D`.
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyColor(
    _ letter: UInt8, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    let isBackground = letter == UInt8(ascii: "D")
    let color: TextColor
    switch code.argument {
    case .none:
      try report(
        code, input, .missingArgument,
        "'%\(isBackground ? "D" : "C")' needs a table index or a braced color")
      return
    case .number(let value, let isNegative):
      guard try checkUnsigned(isNegative, code, input) else { return }
      guard value < colors.count else {
        let count = colors.count
        try report(
          code, input, .indexOutOfRange,
          "color \(Self.describe(value)) is not in the table of \(count) \(count == 1 ? "color" : "colors")"
        )
        return
      }
      color = colors[value]
    case .braced(let range):
      guard let parsed = TextColor(parsing: Self.text(input, range)) else {
        try report(
          code, input, .invalidArgument,
          "'\(code.quoted(input))' is not a color (use #RGB, #RRGGBB, #RRGGBBAA or a CSS name)")
        return
      }
      color = parsed
    }
    if isBackground { current.background = color } else { current.color = color }
    attributesChanged = true
  }

  /// Applies `%xU` and `%{style}U`: the underline style.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyUnderline(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    switch code.argument {
    case .none:
      try report(code, input, .missingArgument, "'%U' needs a style: 0, 1 or 2")
    case .number(let value, let isNegative):
      guard try checkUnsigned(isNegative, code, input) else { return }
      guard let style = UnderlineStyle(number: value) else {
        try report(
          code, input, .underlineOutOfRange,
          "underline style \(Self.describe(value)) is not in 0...2")
        return
      }
      current.underline = style
      attributesChanged = true
    case .braced(let range):
      guard let style = UnderlineStyle(rawValue: Self.text(input, range).lowercased()) else {
        try report(
          code, input, .invalidArgument,
          "'\(code.quoted(input))' is not an underline style (none, single or double)")
        return
      }
      current.underline = style
      attributesChanged = true
    }
  }

  /// Applies `%xW` and `%{weight}W`: a ladder step, a CSS weight or a CSS weight name.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyWeight(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    let weight: Int
    switch code.argument {
    case .none:
      try report(code, input, .missingArgument, "'%W' needs a weight")
      return
    case .number(let value, let isNegative):
      weight = isNegative ? -value : value
    case .braced(let range):
      let text = Self.text(input, range)
      if let named = FontWeight.cssNames[text.lowercased()] {
        weight = named
      } else if text.utf8.count <= 6, Self.decimal(text) != nil, let number = Int(text) {
        weight = number
      } else {
        try report(
          code, input, .invalidArgument,
          "'\(code.quoted(input))' is not a weight (a number or a name such as 'semibold')")
        return
      }
    }
    guard FontWeight.isValid(weight) else {
      try report(
        code, input, .weightOutOfRange,
        "weight \(Self.describe(weight)) is neither a ladder step in -3...3 nor a CSS weight in 100...1000"
      )
      current.weight = FontWeight.clamped(weight)
      attributesChanged = true
      return
    }
    current.weight = weight
    attributesChanged = true
  }

  /// Applies `%xS` and `%{size}S`: the size in points.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applySize(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let size = try decimalArgument(code, input, letter: "S", isSigned: false) else { return }
    guard size > 0, size <= MarkupFormatter.maximumSize else {
      try report(
        code, input, .sizeOutOfRange,
        "size \(Self.describe(size)) is not in 0<…≤\(Self.describe(MarkupFormatter.maximumSize))")
      return
    }
    current.size = size
    attributesChanged = true
  }

  /// Applies `%xK` and `%{percent}K`: the character spacing, in percent of the size.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applySpacing(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let percent = try decimalArgument(code, input, letter: "K", isSigned: true) else {
      return
    }
    let limit = MarkupFormatter.maximumCharacterSpacing * 100
    guard abs(percent) <= limit else {
      try report(
        code, input, .valueOutOfRange,
        "character spacing \(Self.describe(percent))% is not in ±\(Self.describe(limit))%")
      return
    }
    current.characterSpacing = percent / 100
    attributesChanged = true
  }

  /// Applies `%xR` and `%{points}R`: the baseline shift in points.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyShift(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let shift = try decimalArgument(code, input, letter: "R", isSigned: true) else { return }
    let limit = MarkupFormatter.maximumBaselineShift
    guard abs(shift) <= limit else {
      try report(
        code, input, .valueOutOfRange,
        "baseline shift \(Self.describe(shift)) is not in ±\(Self.describe(limit)) points")
      return
    }
    current.baselineShift = shift
    attributesChanged = true
  }

  /// Applies `%{list}O`: OpenType features set over those in force (a later setting of a tag
  /// wins), until `%o` or `%N`.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyFeatures(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard
      let text = try bracedList(code, input, letter: "O", noun: "feature", example: "%{smcp,tnum}O")
    else {
      return
    }
    let added: FontFeatures
    do throws(FontFeatureError) {
      added = try FontFeatures(parsing: text)
    } catch {
      try report(code, input, .invalidArgument, "'\(code.quoted(input))': \(error)")
      return
    }
    let merged = featureLists.lists[current.features].merging(added)
    guard try checkListSize(merged.features.count, code, input, noun: "features") else { return }
    guard let number = featureLists.intern(merged) else {
      return try reportTooManyLists(code, input, noun: "feature")
    }
    current.features = number
    attributesChanged = true
  }

  /// Applies `%{list}V`: variable-font axis coordinates set over those in force (a later
  /// setting of a tag wins), until `%v` or `%N`.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyVariations(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard
      let text = try bracedList(
        code, input, letter: "V", noun: "coordinate", example: "%{wght=550}V")
    else {
      return
    }
    let added: FontVariations
    do throws(FontVariationError) {
      added = try FontVariations(parsing: text)
    } catch {
      try report(code, input, .invalidArgument, "'\(code.quoted(input))': \(error)")
      return
    }
    let merged = variationLists.lists[current.variations].merging(added)
    guard try checkListSize(merged.variations.count, code, input, noun: "coordinates") else {
      return
    }
    guard let number = variationLists.intern(merged) else {
      return try reportTooManyLists(code, input, noun: "coordinate")
    }
    current.variations = number
    attributesChanged = true
  }

  /// Applies `%{tag}G`: the span's language (a BCP 47 tag of 1 to 64 ASCII letters, digits,
  /// `-` and `_`), until `%g` or `%N`.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyLanguage(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard
      let tag = try bracedText(
        code, input, needs: "'%G' needs a braced language tag: %{de-CH}G")
    else { return }
    guard MarkupFormatter.isLanguageTag(tag) else {
      return try report(
        code, input, .invalidArgument,
        "'\(code.quoted(input))' is not a language tag (1 to 64 letters, digits, - and _)")
    }
    current.language = languages.intern(tag)
    attributesChanged = true
  }

  /// Applies `%{none}H`, `%{manual}H` and `%{auto}H`: where the span's words may be
  /// hyphenated, until `%h` or `%N`.
  ///
  /// - Parameters:
  ///   - code: The code, whose shape is `.code`.
  ///   - input: The markup.
  /// - Throws: The code's problem, in strict mode.
  mutating func applyHyphens(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let text = try bracedText(code, input, needs: "'%H' needs a braced setting: %{auto}H")
    else { return }
    guard let hyphens = Hyphens(name: text) else {
      return try report(
        code, input, .invalidArgument,
        "'\(code.quoted(input))' is not a hyphenation setting (none, manual or auto)")
    }
    current.hyphens = hyphens
    attributesChanged = true
  }

  /// The text of a braced argument (`%{de}G`, `%{auto}H`), or `nil` after reporting a code
  /// without one (missing, or a number instead) with `message`.
  private mutating func bracedText(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, needs message: String
  ) throws(MarkupError) -> String? {
    guard case .braced(let range) = code.argument else {
      let problem: MarkupError.Kind = code.argument == .none ? .missingArgument : .invalidArgument
      try report(code, input, problem, message)
      return nil
    }
    return Self.text(input, range)
  }

  /// The text of a braced list (`%{…}O`, `%{…}V`), or `nil` after reporting a code without
  /// one, or with one too long.
  private mutating func bracedList(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, letter: String, noun: String,
    example: String
  ) throws(MarkupError) -> String? {
    switch code.argument {
    case .none:
      try report(
        code, input, .missingArgument, "'%\(letter)' needs a braced \(noun) list: \(example)")
      return nil
    case .number:
      try report(
        code, input, .invalidArgument,
        "'\(code.quoted(input))' takes a braced \(noun) list, not a number: \(example)")
      return nil
    case .braced(let range):
      guard range.count <= MarkupFormatter.maximumBracedArgumentLength else {
        try report(code, input, .invalidArgument, "the list in '\(code.quoted(input))' is too long")
        return nil
      }
      return Self.text(input, range)
    }
  }

  /// Whether a list in force of `count` items is within
  /// ``MarkupFormatter/maximumFeatureCount``; reports it when not.
  private mutating func checkListSize(
    _ count: Int, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, noun: String
  ) throws(MarkupError) -> Bool {
    guard count > MarkupFormatter.maximumFeatureCount else { return true }
    try report(
      code, input, .valueOutOfRange,
      "'\(code.quoted(input))' puts \(count) \(noun) in force; "
        + "the most is \(MarkupFormatter.maximumFeatureCount)")
    return false
  }

  /// Reports a list past ``MarkupFormatter/maximumFeatureLists`` (nothing when the size check
  /// has reported already).
  private mutating func reportTooManyLists(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, noun: String
  ) throws(MarkupError) {
    try report(
      code, input, .valueOutOfRange,
      "'\(code.quoted(input))' makes more than \(MarkupFormatter.maximumFeatureLists) "
        + "distinct \(noun) lists in one text")
  }

  // MARK: Arguments

  /// Reads the number of `%xS`, `%xK` or `%xR`, or a decimal in braces.
  mutating func decimalArgument(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, letter: String, isSigned: Bool
  ) throws(MarkupError) -> Double? {
    switch code.argument {
    case .none:
      try report(code, input, .missingArgument, "'%\(letter)' needs a number")
      return nil
    case .number(let value, let isNegative):
      if !isSigned { guard try checkUnsigned(isNegative, code, input) else { return nil } }
      return Double(isNegative ? -value : value)
    case .braced(let range):
      guard let value = Self.decimal(Self.text(input, range)) else {
        try report(code, input, .invalidArgument, "'\(code.quoted(input))' is not a decimal number")
        return nil
      }
      if !isSigned, value < 0 {
        guard try checkUnsigned(true, code, input) else { return nil }
      }
      return value
    }
  }

  /// Reports `negativeNotAllowed` for a minus sign; returns whether the code may go on.
  ///
  /// Inlined, so that the common case (no sign) costs one test; the report is out of line.
  @inline(__always)
  mutating func checkUnsigned(
    _ isNegative: Bool, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) -> Bool {
    guard isNegative else { return true }
    try reportNegative(code, input)
    return false
  }

  /// Reports `negativeNotAllowed` for `code`.
  private mutating func reportNegative(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    try report(
      code, input, .negativeNotAllowed,
      "'\(code.quoted(input))' cannot be negative (only %W, %K and %R take a sign)")
  }

  // MARK: Parsing

  /// Parses `-?digits(.digits)?`, the only decimal form markup accepts.
  static func decimal(_ text: String) -> Double? {
    var sawDigit = false
    var sawPoint = false
    for (position, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
      case UInt8(ascii: "."): if sawPoint { return nil } else { sawPoint = true }
      case UInt8(ascii: "-") where position == 0: continue
      default: return nil
      }
    }
    guard sawDigit, text.utf8.count <= 32, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// Prints a number without a needless `.0`, and a saturated one (see
  /// ``CodeToken/saturation``) as `999999999+`.
  static func describe(_ value: Double) -> String {
    if abs(value) >= Double(CodeToken.saturation) { return "\(value < 0 ? "-" : "")999999999+" }
    if value == value.rounded() { return String(Int(value)) }
    return String(value)
  }

  /// Prints a whole number, and a saturated one as `999999999+`.
  static func describe(_ value: Int) -> String {
    abs(value) >= CodeToken.saturation ? "\(value < 0 ? "-" : "")999999999+" : String(value)
  }
}
