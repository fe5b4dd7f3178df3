/// Greedy line filling over break opportunities, on prefix sums of cluster advances, so each
/// opportunity is looked at a bounded number of times: linear in the text's length.
///
/// Input: the shaped items' advances and the ``BreakOpportunities``; output: one ``TextLine``
/// per line.
struct LineBreaker {
  /// `advance[i]` is the total advance (26.6) of the glyphs of clusters before UTF-8 offset i.
  private var prefix: [Int64]
  private let paragraph: Paragraph

  /// Sums the items' advances per offset.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - items: The shaped items.
  init(paragraph: Paragraph, items: [ShapedItem]) {
    self.paragraph = paragraph
    let count = paragraph.count
    var perOffset = [Int64](repeating: 0, count: count + 1)
    for item in items {
      for glyph in item.glyphs { perOffset[glyph.cluster] += Int64(glyph.xAdvance) }
    }
    var running: Int64 = 0
    for index in 0...count {
      let advance = perOffset[index]
      perOffset[index] = running
      running += advance
    }
    prefix = perOffset
  }

  /// The width of the clusters in `range`.
  func width(_ range: Range<Int>) -> Int64 { prefix[range.upperBound] - prefix[range.lowerBound] }

  /// Breaks the text into lines.
  ///
  /// - Parameters:
  ///   - breaks: The break opportunities.
  ///   - maximumWidth: The line width in 26.6, or `nil` for mandatory breaks only.
  ///   - indentation: How much narrower (26.6) a paragraph's first line is, and its other
  ///     lines (see ``LayoutOptions/indent``).
  /// - Returns: The lines, in order, covering the whole text.
  func lines(
    breaks: BreakOpportunities, maximumWidth: Int64?,
    indentation: (first: Int64, other: Int64) = (0, 0)
  ) -> [TextLine] {
    var lines: [TextLine] = []
    let count = paragraph.count
    guard count > 0 else { return lines }
    /// The width left for a line that starts at `start`.
    func limit(_ start: Int) -> Int64? {
      maximumWidth.map {
        $0 - (paragraph.startsParagraph(at: start) ? indentation.first : indentation.other)
      }
    }
    var start = 0
    var lastFit: Int?
    var position = 0
    while position < breaks.offsets.count {
      let offset = breaks.offsets[position]
      let isMandatory = breaks.isMandatory[position]
      // An emergency split can move the start onto or past an opportunity: lines are never
      // empty.
      if offset <= start {
        position += 1
        continue
      }
      let end = paragraph.visibleEnd(of: start..<offset)
      let fits = limit(start).map { width(start..<end) <= $0 } ?? true
      if fits {
        if isMandatory || offset == count {
          // ICU marks a break mandatory only after a line break character.
          lines.append(
            TextLine(
              utf8Range: start..<offset, visibleEnd: end, reason: isMandatory ? .explicit : .end))
          start = offset
          lastFit = nil
        } else {
          lastFit = offset
        }
        position += 1
        continue
      }
      if let fit = lastFit {
        lines.append(
          TextLine(
            utf8Range: start..<fit, visibleEnd: paragraph.visibleEnd(of: start..<fit), reason: .wrap
          ))
        start = fit
        lastFit = nil
        continue  // look at the same opportunity again from the new start
      }
      // One word is wider than the line: split it between grapheme clusters.
      guard let maximumWidth = limit(start) else { break }
      var split = emergencySplit(from: start, before: end, maximumWidth: maximumWidth)
      let visible = split
      // When the split reaches the word's end, its trailing spaces hang on the same line.
      if split >= end { split = offset }
      lines.append(TextLine(utf8Range: start..<split, visibleEnd: visible, reason: .emergency))
      start = split
    }
    if start < count {
      lines.append(
        TextLine(
          utf8Range: start..<count, visibleEnd: paragraph.visibleEnd(of: start..<count),
          reason: .end))
    }
    return lines
  }

  /// The largest grapheme boundary after `start`, up to `end`, whose prefix fits; at least
  /// one grapheme cluster, so that every line makes progress.
  private func emergencySplit(from start: Int, before end: Int, maximumWidth: Int64) -> Int {
    var best = start
    paragraph.forEachGraphemeBoundary(after: start, upTo: .max) { boundary in
      if best > start, boundary > end || width(start..<boundary) > maximumWidth { return false }
      best = boundary
      return true
    }
    return best
  }
}
