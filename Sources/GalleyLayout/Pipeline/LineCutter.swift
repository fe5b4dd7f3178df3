import GalleyMarkup
internal import GalleySupport

/// Step 2 of truncation: where the last visible line is cut so that its text and the token
/// fit the line's width.
///
/// The line's start is kept. Tail truncation keeps the longest start of the rest of its
/// paragraph; head truncation the longest end of the text's last paragraph; middle
/// truncation gives each half the room. Widths come from the line breaker's sums of advances
/// (the same the line breaking used), so measuring a candidate costs constant time without
/// tabs. The cut is a UTF-8 range of the text; the token replaces it.
struct LineCutter {
  private let truncator: Truncator
  private let window: Truncator.Window
  /// Where the last visible line starts (UTF-8).
  private let lineStart: Int
  /// Where that line's paragraph ends (its break excluded), or the window's end.
  private let paragraphEnd: Int
  /// The room on the last line, in 26.6 (its indent taken off).
  let available: Int64
  /// How much narrower than ``available`` the text and token aim to be: the overflow of
  /// earlier tries.
  private var narrowing: Int64 = 0

  private var text: FormattedText { truncator.text }
  private var options: LayoutOptions { truncator.options }

  init(truncator: Truncator, window: Truncator.Window) throws(LayoutError) {
    self.truncator = truncator
    self.window = window
    let lines = window.assembled.lines
    let paragraph = window.assembled.paragraph
    lineStart = lines[window.visible - 1].text.utf8Range.lowerBound
    let ending = lines[(window.visible - 1)...].first {
      $0.text.reason == .explicit || $0.text.reason == .end
    }
    paragraphEnd = ending.map { paragraph.contentEnd(of: $0.text.utf8Range) } ?? paragraph.count
    let indent = truncator.options.indentation(ofLineAt: lineStart, in: paragraph)
    available = truncator.options.wrapWidth.map { $0 - indent } ?? Int64.max / 4
  }

  /// The cut for the current room.
  mutating func cut() throws(LayoutError) -> Range<Int> {
    let count = text.string.utf8.count
    let adjacent = options.truncationMode == .head ? count : paragraphEnd
    let budget = available - narrowing - (try width(of: token(next: adjacent)))
    switch options.truncationMode {
    case .head:
      return lineStart..<max(lineStart, try suffixStart(budget: budget))
    case .middle:
      let end = prefixEnd(budget: budget / 2)
      let used = window.assembled.breaker.width(lineStart..<end)
      return end..<max(end, try suffixStart(budget: budget - used))
    case .tail, .clip:
      return prefixEnd(budget: budget)..<count
    }
  }

  /// A cut for a line that came out `overflow` wider than its room.
  mutating func cut(narrowerBy overflow: Int64) throws(LayoutError) -> Range<Int> {
    narrowing += overflow
    return try cut()
  }

  /// The token for a cut, formatted next to the text it follows (or, for head truncation,
  /// the text it precedes).
  func token(at cut: Range<Int>) throws(LayoutError) -> FormattedText {
    try token(next: options.truncationMode == .head ? cut.upperBound : cut.lowerBound)
  }

  /// The token formatted with the attributes of the text before `offset` (after it for head
  /// truncation, or when nothing is before).
  private func token(next offset: Int) throws(LayoutError) -> FormattedText {
    let runs = text.runs
    let follows = options.truncationMode != .head
    let probe = min(max(follows ? offset - 1 : offset, 0), text.string.utf8.count - 1)
    let position = runs.partitioningIndex { $0.utf8Range.upperBound > probe }
    let attributes = runs.indices.contains(position) ? runs[position].attributes : TextAttributes()
    let token = try options.truncationToken.formatted(continuing: attributes)
    if token.string.contains(where: \.isNewline) {
      throw LayoutError(.invalidOptions, "the truncation token may not hold a line break")
    }
    return token
  }

  /// The token's width as one line, in 26.6.
  private func width(of token: FormattedText) throws(LayoutError) -> Int64 {
    try truncator.engine.assemble(token, options: Self.measuring(options)).lines.reduce(0) {
      $0 + $1.width
    }
  }

  /// Options that lay text out as unlimited lines with no indent, to measure it.
  static func measuring(_ options: LayoutOptions) -> LayoutOptions {
    var measuring = options
    measuring.width = nil
    measuring.height = nil
    measuring.maximumLines = 0
    measuring.indent = 0
    measuring.insets = .zero
    measuring.alignment = .left
    return measuring
  }

  /// The end of the longest start of the rest of the line's paragraph that fits `budget`,
  /// white space before the token dropped.
  private func prefixEnd(budget: Int64) -> Int {
    let paragraph = window.assembled.paragraph
    let breaker = window.assembled.breaker
    var best = lineStart
    guard budget > 0 else { return best }
    paragraph.forEachGraphemeBoundary(after: lineStart, upTo: paragraphEnd) { boundary in
      guard boundary <= paragraphEnd else { return false }
      let end = paragraph.visibleEnd(of: lineStart..<boundary)
      guard breaker.width(lineStart..<end) <= budget else { return false }
      best = end
      return true
    }
    return best
  }

  /// The start of the longest end of the text's last paragraph (not before the line) that
  /// fits `budget`, white space after the token dropped; measured on a window of the text's
  /// end that grows four times while all of it fits.
  private func suffixStart(budget: Int64) throws(LayoutError) -> Int {
    let count = text.string.utf8.count
    guard budget > 0 else { return count }
    var size = 4096
    while true {
      let from = max(lineStart, truncator.scalarBoundary(atOrAfter: max(0, count - size)))
      let part =
        from == 0 ? text : text.replacing(utf8Range: 0..<from, with: FormattedText(plain: ""))
      let assembled = try truncator.engine.assemble(part, options: Self.measuring(options))
      guard let tail = assembled.lines.last?.text, tail.reason != .explicit else { return count }
      let (start, whole) = Self.firstFitting(tail, budget: budget, in: assembled)
      // A window cut short by its size, all of which fits, may show more.
      if whole, tail.utf8Range.lowerBound == 0, from > lineStart, size < count {
        size *= 4
        continue
      }
      return from + start
    }
  }

  /// The first grapheme boundary of a line, spaces after it skipped, from which the rest of
  /// the line fits `budget` (the line's visible end when none does), and whether that is the
  /// whole line.
  private static func firstFitting(
    _ line: TextLine, budget: Int64, in assembled: AssembledText
  ) -> (start: Int, whole: Bool) {
    let paragraph = assembled.paragraph
    let end = line.visibleEnd
    let first = paragraph.visibleStart(of: line.utf8Range.lowerBound..<end)
    if assembled.breaker.width(first..<end) <= budget { return (first, true) }
    var found = end
    paragraph.forEachGraphemeBoundary(after: line.utf8Range.lowerBound, upTo: end) { boundary in
      guard boundary < end else { return false }
      let start = paragraph.visibleStart(of: boundary..<end)
      guard assembled.breaker.width(start..<end) > budget else {
        found = start
        return false
      }
      return true
    }
    return (found, false)
  }
}
