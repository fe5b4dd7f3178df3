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
    let typographies = RunTypographies(placed)
    return zip(placed.lines, placed.stack.frames).map { line, frame in
      let paragraph = placed.paragraph
      let range = line.text.utf8Range
      let location = paragraph.utf16Offset(range.lowerBound)
      let contentEnd = paragraph.contentEnd(of: range)
      var carets = CaretWalk(bytes: paragraph.bytes)
      var runs: [Layout.GlyphRun] = []
      runs.reserveCapacity(line.segments.count)
      for segment in line.segments {
        guard !segment.isInserted else {
          runs.append(
            insertedRun(
              of: segment, frame: frame, placed: placed,
              typography: typographies[segment.itemIndex]))
          continue
        }
        runs.append(
          run(
            of: segment, frame: frame, placed: placed,
            typography: typographies[segment.itemIndex],
            carets: &carets))
        carets.endSegment(at: min(segment.sourceRange.upperBound, contentEnd))
      }
      return Layout.Line(
        location: location, length: paragraph.utf16Offset(range.upperBound) - location,
        visibleLength: paragraph.utf16Offset(contentEnd) - location,
        ligatureCarets: carets.finish(paragraph),
        x: points(frame.x), y: points(frame.top), width: points(line.width),
        height: points(frame.height), baseline: points(frame.baseline),
        breakReason: line.text.reason, runs: runs,
        direction: line.isRightToLeft ? .rightToLeft : .leftToRight,
        isHyphenated: line.text.isHyphenated)
    }
  }

  /// An inserted hyphen's run: at the break, with no text, its glyphs' clusters the break.
  private static func insertedRun(
    of segment: LineSegment, frame: LineFrame, placed: PlacedText, typography: RunTypography?
  ) -> Layout.GlyphRun {
    // The hyphen is in no ligature: its clusters do not go to the line's carets.
    var ignored = CaretWalk(bytes: placed.paragraph.bytes)
    var run = run(
      of: segment, frame: frame, placed: placed, typography: typography, carets: &ignored)
    run.isInserted = true
    for index in run.glyphs.indices { run.glyphs[index].cluster = run.location }
    return run
  }

  /// A segment as a glyph run, its font's features, coordinates and instance in `typography`.
  private static func run(
    of segment: LineSegment, frame: LineFrame, placed: PlacedText, typography: RunTypography?,
    carets: inout CaretWalk
  ) -> Layout.GlyphRun {
    let item = placed.items[segment.itemIndex].item
    let source = placed.paragraph.utf16Range(segment.sourceRange)
    let glyphs = positioned(
      segment, frame: frame, raisedBy: placed.drawingOffset(of: segment), placed.paragraph,
      carets: &carets)
    // Fields are read in place (a copy of a whole run or face costs a retain per field), and
    // the font is made in the call, so it moves into the run.
    let runIndex = item.runIndex
    let faceIndex = item.faceIndex
    return Layout.GlyphRun(
      font: Layout.FontReference(
        file: placed.faces[faceIndex].file, index: placed.faces[faceIndex].index,
        family: placed.faces[faceIndex].family, style: placed.faces[faceIndex].style,
        size: placed.text.runs[runIndex].attributes.size,
        synthesizedItalic: item.synthesizedItalic, synthesizedBold: item.synthesizedBold,
        typography: typography),
      color: placed.text.runs[runIndex].attributes.color,
      link: placed.text.runs[runIndex].attributes.link, location: source.lowerBound,
      length: source.count, glyphs: glyphs,
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
/// A segment's clusters come in text order or, in a right-to-left segment, in reverse; a
/// cluster runs from its start to the next cluster's start in text order, and the segment's
/// last ends at the segment's text end (or the line's content end, but never before the
/// cluster's first scalar ends). Only a cluster longer than one scalar can hold several
/// graphemes, so a one-byte step between clusters costs one comparison and text without
/// ligatures or marks never reaches the grapheme rules. Carets found out of text order (a line
/// with right-to-left runs) are sorted at the end; usually there are none.
private struct CaretWalk {
  /// The paragraph's UTF-8 bytes, for the length of a cluster's first scalar.
  let bytes: [UInt8]
  /// The segment's last cluster visited, and its highest (the last in text order).
  private var previous = -1
  private var highest = -1
  /// The start of the last wide cluster found: carets out of order once one starts before.
  private var lastWideStart = -1
  private var isInTextOrder = true
  /// Clusters longer than their first scalar: where carets may be.
  private var wide: [Range<Int>] = []

  /// Starts a walk over one line.
  ///
  /// - Parameter bytes: The paragraph's UTF-8 bytes.
  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Takes the next glyph's cluster, in the segment's glyph order.
  @inline(__always)
  mutating func visit(_ cluster: Int) {
    guard cluster != previous else { return }
    if previous >= 0 {
      // Rising, the previous cluster ends here; falling, this one ends at the previous.
      let range = cluster > previous ? previous..<cluster : cluster..<previous
      note(range)
    }
    previous = cluster
    highest = max(highest, cluster)
  }

  /// Ends a segment whose text ends at `end`: its last cluster in text order ends there.
  mutating func endSegment(at end: Int) {
    if highest >= 0 { note(highest..<max(end, highest + 1)) }
    previous = -1
    highest = -1
  }

  /// Keeps `range` if it is longer than its first scalar.
  @inline(__always)
  private mutating func note(_ range: Range<Int>) {
    guard range.count > 1,
      range.count > UTF8Decoding.length(ofScalarStartingWith: bytes[range.lowerBound])
    else { return }
    if range.lowerBound < lastWideStart { isInTextOrder = false }
    lastWideStart = range.lowerBound
    wide.append(range)
  }

  /// The carets, once every segment of the line was walked: increasing, each once.
  ///
  /// Wide clusters found out of text order (right-to-left segments), or nested in one another
  /// (a control character among bidi runs), give carets out of order or twice: they are then
  /// sorted and made unique.
  func finish(_ paragraph: Paragraph) -> [Int] {
    var carets: [Int] = []
    for cluster in wide { carets += paragraph.innerGraphemeBoundaries(of: cluster) }
    if !isInTextOrder || zip(carets, carets.dropFirst()).contains(where: { $0 >= $1 }) {
      carets = Array(Set(carets)).sorted()
    }
    return carets
  }
}
