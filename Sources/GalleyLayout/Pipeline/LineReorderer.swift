/// Bidi reordering of assembled lines (UAX #9 rules L1 and L2): each line's segments, cut
/// where their levels change, in visual order and placed again from the line's start.
///
/// Runs after line assembly, only for a text with bidi levels (``BidiLevels``); line breaking
/// happened in logical order before it, so widths do not change. Rule L1 gives the paragraph's
/// level to white space at the line's end and before tabs, so trailing spaces go to the end side
/// of the paragraph (the left of a right-to-left line), where they hang outside the line's
/// width; rule L2 (``VisualOrder``) then reverses runs from the highest level down. Input and
/// output: ``AssembledLine``s, whose segments read left to right.
struct LineReorderer {
  let paragraph: Paragraph
  let items: [ShapedItem]
  let levels: BidiLevels
  /// Whether the text has a tab or another segment separator (U+001F), which rule L1 resets
  /// with the white space before it.
  private let hasSegmentSeparators: Bool

  /// Prepares reordering for one layout.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - items: The shaped items.
  ///   - levels: The text's bidi levels.
  init(paragraph: Paragraph, items: [ShapedItem], levels: BidiLevels) {
    self.paragraph = paragraph
    self.items = items
    self.levels = levels
    hasSegmentSeparators = paragraph.containsTab || paragraph.bytes.contains(0x1F)
  }

  /// A line in visual order.
  ///
  /// - Parameter line: An assembled line, its segments in logical order.
  /// - Returns: The line with ``AssembledLine/isRightToLeft`` set and its segments (cut where
  ///   L1 changes a level) reordered and placed again; the same line when everything on it is
  ///   left to right.
  func reorder(_ line: AssembledLine) -> AssembledLine {
    let base = levels.paragraph(containing: line.text.utf8Range.lowerBound).baseLevel
    var line = line
    line.isRightToLeft = base & 1 == 1
    if base == 0, line.segments.allSatisfy({ $0.level == 0 }) { return line }
    let resets = resetRanges(of: line.text)
    var pieces: [LineSegment] = []
    pieces.reserveCapacity(line.segments.count + 1)
    for segment in line.segments {
      // An inserted hyphen has no text for rule L1 to reset: it keeps its item's level.
      if segment.isInserted {
        pieces.append(segment)
      } else {
        cut(segment, at: resets, baseLevel: base, into: &pieces)
      }
    }
    let order = visualOrder(of: pieces, on: line.text, resets: resets, baseLevel: base)
    return placed(order.map { pieces[$0] }, on: line)
  }

  /// Rule L2 over a line's pieces (in logical order): their indices in visual order.
  ///
  /// When the line holds the isolated range (``BidiLevels/isolate``, the truncation token), its
  /// initiator and PDI take part as they would if they were in the text, so the range moves as
  /// one neutral and keeps its inner order: at their resolved levels, or at the paragraph's
  /// where rule L1 resets them (before a tab). At the line's start or end, both take the
  /// paragraph's level, as if the line's edge were the paragraph's: the text beyond it is on
  /// another line (head truncation) or hidden (tail).
  private func visualOrder(
    of pieces: [LineSegment], on line: TextLine, resets: [Range<Int>], baseLevel: UInt8
  ) -> [Int] {
    guard let isolate = levels.isolate, line.utf8Range.lowerBound <= isolate.utf8Range.lowerBound,
      isolate.utf8Range.upperBound <= line.utf8Range.upperBound
    else { return VisualOrder.reorder(levels: pieces.map(\.level)) }
    let isAtEdge =
      isolate.utf8Range.lowerBound == line.utf8Range.lowerBound
      || isolate.utf8Range.upperBound == line.utf8Range.upperBound
    /// A piece's index, or -1 for a control.
    var entries: [Int] = []
    var entryLevels: [UInt8] = []
    entries.reserveCapacity(pieces.count + 2)
    entryLevels.reserveCapacity(pieces.count + 2)
    var controls = [
      (offset: isolate.utf8Range.lowerBound, level: isolate.openerLevel),
      (offset: isolate.utf8Range.upperBound, level: isolate.closerLevel),
    ][...]
    func addControls(before offset: Int) {
      while let control = controls.first, control.offset <= offset {
        let isReset = isAtEdge || resets.contains { $0.contains(control.offset) }
        entries.append(-1)
        entryLevels.append(isReset ? baseLevel : control.level)
        controls.removeFirst()
      }
    }
    for (index, piece) in pieces.enumerated() {
      addControls(before: piece.sourceRange.lowerBound)
      entries.append(index)
      entryLevels.append(piece.level)
    }
    addControls(before: .max)
    return VisualOrder.reorder(levels: entryLevels).compactMap {
      entries[$0] >= 0 ? entries[$0] : nil
    }
  }

  /// The ranges rule L1 gives the paragraph's level, in text order: white space (and isolate
  /// and embedding controls) at the line's end, with its break, and each tab or other segment
  /// separator with the white space before it.
  private func resetRanges(of line: TextLine) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    if hasSegmentSeparators {
      var offset = line.utf8Range.lowerBound
      while offset < line.utf8Range.upperBound {
        let length = paragraph.scalarLength(at: offset)
        if paragraph.bidiClass(at: offset) == .segmentSeparator {
          let start = whiteSpaceStart(before: offset, notBefore: line.utf8Range.lowerBound)
          ranges.append(start..<(offset + length))
        }
        offset += length
      }
    }
    let end = line.utf8Range.upperBound
    var start = end
    while start > line.utf8Range.lowerBound {
      let previous = paragraph.scalarStart(before: start)
      let kind = paragraph.bidiClass(at: previous)
      guard
        kind.isResetBeforeSeparators || kind == .segmentSeparator
          || kind == .paragraphSeparator
      else { break }
      start = previous
    }
    if start < end {
      // The line's end takes in every separator's range it reaches (several separators in a
      // row end the line): the ranges stay apart and in order.
      var lower = start
      while let last = ranges.last, last.upperBound >= start {
        lower = min(lower, last.lowerBound)
        ranges.removeLast()
      }
      ranges.append(lower..<end)
    }
    return ranges
  }

  /// Where the white space (and isolate controls) that ends at `offset` starts.
  private func whiteSpaceStart(before offset: Int, notBefore limit: Int) -> Int {
    var start = offset
    while start > limit {
      let previous = paragraph.scalarStart(before: start)
      guard paragraph.bidiClass(at: previous).isResetBeforeSeparators else { break }
      start = previous
    }
    return start
  }

  /// Appends a segment's parts: cut at the edges of the reset ranges, each part at its level.
  private func cut(
    _ segment: LineSegment, at resets: [Range<Int>], baseLevel: UInt8,
    into pieces: inout [LineSegment]
  ) {
    var bounds: [(range: Range<Int>, level: UInt8)] = []
    var start = segment.sourceRange.lowerBound
    for reset in resets where reset.overlaps(segment.sourceRange) {
      let clipped = reset.clamped(to: segment.sourceRange)
      if start < clipped.lowerBound { bounds.append((start..<clipped.lowerBound, segment.level)) }
      bounds.append((clipped, baseLevel))
      start = clipped.upperBound
    }
    if start < segment.sourceRange.upperBound {
      bounds.append((start..<segment.sourceRange.upperBound, segment.level))
    }
    for bound in bounds {
      var piece = segment
      piece.sourceRange = bound.range
      piece.level = bound.level
      if bounds.count > 1 {
        // A segment's clusters are monotonic (reversed in a right-to-left one), so a range's
        // glyphs are contiguous.
        let first = segment.glyphs.firstIndex { bound.range.contains($0.cluster) }
        let last = segment.glyphs.lastIndex { bound.range.contains($0.cluster) }
        if let first, let last {
          piece.glyphs = segment.glyphs[first...last]
        } else {
          piece.glyphs = segment.glyphs[segment.glyphs.startIndex..<segment.glyphs.startIndex]
        }
      }
      // White space that L1 moved to the other direction reads in that direction.
      if bound.level & 1 != segment.level & 1 {
        piece.glyphs = ArraySlice(piece.glyphs.reversed())
      }
      pieces.append(piece)
    }
  }

  /// The segments, in visual order, placed one after the other so that the visible content
  /// starts at 0; white space that hangs past the line's end side gets negative positions in a
  /// right-to-left line.
  private func placed(_ segments: [LineSegment], on line: AssembledLine) -> AssembledLine {
    var line = line
    let visibleEnd = line.text.visibleEnd
    var pen: Int64 = 0
    var minimum = Int64.max
    var maximum = Int64.min
    line.segments = segments
    for index in line.segments.indices {
      line.segments[index].start = pen
      for glyph in line.segments[index].glyphs {
        if glyph.cluster < visibleEnd {
          minimum = min(minimum, pen)
          maximum = max(maximum, pen + Int64(glyph.xAdvance))
        }
        pen += Int64(glyph.xAdvance)
      }
      line.segments[index].end = pen
    }
    let hasVisibleGlyphs = minimum <= maximum
    let origin = hasVisibleGlyphs ? minimum : (line.isRightToLeft ? pen : 0)
    for index in line.segments.indices {
      line.segments[index].start -= origin
      line.segments[index].end -= origin
    }
    line.width = hasVisibleGlyphs ? maximum - minimum : 0
    return line
  }
}
