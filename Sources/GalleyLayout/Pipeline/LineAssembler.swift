import GalleyMarkup
internal import GalleySupport

/// Line assembly: cuts each line's part out of the shaped items, as segments placed one after
/// the other from the line's start.
///
/// Where a line edge falls on a glyph HarfBuzz marks unsafe to break, that part of the item is
/// shaped again alone (through `reshape`). Right-to-left items' glyphs are reversed into
/// left-to-right order here; ``LineReorderer`` then puts the segments of a line with bidi levels
/// in visual order. Input: ``TextLine``s and ``ShapedItem``s; output: ``AssembledLine``s.
struct LineAssembler {
  let paragraph: Paragraph
  let text: FormattedText
  let items: [ShapedItem]
  /// Where tabs advance to.
  var tabStops = TabStops(points: [])
  /// The hyphen a hyphenated line ends with.
  var hyphens = LineHyphens.none

  /// Assembles every line; linear in the glyphs, as lines and items are both in text order.
  ///
  /// - Parameters:
  ///   - lines: The lines, in order.
  ///   - reshape: Shapes a range of an item again.
  /// - Returns: One assembled line per line.
  func assemble(
    _ lines: [TextLine], reshape: (ShapedItem, Range<Int>) -> ShapedItem
  ) -> [AssembledLine] {
    var assembled: [AssembledLine] = []
    assembled.reserveCapacity(lines.count)
    var firstItem = 0
    for line in lines {
      while firstItem < items.count,
        items[firstItem].item.utf8Range.upperBound <= line.utf8Range.lowerBound
      {
        firstItem += 1
      }
      assembled.append(assemble(line, from: firstItem, reshape: reshape))
    }
    return assembled
  }

  /// The width of one line as ``assemble(_:reshape:)`` makes it, for the line breaker to
  /// measure a line whose edge is unsafe to break.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - reshape: Shapes a range of an item again.
  /// - Returns: Its width (26.6).
  func width(of line: TextLine, reshape: (ShapedItem, Range<Int>) -> ShapedItem) -> Int64 {
    let first = items.partitioningIndex { $0.item.utf8Range.upperBound > line.utf8Range.lowerBound }
    return assemble(line, from: first, reshape: reshape).width
  }

  /// One line's segments, from the first item that reaches into it.
  private func assemble(
    _ line: TextLine, from firstItem: Int, reshape: (ShapedItem, Range<Int>) -> ShapedItem
  ) -> AssembledLine {
    var segments: [LineSegment] = []
    var pen: Int64 = 0
    var width: Int64 = 0
    var itemIndex = firstItem
    while itemIndex < items.count,
      items[itemIndex].item.utf8Range.lowerBound < line.utf8Range.upperBound
    {
      defer { itemIndex += 1 }
      let shaped = items[itemIndex]
      let itemRange = shaped.item.utf8Range
      let part = itemRange.clamped(to: line.utf8Range)
      guard !part.isEmpty else { continue }
      var glyphs = glyphs(of: shaped, in: part, reshape: reshape)
      // Line breaks are not drawn; they end their line (so come first when reversed).
      while let last = glyphs.last, paragraph.lineBreakLength(at: last.cluster) > 0 {
        glyphs.removeLast()
      }
      while let first = glyphs.first, paragraph.lineBreakLength(at: first.cluster) > 0 {
        glyphs.removeFirst()
      }
      let start = pen
      if paragraph.containsTab {
        glyphs = settlingTabs(
          of: glyphs, from: pen, font: shaped.font, isReversed: shaped.isRightToLeft)
      }
      for glyph in glyphs {
        pen += Int64(glyph.xAdvance)
        if glyph.cluster < line.visibleEnd { width = max(width, pen) }
      }
      let shift = (text.runs[shaped.item.runIndex].attributes.baselineShift * 64).rounded()
      segments.append(
        LineSegment(
          itemIndex: itemIndex, sourceRange: part, glyphs: glyphs, start: start, end: pen,
          shift: Int64(shift), level: shaped.item.level))
    }
    if line.isHyphenated, let hyphen = hyphen(of: line, from: pen) {
      segments.append(hyphen)
      pen = hyphen.end
      width = max(width, pen)
    }
    return AssembledLine(text: line, segments: segments, width: width)
  }

  /// A hyphenated line's hyphen, placed from `pen`: a segment of its own, in the item of the
  /// character before the break, whose source range is empty at the break.
  private func hyphen(of line: TextLine, from pen: Int64) -> LineSegment? {
    let cut = line.utf8Range.upperBound
    let hyphen = hyphens.glyphs(cut)
    guard !hyphen.glyphs.isEmpty else { return nil }
    let shaped = items[hyphen.item]
    var glyphs = hyphen.glyphs[...]
    if shaped.isRightToLeft { glyphs = ArraySlice(glyphs.reversed()) }
    let end = glyphs.reduce(pen) { $0 + Int64($1.xAdvance) }
    let shift = (text.runs[shaped.item.runIndex].attributes.baselineShift * 64).rounded()
    return LineSegment(
      itemIndex: hyphen.item, sourceRange: cut..<cut, glyphs: glyphs, start: pen, end: end,
      shift: Int64(shift), level: shaped.item.level, isInserted: true)
  }

  /// The glyphs with each tab's glyph given the advance to the next tab stop, and the font's
  /// blank space glyph (fonts draw a tab as a missing-glyph box).
  ///
  /// Stops are found in text order, as line breaking measured them, also when the glyphs of a
  /// right-to-left item are reversed (`isReversed`).
  private func settlingTabs(
    of glyphs: ArraySlice<ShapedGlyph>, from start: Int64, font: ShapingFont, isReversed: Bool
  ) -> ArraySlice<ShapedGlyph> {
    var glyphs = glyphs
    var pen = start
    var settled: Int?
    let order = isReversed ? Array(glyphs.indices.reversed()) : Array(glyphs.indices)
    for index in order {
      let cluster = glyphs[index].cluster
      if paragraph.bytes[cluster] == 0x09, settled == cluster {
        // Marks after a tab join its cluster: the tab's advance already reaches the stop, as
        // line breaking measured the whole cluster.
        glyphs[index].xAdvance = 0
      } else if paragraph.bytes[cluster] == 0x09 {
        settled = cluster
        let stop = tabStops.next(after: pen, interval: TabStops.interval(in: font))
        glyphs[index].glyph = font.space.glyph
        glyphs[index].xAdvance = Int32(clamping: stop - pen)
        glyphs[index].xOffset = 0
        glyphs[index].yOffset = 0
      }
      pen += Int64(glyphs[index].xAdvance)
    }
    return glyphs
  }

  /// The glyphs of `part` of an item, left to right: a slice of the item's glyphs, copied only
  /// when re-shaped or reversed.
  private func glyphs(
    of shaped: ShapedItem, in part: Range<Int>, reshape: (ShapedItem, Range<Int>) -> ShapedItem
  ) -> ArraySlice<ShapedGlyph> {
    let itemRange = shaped.item.utf8Range
    let first = shaped.firstGlyph(atOrAfter: part.lowerBound)
    let last = shaped.firstGlyph(atOrAfter: part.upperBound)
    let cutsStart =
      part.lowerBound > itemRange.lowerBound && first < shaped.glyphs.count
      && shaped.glyphs[first].isUnsafeToBreak
    let cutsEnd =
      part.upperBound < itemRange.upperBound && last < shaped.glyphs.count
      && shaped.glyphs[last].isUnsafeToBreak
    var glyphs: ArraySlice<ShapedGlyph>
    if cutsStart || cutsEnd {
      glyphs = reshape(shaped, part).glyphs[...]
    } else {
      glyphs = shaped.glyphs[first..<last]
    }
    if shaped.isRightToLeft { glyphs = ArraySlice(glyphs.reversed()) }
    return glyphs
  }
}
