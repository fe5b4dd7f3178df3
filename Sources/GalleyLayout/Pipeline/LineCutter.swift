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
  /// The token's width by the attributes it continues: cuts measured again reuse it.
  private var tokenWidths: [TextAttributes: Int64] = [:]
  /// The measured ends of the text, by where their window starts.
  private var suffixes: [Int: AssembledText] = [:]

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
  ///
  /// The token's width depends on the text it stands next to, which depends on the cut: the
  /// first cut measures it next to the line's paragraph end (the text's end for head
  /// truncation), and the cut is measured again, up to twice, while that changes its
  /// attributes.
  mutating func cut() throws(LayoutError) -> Range<Int> {
    var adjacent = options.truncationMode == .head ? text.string.utf8.count : paragraphEnd
    var result = 0..<0
    for _ in 0..<3 {
      result = try cut(budget: available - narrowing - tokenWidth(next: adjacent))
      let next = options.truncationMode == .head ? result.upperBound : result.lowerBound
      if attributes(next: next) == attributes(next: adjacent) { break }
      adjacent = next
    }
    return result
  }

  /// The cut that leaves `budget` (26.6) for the text beside the token.
  private mutating func cut(budget: Int64) throws(LayoutError) -> Range<Int> {
    let count = text.string.utf8.count
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

  /// A narrower cut for a line that came out `overflow` wider than its room, or `nil` when
  /// no narrower cut exists.
  ///
  /// The room shrinks by the overflow, then by twice as much, and so on, until the cut
  /// changes: the overflow can be smaller than the grapheme that must go.
  mutating func cut(narrowerBy overflow: Int64) throws(LayoutError) -> Range<Int>? {
    let current = try cut()
    var step = max(overflow, 1)
    while narrowing < available {
      narrowing += step
      step *= 2
      let tighter = try cut()
      if tighter != current { return tighter }
    }
    return nil
  }

  /// The token for a cut, formatted next to the text it follows (or, for head truncation,
  /// the text it precedes).
  func token(at cut: Range<Int>) throws(LayoutError) -> FormattedText {
    try token(next: options.truncationMode == .head ? cut.upperBound : cut.lowerBound)
  }

  /// The token formatted with the attributes of the text before `offset` (after it for head
  /// truncation, or when nothing is before).
  private func token(next offset: Int) throws(LayoutError) -> FormattedText {
    let token = try options.truncationToken.formatted(continuing: attributes(next: offset))
    if let problem = LayoutOptions.TruncationToken.problem(in: token.string) {
      throw LayoutError(.invalidOptions, "the truncation token \(problem)")
    }
    return token
  }

  /// The attributes of the text before `offset` (after it for head truncation, or when
  /// nothing is before).
  private func attributes(next offset: Int) -> TextAttributes {
    let runs = text.runs
    let follows = options.truncationMode != .head
    let probe = min(max(follows ? offset - 1 : offset, 0), text.string.utf8.count - 1)
    let position = runs.partitioningIndex { $0.utf8Range.upperBound > probe }
    return runs.indices.contains(position) ? runs[position].attributes : TextAttributes()
  }

  /// The width (26.6) of the token next to `offset`, as one line.
  private mutating func tokenWidth(next offset: Int) throws(LayoutError) -> Int64 {
    let attributes = attributes(next: offset)
    if let known = tokenWidths[attributes] { return known }
    let token = try options.truncationToken.formatted(continuing: attributes)
    let width = try truncator.engine.assemble(token, options: Self.measuring(options)).lines
      .reduce(0) { $0 + $1.width }
    tokenWidths[attributes] = width
    return width
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
  private mutating func suffixStart(budget: Int64) throws(LayoutError) -> Int {
    let count = text.string.utf8.count
    guard budget > 0 else { return count }
    var size = 4096
    while true {
      let from = max(lineStart, truncator.scalarBoundary(atOrAfter: max(0, count - size)))
      let assembled = try suffix(from: from)
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

  /// The text from `from` on, assembled as unlimited lines (measured once per `from`).
  private mutating func suffix(from: Int) throws(LayoutError) -> AssembledText {
    if let known = suffixes[from] { return known }
    let part = from == 0 ? text : text.removing(utf8Range: 0..<from)
    let assembled = try truncator.engine.assemble(part, options: Self.measuring(options))
    suffixes[from] = assembled
    return assembled
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
