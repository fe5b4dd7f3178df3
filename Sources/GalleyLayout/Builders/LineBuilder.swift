import GalleyMarkup
internal import GalleySupport

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
      let paragraph = placed.paragraph
      let range = line.text.utf8Range
      let location = paragraph.utf16Offset(range.lowerBound)
      let contentEnd = paragraph.contentEnd(of: range)
      var carets = CaretWalk(bytes: paragraph.bytes)
      var runs: [Layout.GlyphRun] = []
      runs.reserveCapacity(line.segments.count)
      for segment in line.segments {
        runs.append(run(of: segment, frame: frame, placed: placed, carets: &carets))
      }
      return Layout.Line(
        location: location, length: paragraph.utf16Offset(range.upperBound) - location,
        visibleLength: paragraph.utf16Offset(contentEnd) - location,
        ligatureCarets: carets.finish(line: line, contentEnd: contentEnd, paragraph),
        x: points(frame.x), y: points(frame.top), width: points(line.width),
        height: points(frame.height), baseline: points(frame.baseline),
        breakReason: line.text.reason, runs: runs,
        direction: line.isRightToLeft ? .rightToLeft : .leftToRight)
    }
  }

  /// A segment as a glyph run.
  private static func run(
    of segment: LineSegment, frame: LineFrame, placed: PlacedText, carets: inout CaretWalk
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
      glyphs: positioned(
        segment, frame: frame, raisedBy: placed.drawingOffset(of: segment), placed.paragraph,
        carets: &carets),
      level: Int(segment.level))
  }

  /// A segment's glyphs in points, on a line placed at `frame`; each glyph's cluster goes
  /// to `carets` on the way.
  private static func positioned(
    _ segment: LineSegment, frame: LineFrame, raisedBy raise: Int64, _ paragraph: Paragraph,
    carets: inout CaretWalk
  ) -> [Layout.PositionedGlyph] {
    var pen = frame.x + segment.start
    let y = frame.baseline - segment.shift - raise
    return segment.glyphs.map { glyph in
      defer { pen += Int64(glyph.xAdvance) }
      carets.visit(glyph.cluster)
      return Layout.PositionedGlyph(
        id: glyph.glyph, x: points(pen + Int64(glyph.xOffset)),
        y: points(y - Int64(glyph.yOffset)), advance: points(Int64(glyph.xAdvance)),
        cluster: paragraph.utf16Offset(glyph.cluster))
    }
  }
}

/// Finds a line's ligature carets, the grapheme starts inside its glyph clusters (UTF-16,
/// increasing), from the clusters the line builder visits anyway.
///
/// A cluster runs from its start to the next cluster's start in text order; the last ends at
/// the line's content end. Only a cluster longer than one scalar can hold several graphemes,
/// so a one-byte step between clusters costs one comparison and Latin text without ligatures
/// never reaches the grapheme rules. Clusters out of text order (a right-to-left run) are
/// sorted at the end instead.
private struct CaretWalk {
  /// The paragraph's UTF-8 bytes, for the length of a cluster's first scalar.
  let bytes: [UInt8]
  private var previous = -1
  private var isInTextOrder = true
  /// Clusters longer than their first scalar, in text order: where carets may be.
  private var wide: [Range<Int>] = []

  /// Starts a walk over one line.
  ///
  /// - Parameter bytes: The paragraph's UTF-8 bytes.
  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Takes the next glyph's cluster, in the line's glyph order.
  @inline(__always)
  mutating func visit(_ cluster: Int) {
    if cluster > previous {
      if previous >= 0, cluster - previous > 1,
        cluster - previous > UTF8Decoding.length(ofScalarStartingWith: bytes[previous])
      {
        wide.append(previous..<cluster)
      }
      previous = cluster
    } else if cluster < previous {
      isInTextOrder = false
    }
  }

  /// The carets, once every glyph of `line` was visited.
  mutating func finish(line: AssembledLine, contentEnd: Int, _ paragraph: Paragraph) -> [Int] {
    guard isInTextOrder else { return Self.sortedCarets(of: line, contentEnd, paragraph) }
    var carets: [Int] = []
    for cluster in wide { Self.appendCarets(inside: cluster, paragraph, to: &carets) }
    if previous >= 0 {
      Self.appendCarets(inside: previous..<max(contentEnd, previous + 1), paragraph, to: &carets)
    }
    return carets
  }

  /// The carets of a line whose clusters are out of text order (a line with right-to-left
  /// runs): each segment's clusters are monotonic, so each is walked in text order on its
  /// own, a cluster ending where the next one of its segment starts or where the segment's
  /// text ends; only the carets found, usually none, are sorted.
  private static func sortedCarets(
    of line: AssembledLine, _ contentEnd: Int, _ paragraph: Paragraph
  ) -> [Int] {
    var carets: [Int] = []
    for segment in line.segments {
      let glyphs = segment.glyphs
      guard let first = glyphs.first, let last = glyphs.last else { continue }
      let isReversed = first.cluster > last.cluster
      let segmentEnd = min(segment.sourceRange.upperBound, max(contentEnd, first.cluster + 1))
      var index = isReversed ? glyphs.endIndex - 1 : glyphs.startIndex
      let step = isReversed ? -1 : 1
      while glyphs.indices.contains(index) {
        let start = glyphs[index].cluster
        while glyphs.indices.contains(index), glyphs[index].cluster == start { index += step }
        let end =
          glyphs.indices.contains(index) ? glyphs[index].cluster : max(segmentEnd, start + 1)
        appendCarets(inside: start..<end, paragraph, to: &carets)
      }
    }
    carets.sort()
    return carets
  }

  /// Appends the grapheme starts inside one cluster: none unless it holds more than one
  /// scalar.
  private static func appendCarets(
    inside cluster: Range<Int>, _ paragraph: Paragraph, to carets: inout [Int]
  ) {
    guard cluster.count > paragraph.scalarLength(at: cluster.lowerBound) else { return }
    carets += paragraph.innerGraphemeBoundaries(of: cluster)
  }
}
