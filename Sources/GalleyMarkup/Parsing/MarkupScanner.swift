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
  /// The formatter's color table.
  ///
  /// The scanner keeps only the parts of the formatter it reads (this and the family table),
  /// so that starting a scan does not copy the whole formatter.
  let colors: [TextColor]
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
  var families: FamilyTable
  var featureLists = FeatureTable()
  var variationLists = VariationTable()
  var languages = LanguageTable()
  private var defaults: ScanAttributes
  var current: ScanAttributes
  var attributesChanged = true
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
    self.colors = formatter.colors
    self.isLenient = isLenient
    self.startsFromBase = base != nil
    var families = formatter.familyTable
    if let base {
      self.defaults = ScanAttributes(
        family: families.intern(base.family), size: base.size, weight: base.weight,
        isItalic: base.isItalic, color: base.color, background: base.background,
        underline: base.underline, isStruckThrough: base.isStruckThrough,
        characterSpacing: base.characterSpacing, baselineShift: base.baselineShift,
        features: featureLists.intern(base.features) ?? 0,
        variations: variationLists.intern(base.variations) ?? 0,
        language: languages.intern(base.language), hyphens: base.hyphens)
    } else {
      self.defaults = ScanAttributes(
        family: families.defaultID, size: formatter.defaultSize, weight: formatter.defaultWeight,
        isItalic: formatter.defaultItalic, color: formatter.defaultColor,
        background: formatter.defaultBackground)
    }
    self.families = families
    self.current = defaults
  }

  mutating func scan(_ markup: String) throws(MarkupError) -> FormattedText {
    var markup = markup
    let result: Result<FormattedText, MarkupError> = markup.withUTF8 { bytes in
      // The text is never longer than the markup: every output byte is a markup byte. The
      // copier may store a few bytes past the text (see `TextCopier.slack`).
      withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: bytes.count + TextCopier.slack
      ) { scratch in
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
      let (end, utf16) = TextCopier.copyText(
        input, from: position, to: output.baseAddress.unsafelyUnwrapped + outputCount)
      if end > position { commitText(utf8Count: end &- position, utf16Count: utf16) }
      if end == count { break }
      let next = end &+ 1
      if next < count, applySwitch(input[next]) {
        position = next &+ 1
      } else {
        position = try scanCode(input, at: end)
      }
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
  private mutating func appendText(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    let text = UnsafeBufferPointer(rebasing: input[range])
    _ = UnsafeMutableBufferPointer(rebasing: output[outputCount..<outputCount + text.count])
      .initialize(fromContentsOf: text)
    commitText(utf8Count: text.count, utf16Count: UTF16Counter.utf16Count(text))
  }

  /// Counts text already copied to the end of the output, opening a run first if the
  /// attributes have changed.
  ///
  /// - Parameters:
  ///   - utf8Count: The bytes copied, at least one.
  ///   - utf16Count: Their UTF-16 length.
  @inline(__always)
  private mutating func commitText(utf8Count: Int, utf16Count: Int) {
    if attributesChanged { openRun() }
    outputCount &+= utf8Count
    outputUTF16 &+= utf16Count
  }

  /// Opens a run at the end of the output, unless the last run has the current attributes.
  private mutating func openRun() {
    let last = pendingRuns.count - 1
    if last < 0 || pendingRuns[last].attributes != current {
      pendingRuns.append(
        PendingRun(utf8Start: outputCount, utf16Start: outputUTF16, attributes: current))
    }
    attributesChanged = false
  }

  /// Reads the code whose `%` is at `start`, applies it, and returns the position after it.
  @inline(__always)
  private mutating func scanCode(
    _ input: UnsafeBufferPointer<UInt8>, at start: Int
  ) throws(MarkupError) -> Int {
    let code = CodeToken.read(input, at: start)
    guard case .code(let letter) = code.shape else { return try scanOtherCode(code, input) }
    try apply(letter, code, input)
    return code.end
  }

  /// Handles a `%%` or a malformed code and returns the position after it.
  private mutating func scanOtherCode(
    _ code: CodeToken, _ input: UnsafeBufferPointer<UInt8>
  ) throws(MarkupError) -> Int {
    switch code.shape {
    case .dangling:
      let quoted = code.quoted(input)
      let hint = quoted == "%" ? "; write %% for a percent sign" : ""
      try report(code, input, .danglingPercent, "'\(quoted)' at the end of the markup\(hint)")
      return input.count
    case .literalPercent:
      appendText(input, code.start + 1..<code.start + 2)
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
    case .code(let letter):  // not reached from `scanCode`, which applies letters itself
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
    case UInt8(ascii: "O"): try applyFeatures(code, input)
    case UInt8(ascii: "V"): try applyVariations(code, input)
    case UInt8(ascii: "G"): try applyLanguage(code, input)
    case UInt8(ascii: "H"): try applyHyphens(code, input)
    case UInt8(ascii: "f"), UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "u"),
      UInt8(ascii: "w"), UInt8(ascii: "s"), UInt8(ascii: "k"), UInt8(ascii: "r"),
      UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "I"), UInt8(ascii: "i"),
      UInt8(ascii: "X"), UInt8(ascii: "x"), UInt8(ascii: "N"), UInt8(ascii: "l"),
      UInt8(ascii: "o"), UInt8(ascii: "v"), UInt8(ascii: "g"), UInt8(ascii: "h"):
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
    if code.hasArgument {
      try report(code, input, .unexpectedArgument, "'\(code.quoted(input))' takes no argument")
    }
    if !applySwitch(letter) {  // only `%l` with no open link is left
      try report(code, input, .unopenedLink, "'%l' with no open link")
    }
  }

  /// Applies a code that takes no argument, if `letter` names one and it can apply.
  ///
  /// The scan loop calls this first for every `%` followed by an ASCII letter, so the most
  /// common codes need no ``CodeToken``.
  ///
  /// - Parameter letter: The byte after the `%`.
  /// - Returns: `false`, changing nothing, when `letter` is not such a code, or is `l` with no
  ///   open link.
  @inline(__always)
  private mutating func applySwitch(_ letter: UInt8) -> Bool {
    switch letter {
    case UInt8(ascii: "f"): current.family = defaults.family
    case UInt8(ascii: "c"): current.color = defaults.color
    case UInt8(ascii: "d"): current.background = defaults.background
    case UInt8(ascii: "u"): current.underline = .none
    case UInt8(ascii: "w"): current.weight = defaults.weight
    case UInt8(ascii: "s"): current.size = defaults.size
    case UInt8(ascii: "k"): current.characterSpacing = 0
    case UInt8(ascii: "r"): current.baselineShift = 0
    case UInt8(ascii: "o"): current.features = defaults.features
    case UInt8(ascii: "v"): current.variations = defaults.variations
    case UInt8(ascii: "g"): current.language = defaults.language
    case UInt8(ascii: "h"): current.hyphens = defaults.hyphens
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
    case UInt8(ascii: "l"):
      guard openLink != nil else { return false }
      closeLink()
    default:
      return false
    }
    attributesChanged = true
    return true
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

  // MARK: Problems

  /// Throws in strict mode; records a warning and returns in lenient mode.
  mutating func report(
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
    // Without a base, `defaults` holds the formatter's defaults as they were given.
    let size = defaults.size
    if !(size > 0 && size <= MarkupFormatter.maximumSize) {
      try report(
        .sizeOutOfRange, at: start, length: 0,
        "the default size \(Self.describe(size)) is not in 0<…≤\(Self.describe(MarkupFormatter.maximumSize))"
      )
      current.size = 17
      defaults.size = 17
    }
    let weight = defaults.weight
    if !FontWeight.isValid(weight) {
      try report(
        .weightOutOfRange, at: start, length: 0,
        "the default weight \(weight) is neither a ladder step in -3...3 nor a CSS weight in 100...1000"
      )
      current.weight = FontWeight.clamped(weight)
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
  static func text(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let text = String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(text[first...last])
  }
}
