import GalleyStyle
internal import GalleySupport

/// The single-pass scanner behind ``MarkupFormatter``.
///
/// It reads the markup as UTF-8 bytes, copies text between codes into a scratch buffer (on the
/// stack for short markup) while counting UTF-16 code units, and opens a new run only when a
/// code has changed the attributes and text follows. Runs and links record their UTF-8 and
/// UTF-16 offsets as they open and close, so finishing is one copy of the text plus one pass
/// over the runs. Positions for errors come from a ``LocationCursor`` that moves forward,
/// so any number of warnings costs about one extra pass (an unterminated link, found at the
/// end, points back to its `%L` and restarts the cursor once).
struct MarkupScanner {
  let formatter: MarkupFormatter
  let isLenient: Bool
  /// Whether the text starts from attributes given by the caller instead of the formatter's
  /// defaults (which are then not checked).
  private let startsFromBase: Bool
  private(set) var warnings: [MarkupError] = []

  // Output: the text so far is `output[0..<outputCount]`, `outputUTF16` code units long.
  private(set) var output = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  private(set) var outputCount = 0
  private(set) var outputUTF16 = 0
  private(set) var pendingRuns: [PendingRun] = []
  private(set) var pendingLinks: [PendingLink] = []

  // State.
  private(set) var families: FamilyTable
  private var defaults: ScanAttributes
  private var current: ScanAttributes
  private var attributesChanged = true
  private var openLink: Int?
  private var cursor = LocationCursor()

  /// A run opened at an offset, with the attributes it has.
  struct PendingRun {
    var utf8Start: Int
    var utf16Start: Int
    var attributes: ScanAttributes
  }

  /// A link, open or closed, and where its `%L` was.
  struct PendingLink {
    var utf8Range: Range<Int>
    var utf16Range: Range<Int>
    var target: String?
    /// Where the `%L` starts and ends in the markup, for an `unterminatedLink` error.
    var markupRange: Range<Int>
  }

  /// A scanner whose text starts with the formatter's defaults, or with `base` (its link
  /// dropped), which the resets then restore.
  init(formatter: MarkupFormatter, isLenient: Bool, base: TextAttributes? = nil) {
    self.formatter = formatter
    self.isLenient = isLenient
    self.startsFromBase = base != nil
    var families = formatter.familyTable
    if let base {
      self.defaults = ScanAttributes(
        family: families.intern(base.family), size: base.size, weight: base.weight,
        isItalic: base.isItalic, color: base.color, background: base.background,
        underline: base.underline, isStruckThrough: base.isStruckThrough,
        characterSpacing: base.characterSpacing, baselineShift: base.baselineShift)
    } else {
      self.defaults = ScanAttributes(
        family: families.defaultID, size: formatter.defaultSize, weight: formatter.defaultWeight,
        color: formatter.defaultColor, background: formatter.defaultBackground)
    }
    self.families = families
    self.current = defaults
  }

  mutating func scan(_ markup: String) throws(MarkupError) -> FormattedText {
    var markup = markup
    let result: Result<FormattedText, MarkupError> = markup.withUTF8 { bytes in
      // The text is never longer than the markup: every output byte is a markup byte.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { scratch in
        output = scratch
        defer { output = UnsafeMutableBufferPointer(start: nil, count: 0) }
        do throws(MarkupError) {
          try scanBytes(bytes)
          return .success(finish())
        } catch {
          return .failure(error)
        }
      }
    }
    return try result.get()
  }

  // MARK: Scanning

  private mutating func scanBytes(_ input: UnsafeBufferPointer<UInt8>) throws(MarkupError) {
    if !startsFromBase { try checkDefaults(input) }
    pendingRuns.reserveCapacity(16)
    var position = 0
    let count = input.count
    while position < count {
      let (end, utf16) = Self.nextPercentCountingUTF16(in: input, from: position)
      if end > position { appendText(input, position..<end, utf16Count: utf16) }
      if end == count { break }
      position = try scanCode(input, at: end)
    }
    if let openLink {
      let range = pendingLinks[openLink].markupRange
      try report(
        .unterminatedLink, at: locate(range.lowerBound, input),
        length: utf16Length(input, range), "link \(openLink) opened here has no '%l'")
      closeLink()
    }
    // The unterminated-link warning is found last but points back at its `%L`.
    if warnings.count > 1, let last = warnings.last, last.kind == .unterminatedLink {
      warnings.sort { $0.location.utf8Offset < $1.location.utf8Offset }
    }
  }

  /// Appends markup bytes to the text, opening a run first if the attributes have changed.
  ///
  /// - Parameters:
  ///   - input: The markup.
  ///   - range: The bytes to append: whole scalars.
  ///   - utf16Count: Their UTF-16 length, when the caller has counted it already.
  private mutating func appendText(
    _ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, utf16Count: Int? = nil
  ) {
    if attributesChanged {
      let last = pendingRuns.count - 1
      if last < 0 || pendingRuns[last].attributes != current {
        pendingRuns.append(
          PendingRun(utf8Start: outputCount, utf16Start: outputUTF16, attributes: current))
      }
      attributesChanged = false
    }
    let text = UnsafeBufferPointer(rebasing: input[range])
    _ = UnsafeMutableBufferPointer(rebasing: output[outputCount..<outputCount + text.count])
      .initialize(fromContentsOf: text)
    outputCount += text.count
    outputUTF16 &+= utf16Count ?? UTF16Counter.utf16Count(text)
  }

  /// Reads the code whose `%` is at `start` and returns the position after it.
  private mutating func scanCode(
    _ input: UnsafeBufferPointer<UInt8>, at start: Int
  ) throws(MarkupError) -> Int {
    let code = CodeToken.read(input, at: start)
    switch code.shape {
    case .dangling:
      let quoted = code.quoted(input)
      let hint = quoted == "%" ? "; write %% for a percent sign" : ""
      try report(code, input, .danglingPercent, "'\(quoted)' at the end of the markup\(hint)")
      return input.count
    case .literalPercent:
      appendText(input, start + 1..<start + 2)
      return code.end
    case .unterminatedBrace:
      try report(code, input, .invalidArgument, "'{' in '\(code.quoted(input))' has no '}'")
      // Lenient: drop the '%' and keep the '{' and what follows as text.
      return code.start + 1
    case .signAfterDigits:
      try report(code, input, .invalidNumber, "'-' after digits in '\(code.quoted(input))'")
      return code.end
    case .signWithoutDigits:
      try report(
        code, input, .invalidNumber, "'-' must be followed by digits in '\(code.quoted(input))'")
      return code.end
    case .numberAndBrace:
      try report(
        code, input, .invalidArgument,
        "'\(code.quoted(input))' has both a number and a braced argument")
      return code.end
    case .code(let letter):
      try apply(letter, code, input)
      return code.end
    }
  }

  // MARK: Codes

  private mutating func apply(
    _ letter: UInt8, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    switch letter {
    case UInt8(ascii: "F"): try applyFamily(code, input)
    case UInt8(ascii: "C"), UInt8(ascii: "D"): try applyColor(letter, code, input)
    case UInt8(ascii: "U"): try applyUnderline(code, input)
    case UInt8(ascii: "W"): try applyWeight(code, input)
    case UInt8(ascii: "S"): try applySize(code, input)
    case UInt8(ascii: "K"): try applySpacing(code, input)
    case UInt8(ascii: "R"): try applyShift(code, input)
    case UInt8(ascii: "L"): try applyLinkOpen(code, input)
    case UInt8(ascii: "f"), UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "u"),
      UInt8(ascii: "w"), UInt8(ascii: "s"), UInt8(ascii: "k"), UInt8(ascii: "r"),
      UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "I"), UInt8(ascii: "i"),
      UInt8(ascii: "X"), UInt8(ascii: "x"), UInt8(ascii: "N"), UInt8(ascii: "l"):
      try applySwitch(letter, code, input)
    default:
      try report(code, input, .unknownCode, Self.unknownCodeMessage(code.quoted(input)))
      // Lenient: DAAttributedStringFormatter printed the letter of an unknown code.
      appendText(input, code.letterRange)
    }
  }

  /// The message for an unknown code.
  ///
  /// A `%` followed by neither a letter nor an argument
  /// (`50% off`, `5%.`) is most likely a percent sign, so the message says how to write one.
  static func unknownCodeMessage(_ code: String) -> String {
    let scalars = code.unicodeScalars.dropFirst()
    let isLikelyPercentSign =
      scalars.count == 1 && scalars.first.map { !($0.properties.isAlphabetic) } ?? true
    return "unknown code '\(code)'" + (isLikelyPercentSign ? "; write %% for a percent sign" : "")
  }

  /// Codes that take no argument: `%B`, `%i`, `%N`, `%l` and the resets to defaults.
  private mutating func applySwitch(
    _ letter: UInt8, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    if code.argument != .none {
      try report(code, input, .unexpectedArgument, "'\(code.quoted(input))' takes no argument")
    }
    attributesChanged = true
    switch letter {
    case UInt8(ascii: "f"): current.family = defaults.family
    case UInt8(ascii: "c"): current.color = defaults.color
    case UInt8(ascii: "d"): current.background = defaults.background
    case UInt8(ascii: "u"): current.underline = .none
    case UInt8(ascii: "w"): current.weight = defaults.weight
    case UInt8(ascii: "s"): current.size = defaults.size
    case UInt8(ascii: "k"): current.characterSpacing = 0
    case UInt8(ascii: "r"): current.baselineShift = 0
    case UInt8(ascii: "B"): current.weight = 1
    case UInt8(ascii: "b"): current.weight = 0
    case UInt8(ascii: "I"): current.isItalic = true
    case UInt8(ascii: "i"): current.isItalic = false
    case UInt8(ascii: "X"): current.isStruckThrough = true
    case UInt8(ascii: "x"): current.isStruckThrough = false
    case UInt8(ascii: "N"):
      // Everything but the colors and the link goes back to the defaults.
      let (color, background, link) = (current.color, current.background, current.link)
      current = defaults
      current.color = color
      current.background = background
      current.link = link
    default:  // "l"
      if openLink == nil {
        try report(code, input, .unopenedLink, "'%l' with no open link")
      } else {
        closeLink()
      }
    }
  }

  private mutating func applyFamily(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    switch code.argument {
    case .none:
      try report(code, input, .missingArgument, "'%F' needs a table index or a braced family")
    case .number(let value, let isNegative):
      guard try checkUnsigned(isNegative, code, input) else { return }
      guard value < formatter.fontFamilies.count else {
        let count = formatter.fontFamilies.count
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

  private mutating func applyColor(
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
      guard value < formatter.colors.count else {
        let count = formatter.colors.count
        try report(
          code, input, .indexOutOfRange,
          "color \(Self.describe(value)) is not in the table of \(count) \(count == 1 ? "color" : "colors")"
        )
        return
      }
      color = formatter.colors[value]
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

  private mutating func applyUnderline(
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

  private mutating func applyWeight(
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

  private mutating func applySize(
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

  private mutating func applySpacing(
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

  private mutating func applyShift(
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

  private mutating func applyLinkOpen(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    var target: String?
    switch code.argument {
    case .none:
      break
    case .number:
      try report(
        code, input, .unexpectedArgument,
        "'\(code.quoted(input))' takes no number (write a target in braces: %{https://…}L)")
    case .braced(let range):
      let text = Self.text(input, range)
      guard !text.allSatisfy(\.isWhitespace),
        range.count <= MarkupFormatter.maximumBracedArgumentLength
      else {
        try report(
          code, input, .invalidArgument,
          "'\(code.quoted(input))' needs a link target of 1 to "
            + "\(MarkupFormatter.maximumBracedArgumentLength) bytes")
        return
      }
      target = text
    }
    if let openLink {
      try report(code, input, .nestedLink, "'%L' inside link \(openLink), which is still open")
      return
    }
    if pendingLinks.capacity == 0 { pendingLinks.reserveCapacity(8) }
    pendingLinks.append(
      PendingLink(
        utf8Range: outputCount..<outputCount, utf16Range: outputUTF16..<outputUTF16,
        target: target, markupRange: code.start..<code.end))
    openLink = pendingLinks.count - 1
    current.link = openLink
    attributesChanged = true
  }

  private mutating func closeLink() {
    guard let index = openLink else { return }
    pendingLinks[index].utf8Range = pendingLinks[index].utf8Range.lowerBound..<outputCount
    pendingLinks[index].utf16Range = pendingLinks[index].utf16Range.lowerBound..<outputUTF16
    openLink = nil
    current.link = nil
    attributesChanged = true
  }

  // MARK: Arguments

  /// Reads the number of `%xS`, `%xK` or `%xR`, or a decimal in braces.
  private mutating func decimalArgument(
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
  private mutating func checkUnsigned(
    _ isNegative: Bool, _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) -> Bool {
    guard isNegative else { return true }
    try report(
      code, input, .negativeNotAllowed,
      "'\(code.quoted(input))' cannot be negative (only %W, %K and %R take a sign)")
    return false
  }

  // MARK: Problems

  /// Throws in strict mode; records a warning and returns in lenient mode.
  private mutating func report(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>, _ kind: MarkupError.Kind,
    _ message: String
  ) throws(MarkupError) {
    try report(
      kind, at: locate(code.start, input), length: utf16Length(input, code.start..<code.end),
      message)
  }

  private mutating func report(
    _ kind: MarkupError.Kind, at location: MarkupLocation, length: Int, _ message: String
  ) throws(MarkupError) {
    let error = MarkupError(kind: kind, location: location, utf16Length: length, message: message)
    if !isLenient { throw error }
    warnings.append(error)
  }

  private mutating func locate(
    _ utf8Offset: Int, _ input: UnsafeBufferPointer<UInt8>
  ) -> MarkupLocation {
    cursor.advance(to: utf8Offset, in: input)
    return cursor.location
  }

  private func utf16Length(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    UTF16Counter.utf16Count(UnsafeBufferPointer(rebasing: input[range]))
  }

  /// Checks the formatter's defaults before the first code can depend on them.
  private mutating func checkDefaults(_ input: UnsafeBufferPointer<UInt8>) throws(MarkupError) {
    let start = MarkupLocation(utf16Offset: 0, utf8Offset: 0, line: 1, column: 1)
    let size = formatter.defaultSize
    if !(size > 0 && size <= MarkupFormatter.maximumSize) {
      try report(
        .sizeOutOfRange, at: start, length: 0,
        "the default size \(Self.describe(size)) is not in 0<…≤\(Self.describe(MarkupFormatter.maximumSize))"
      )
      current.size = 17
      defaults.size = 17
    }
    if !FontWeight.isValid(formatter.defaultWeight) {
      try report(
        .weightOutOfRange, at: start, length: 0,
        "the default weight \(formatter.defaultWeight) is neither a ladder step in -3...3 nor a CSS weight in 100...1000"
      )
      current.weight = FontWeight.clamped(formatter.defaultWeight)
      defaults.weight = current.weight
    }
    if families.isDefaultBlank {
      try report(.invalidArgument, at: start, length: 0, "the default family name is empty")
      current.family = families.intern("sans-serif")
      defaults.family = current.family
    }
  }

  /// A braced argument's text without surrounding whitespace: `%{ DejaVu Sans }F` names
  /// `DejaVu Sans`.
  private static func text(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let text = String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
