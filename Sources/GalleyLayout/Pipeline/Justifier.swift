/// Justification: stretches every line but each paragraph's last to the wrap width, at the
/// spaces inside it, or between its glyph clusters where it has none (as CSS's
/// `text-justify: auto` does for CJK).
///
/// Runs only for ``LayoutOptions/Alignment/justify`` with a width; otherwise the lines pass
/// through untouched. Line breaks do not change: a line that ended with a wrap or an emergency
/// split gets the space it lacks added to the advance of the last glyph (in visual order) of
/// each space cluster, or of each cluster but the last; later glyphs and segments move right,
/// and the line's width becomes the wrap width, so every builder agrees without knowing.
/// Input and output: ``AssembledLine``s, read next by ``LineStacker``.
struct Justifier {
  let paragraph: Paragraph
  let options: LayoutOptions

  /// Where extra space goes: the last glyph of one visible cluster.
  private struct Gap {
    /// The segment's index in its line.
    var segment: Int
    /// The glyph's index in the segment's glyphs.
    var glyph: Int
  }

  /// Justifies the lines when the options ask for it.
  ///
  /// - Parameter lines: The assembled lines.
  /// - Returns: The same lines, the justified ones stretched to the wrap width.
  func justify(_ lines: [AssembledLine]) -> [AssembledLine] {
    guard options.alignment == .justify, let width = options.wrapWidth else { return lines }
    return lines.map { line in
      // An indented line has the width its indent leaves (as in line breaking).
      let indent = options.indentation(ofLineAt: line.text.utf8Range.lowerBound, in: paragraph)
      return justified(line, to: width - indent)
    }
  }

  /// One line stretched (or, wider than `width`, shrunk) to `width`, or the line as it is:
  /// the last line of a paragraph, a line as wide, or one with a single visible cluster.
  ///
  /// Only `optimal` wrapping makes lines wider than the width, and only by what their spaces
  /// may give: a third of their advance. A wider line, or one without spaces, stays as it is.
  private func justified(_ line: AssembledLine, to width: Int64) -> AssembledLine {
    let reason = line.text.reason
    guard reason == .wrap || reason == .emergency, line.width != width else { return line }
    let gaps = gaps(of: line)
    guard !gaps.isEmpty else { return line }
    if line.width > width {
      let spaces = gaps.filter { isSpace($0, in: line) }
      let room = spaces.reduce(Int64(0)) { total, gap in
        total + Int64(line.segments[gap.segment].glyphs[gap.glyph].xAdvance)
      }
      guard spaces.count == gaps.count, (line.width - width) * 3 <= room else { return line }
    }
    return widened(line, at: gaps, by: width - line.width)
  }

  /// Whether a gap's glyph is a justification space's.
  private func isSpace(_ gap: Gap, in line: AssembledLine) -> Bool {
    paragraph.isJustificationSpace(at: line.segments[gap.segment].glyphs[gap.glyph].cluster)
  }

  /// Where a line's extra space goes, in visual order: after each space cluster strictly
  /// inside its visible part (leading spaces and hanging trailing ones excluded), or, when it
  /// has none, after each visible cluster but the last.
  ///
  /// "Inside" is by character, between the line's first and last characters that are not
  /// spaces, whether or not those characters draw a glyph (a control character draws none):
  /// the spaces ``BreakCandidates/spaceAdvance(_:_:)`` lets `optimal` shrink.
  private func gaps(of line: AssembledLine) -> [Gap] {
    let visibleEnd = line.text.visibleEnd
    let (first, last) = paragraph.innerCharacters(of: line.text.utf8Range.lowerBound..<visibleEnd)
    var clusters: [(gap: Gap, isSpace: Bool)] = []
    // An inserted hyphen is no gap: nothing comes between it and its word.
    for (segmentIndex, segment) in line.segments.enumerated() where !segment.isInserted {
      var previous = -1
      for index in segment.glyphs.indices where segment.glyphs[index].cluster < visibleEnd {
        let cluster = segment.glyphs[index].cluster
        if cluster == previous, let last = clusters.indices.last {
          clusters[last].gap.glyph = index
        } else {
          let gap = Gap(segment: segmentIndex, glyph: index)
          clusters.append((gap, paragraph.isJustificationSpace(at: cluster)))
          previous = cluster
        }
      }
    }
    let spaces = clusters.filter { cluster in
      let offset = line.segments[cluster.gap.segment].glyphs[cluster.gap.glyph].cluster
      return cluster.isSpace && first < offset && offset < last
    }
    if !spaces.isEmpty { return spaces.map(\.gap) }
    guard let firstVisible = clusters.firstIndex(where: { !$0.isSpace }),
      let lastVisible = clusters.lastIndex(where: { !$0.isSpace })
    else { return [] }
    return clusters[firstVisible...lastVisible].dropLast().map(\.gap)
  }

  /// A line with `slack` (26.6, negative to shrink) spread over `gaps`: the same share at
  /// each, and the remainder one unit at a time to the first gaps, so the line ends exactly
  /// `slack` later.
  private func widened(_ line: AssembledLine, at gaps: [Gap], by slack: Int64) -> AssembledLine {
    // A negative slack (shrinking) spreads its magnitude the same way.
    let (magnitude, remainder) = abs(slack).quotientAndRemainder(dividingBy: Int64(gaps.count))
    let sign: Int64 = slack < 0 ? -1 : 1
    let share = magnitude * sign
    var line = line
    var shift: Int64 = 0
    var next = 0
    for segmentIndex in line.segments.indices {
      var segment = line.segments[segmentIndex]
      segment.start += shift
      if next < gaps.count, gaps[next].segment == segmentIndex {
        // Copied: the slice shares its glyphs with the shaped item.
        var glyphs = Array(segment.glyphs)
        let base = segment.glyphs.startIndex
        while next < gaps.count, gaps[next].segment == segmentIndex {
          let extra = share + (Int64(next) < remainder ? sign : 0)
          glyphs[gaps[next].glyph - base].xAdvance += Int32(extra)
          shift += extra
          next += 1
        }
        segment.glyphs = glyphs[...]
      }
      segment.end += shift
      line.segments[segmentIndex] = segment
    }
    line.width += slack
    return line
  }
}
