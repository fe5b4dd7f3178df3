/// The single-pass scanner behind ``MarkupFormatter``.
///
/// It reads the markup as UTF-8 bytes, copies text between codes into the output buffer while
/// counting UTF-16 code units, and opens a new run only when a code has changed the attributes
/// and text follows. Positions for errors come from a ``LocationCursor`` that only moves
/// forward, so any number of warnings costs one extra pass at most.
struct MarkupScanner {
  let formatter: MarkupFormatter
  let isLenient: Bool
  private(set) var warnings: [MarkupError] = []

  // Output.
  private var output: [UInt8] = []
  private var outputUTF16Count = 0
  private var pendingRuns: [PendingRun] = []
  private var pendingLinks: [PendingLink] = []

  // State.
  private var current: TextAttributes
  private var attributesChanged = true
  private var openLink: Int?
  private var cursor = LocationCursor()

  private struct PendingRun {
    var utf8Start: Int
    var utf16Start: Int
    var attributes: TextAttributes
  }

  private struct PendingLink {
    var utf8Range: Range<Int>
    var utf16Range: Range<Int>
    var target: String?
    var openedAt: MarkupLocation
    var openedLength: Int
  }

  init(formatter: MarkupFormatter, isLenient: Bool) {
    self.formatter = formatter
    self.isLenient = isLenient
    self.current = formatter.defaultAttributes
  }

  mutating func scan(_ markup: String) throws(MarkupError) -> FormattedText {
    var markup = markup
    let result: Result<Void, MarkupError> = markup.withUTF8 { bytes in
      do throws(MarkupError) {
        try scanBytes(bytes)
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    try result.get()
    return finish()
  }

  // MARK: Scanning

  private static let percent = UInt8(ascii: "%")

  private mutating func scanBytes(_ input: UnsafeBufferPointer<UInt8>) throws(MarkupError) {
    try checkDefaults(input)
    output.reserveCapacity(input.count)
    var position = 0
    let count = input.count
    while position < count {
      var end = position
      var utf16 = 0
      while end < count {
        let byte = input[end]
        if byte == Self.percent { break }
        utf16 &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
        end &+= 1
      }
      if end > position { appendText(input, position..<end, utf16Count: utf16) }
      if end == count { break }
      position = try scanCode(input, at: end)
    }
    if let openLink {
      let link = pendingLinks[openLink]
      try report(
        .unterminatedLink, at: link.openedAt, length: link.openedLength,
        "link \(openLink) opened here has no '%l'")
      closeLink()
    }
  }

  private mutating func appendText(
    _ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, utf16Count: Int
  ) {
    if attributesChanged {
      if pendingRuns.last?.attributes != current {
        pendingRuns.append(
          PendingRun(utf8Start: output.count, utf16Start: outputUTF16Count, attributes: current))
      }
      attributesChanged = false
    }
    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
    outputUTF16Count += utf16Count
  }

  /// Reads the code whose `%` is at `start` and returns the position after it.
  private mutating func scanCode(
    _ input: UnsafeBufferPointer<UInt8>, at start: Int
  ) throws(MarkupError) -> Int {
    let code = CodeReader.read(input, at: start)
    switch code.shape {
    case .dangling:
      try report(code, input, .danglingPercent, "'\(code.quoted(input))' at the end of the markup")
      return input.count
    case .literalPercent:
      appendText(input, start + 1..<start + 2, utf16Count: 1)
      return code.end
    case .unterminatedBrace:
      try report(code, input, .invalidArgument, "'{' in '\(code.quoted(input))' has no '}'")
      return code.end
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
    _ letter: UInt8, _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
      try report(code, input, .unknownCode, "unknown code '\(code.quoted(input))'")
      // Lenient: DAAttributedStringFormatter printed the letter of an unknown code.
      let letterRange = code.letterRange
      var utf16 = 0
      for byte in input[letterRange] {
        utf16 += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0)
      }
      appendText(input, letterRange, utf16Count: utf16)
    }
  }

  /// Codes that take no argument: `%B`, `%i`, `%N`, `%l` and the resets to defaults.
  private mutating func applySwitch(
    _ letter: UInt8, _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    if code.argument != .none {
      try report(code, input, .unexpectedArgument, "'\(code.quoted(input))' takes no argument")
    }
    let defaults = formatter.defaultAttributes
    switch letter {
    case UInt8(ascii: "f"): set(\.family, defaults.family)
    case UInt8(ascii: "c"): set(\.color, defaults.color)
    case UInt8(ascii: "d"): set(\.background, defaults.background)
    case UInt8(ascii: "u"): set(\.underline, .none)
    case UInt8(ascii: "w"): set(\.weight, defaults.weight)
    case UInt8(ascii: "s"): set(\.size, defaults.size)
    case UInt8(ascii: "k"): set(\.characterSpacing, 0)
    case UInt8(ascii: "r"): set(\.baselineShift, 0)
    case UInt8(ascii: "B"): set(\.weight, 1)
    case UInt8(ascii: "b"): set(\.weight, 0)
    case UInt8(ascii: "I"): set(\.isItalic, true)
    case UInt8(ascii: "i"): set(\.isItalic, false)
    case UInt8(ascii: "X"): set(\.isStruckThrough, true)
    case UInt8(ascii: "x"): set(\.isStruckThrough, false)
    case UInt8(ascii: "N"):
      set(\.family, defaults.family)
      set(\.weight, defaults.weight)
      set(\.isItalic, false)
      set(\.underline, .none)
      set(\.size, defaults.size)
      set(\.isStruckThrough, false)
      set(\.characterSpacing, 0)
      set(\.baselineShift, 0)
    default:  // "l"
      if openLink == nil {
        try report(code, input, .unopenedLink, "'%l' with no open link")
      } else {
        closeLink()
      }
    }
  }

  private mutating func applyFamily(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
      set(\.family, formatter.fontFamilies[value])
    case .braced(let range):
      let name = String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
      guard !name.allSatisfy(\.isWhitespace) else {
        try report(code, input, .invalidArgument, "'\(code.quoted(input))' has no family name")
        return
      }
      guard range.count <= MarkupFormatter.maximumBracedArgumentLength else {
        try report(
          code, input, .invalidArgument, "the family name in '\(code.quoted(input))' is too long")
        return
      }
      set(\.family, name)
    }
  }

  private mutating func applyColor(
    _ letter: UInt8, _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
    if isBackground { set(\.background, color) } else { set(\.color, color) }
  }

  private mutating func applyUnderline(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
      set(\.underline, style)
    case .braced(let range):
      guard let style = UnderlineStyle(rawValue: Self.text(input, range).lowercased()) else {
        try report(
          code, input, .invalidArgument,
          "'\(code.quoted(input))' is not an underline style (none, single or double)")
        return
      }
      set(\.underline, style)
    }
  }

  private mutating func applyWeight(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
      if let named = Self.cssWeightNames[text.lowercased()] {
        weight = named
      } else if let number = Int(text), text.count <= 6 {
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
      set(\.weight, FontWeight.clamped(weight))
      return
    }
    set(\.weight, weight)
  }

  private mutating func applySize(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let size = try decimalArgument(code, input, letter: "S", isSigned: false) else { return }
    guard size > 0, size <= MarkupFormatter.maximumSize else {
      try report(
        code, input, .sizeOutOfRange,
        "size \(Self.describe(size)) is not in 0<…≤\(Self.describe(MarkupFormatter.maximumSize))")
      return
    }
    set(\.size, size)
  }

  private mutating func applySpacing(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
    set(\.characterSpacing, percent / 100)
  }

  private mutating func applyShift(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) {
    guard let shift = try decimalArgument(code, input, letter: "R", isSigned: true) else { return }
    let limit = MarkupFormatter.maximumBaselineShift
    guard abs(shift) <= limit else {
      try report(
        code, input, .valueOutOfRange,
        "baseline shift \(Self.describe(shift)) is not in ±\(Self.describe(limit)) points")
      return
    }
    set(\.baselineShift, shift)
  }

  private mutating func applyLinkOpen(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
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
    let location = locate(code.start, input)
    let start = (utf8: output.count, utf16: outputUTF16Count)
    pendingLinks.append(
      PendingLink(
        utf8Range: start.utf8..<start.utf8, utf16Range: start.utf16..<start.utf16, target: target,
        openedAt: location, openedLength: utf16Length(input, code.start..<code.end)))
    openLink = pendingLinks.count - 1
    set(\.link, openLink)
  }

  private mutating func closeLink() {
    guard let index = openLink else { return }
    pendingLinks[index].utf8Range = pendingLinks[index].utf8Range.lowerBound..<output.count
    pendingLinks[index].utf16Range =
      pendingLinks[index].utf16Range.lowerBound..<outputUTF16Count
    openLink = nil
    set(\.link, nil)
  }

  // MARK: Arguments

  /// Reads the number of `%xS`, `%xK` or `%xR`, or a decimal in braces.
  private mutating func decimalArgument(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>, letter: String, isSigned: Bool
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
    _ isNegative: Bool, _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) -> Bool {
    guard isNegative else { return true }
    try report(
      code, input, .negativeNotAllowed,
      "'\(code.quoted(input))' cannot be negative (only %W, %K and %R take a sign)")
    return false
  }

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

  static let cssWeightNames: [String: Int] = [
    "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
    "normal": 400, "regular": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700,
    "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900,
  ]

  // MARK: State

  private mutating func set<Value: Equatable>(
    _ keyPath: WritableKeyPath<TextAttributes, Value>, _ value: Value
  ) {
    if current[keyPath: keyPath] != value {
      current[keyPath: keyPath] = value
      attributesChanged = true
    }
  }

  // MARK: Problems

  /// Throws in strict mode; records a warning and returns in lenient mode.
  private mutating func report(
    _ code: CodeReader, _ input: UnsafeBufferPointer<UInt8>, _ kind: MarkupError.Kind,
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
    var count = 0
    for byte in input[range] { count += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0) }
    return count
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
    }
    if !FontWeight.isValid(formatter.defaultWeight) {
      try report(
        .weightOutOfRange, at: start, length: 0,
        "the default weight \(formatter.defaultWeight) is neither a ladder step in -3...3 nor a CSS weight in 100...1000"
      )
      current.weight = FontWeight.clamped(formatter.defaultWeight)
    }
    if formatter.defaultFamily.allSatisfy(\.isWhitespace) {
      try report(.invalidArgument, at: start, length: 0, "the default family name is empty")
      current.family = "sans-serif"
    }
  }

  private static func text(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
  }

  /// Prints a number without a needless `.0`, and a saturated one as "too large".
  static func describe(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  static func describe(_ value: Int) -> String {
    abs(value) >= CodeReader.saturation ? "\(value < 0 ? "-" : "")999999999+" : String(value)
  }

  // MARK: Finishing

  private func finish() -> FormattedText {
    let string = String(decoding: output, as: UTF8.self)
    let utf8 = string.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    var runs: [FormattedText.Run] = []
    runs.reserveCapacity(pendingRuns.count)
    var end = (utf8: output.count, utf16: outputUTF16Count, index: string.endIndex)
    for pending in pendingRuns.reversed() {
      let start = index(pending.utf8Start)
      runs.append(
        FormattedText.Run(
          range: start..<end.index, utf16Range: pending.utf16Start..<end.utf16,
          utf8Range: pending.utf8Start..<end.utf8, attributes: pending.attributes))
      end = (pending.utf8Start, pending.utf16Start, start)
    }
    runs.reverse()
    let links = pendingLinks.enumerated().map { position, link in
      FormattedText.Link(
        index: position, range: index(link.utf8Range.lowerBound)..<index(link.utf8Range.upperBound),
        utf16Range: link.utf16Range, utf8Range: link.utf8Range, target: link.target)
    }
    return FormattedText(uncheckedString: string, runs: runs, links: links)
  }
}
