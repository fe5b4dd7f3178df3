import GalleyMarkup

/// Builds the layout's lines: each line's box and its glyph runs, in points and UTF-16.
///
/// A run is one segment: its font, color, link and source range, and its glyphs placed at the
/// line's frame. The line also records the text it shows (``Layout/Line/visibleLength``) and
/// where ligatures hold several graphemes (``Layout/Line/ligatureCarets``), so hit-testing
/// needs nothing but the layout.
enum LineBuilder {
  /// The lines, top to bottom.
  ///
  /// - Parameter placed: The placed lines.
  /// - Returns: The layout's lines.
  static func lines(of placed: PlacedText) -> [Layout.Line] {
    zip(placed.lines, placed.stack.frames).map { line, frame in
      let range = line.text.utf8Range
      let location = placed.paragraph.utf16Offset(range.lowerBound)
      let contentEnd = placed.paragraph.contentEnd(of: range)
      return Layout.Line(
        location: location, length: placed.paragraph.utf16Offset(range.upperBound) - location,
        visibleLength: placed.paragraph.utf16Offset(contentEnd) - location,
        ligatureCarets: ligatureCarets(of: line, contentEnd: contentEnd, in: placed.paragraph),
        x: points(frame.x), y: points(frame.top), width: points(line.width),
        height: points(frame.height), baseline: points(frame.baseline),
        breakReason: line.text.reason,
        runs: line.segments.map { run(of: $0, frame: frame, placed: placed) })
    }
  }

  /// A segment as a glyph run.
  private static func run(
    of segment: LineSegment, frame: LineFrame, placed: PlacedText
  ) -> Layout.GlyphRun {
    let item = placed.items[segment.itemIndex].item
    let attributes = placed.text.runs[item.runIndex].attributes
    let face = placed.faces[item.faceIndex]
    let font = Layout.FontReference(
      file: face.file, index: face.index, family: face.family, style: face.style,
      size: attributes.size, synthesizedItalic: item.synthesizedItalic,
      synthesizedBold: item.synthesizedBold)
    let source = placed.paragraph.utf16Range(segment.sourceRange)
    return Layout.GlyphRun(
      font: font, color: attributes.color, link: attributes.link, location: source.lowerBound,
      length: source.count,
      glyphs: positioned(segment, x: frame.x, baseline: frame.baseline, placed.paragraph))
  }

  /// A segment's glyphs in points, for a line placed at `x` with its baseline at `baseline`.
  private static func positioned(
    _ segment: LineSegment, x: Int64, baseline: Int64, _ paragraph: Paragraph
  ) -> [Layout.PositionedGlyph] {
    var pen = x + segment.start
    let y = baseline - segment.shift
    return segment.glyphs.map { glyph in
      defer { pen += Int64(glyph.xAdvance) }
      return Layout.PositionedGlyph(
        id: glyph.glyph, x: points(pen + Int64(glyph.xOffset)),
        y: points(y - Int64(glyph.yOffset)), advance: points(Int64(glyph.xAdvance)),
        cluster: paragraph.utf16Offset(glyph.cluster))
    }
  }

  /// The grapheme starts inside the line's glyph clusters (UTF-16, increasing).
  ///
  /// A cluster runs from its start to the next cluster's start in text order; the last ends
  /// at `contentEnd`. Only a cluster longer than one scalar can hold several graphemes, so
  /// Latin text without ligatures never reaches the grapheme rules. One pass, without
  /// allocating, when the clusters are in text order (no right-to-left run).
  private static func ligatureCarets(
    of line: AssembledLine, contentEnd: Int, in paragraph: Paragraph
  ) -> [Int] {
    var carets: [Int] = []
    func visit(_ start: Int, _ end: Int) { carets += caretsInside(start..<end, paragraph) }
    var previous = -1
    for segment in line.segments {
      for glyph in segment.glyphs where glyph.cluster != previous {
        guard glyph.cluster > previous else {
          return sortedCarets(of: line, contentEnd: contentEnd, in: paragraph)
        }
        if previous >= 0 { visit(previous, glyph.cluster) }
        previous = glyph.cluster
      }
    }
    if previous >= 0 { visit(previous, max(contentEnd, previous + 1)) }
    return carets
  }

  /// ``ligatureCarets(of:contentEnd:in:)`` for clusters out of text order: sorted first.
  private static func sortedCarets(
    of line: AssembledLine, contentEnd: Int, in paragraph: Paragraph
  ) -> [Int] {
    var clusters = line.segments.flatMap { $0.glyphs.map(\.cluster) }
    clusters.sort()
    var carets: [Int] = []
    var index = 0
    while index < clusters.count {
      let start = clusters[index]
      while index < clusters.count, clusters[index] == start { index += 1 }
      let end = index < clusters.count ? clusters[index] : max(contentEnd, start + 1)
      carets += caretsInside(start..<end, paragraph)
    }
    return carets
  }

  /// The grapheme starts inside one cluster: none unless it holds more than one scalar.
  @inline(__always)
  private static func caretsInside(_ cluster: Range<Int>, _ paragraph: Paragraph) -> [Int] {
    guard cluster.count > paragraph.scalarLength(at: cluster.lowerBound) else { return [] }
    return paragraph.innerGraphemeBoundaries(of: cluster)
  }
}
