import GalleyMarkup
internal import GalleySupport

/// Answers "what is under this point?" from a ``Layout``'s own geometry: the same rectangles it
/// exports and a renderer draws, never a second layout.
///
/// Built once per layout (sorting each line's clusters and link rectangles by x), then each
/// query is two binary searches: the line by y, then the cluster or link rectangle by x.
///
/// ```swift
/// let hits = HitTester(layout: layout)
/// if let link = hits.link(atX: tap.x, y: tap.y, tolerance: 8) { open(text.links[link]) }
/// ```
public struct HitTester: Sendable {
  /// One grapheme cluster's box on a line, in points.
  struct CharacterBox: Sendable {
    var minX: Double
    var maxX: Double
    var location: Int  // UTF-16
    var end: Int  // UTF-16
    /// Whether the character reads right to left: its start is its right edge.
    var isRightToLeft: Bool
    /// Whether the box is an inserted hyphen's, at the break that ends its line: both its
    /// edges are the caret at the break on that line (upstream).
    var isInserted = false

    /// The caret at the box's left edge: before the character when it reads left to right,
    /// after it otherwise.
    var leftCaret: CaretPosition {
      if isInserted { return CaretPosition(index: location, affinity: .upstream) }
      return isRightToLeft
        ? CaretPosition(index: end, affinity: .upstream)
        : CaretPosition(index: location, affinity: .downstream)
    }

    /// The caret at the box's right edge.
    var rightCaret: CaretPosition {
      if isInserted { return CaretPosition(index: location, affinity: .upstream) }
      return isRightToLeft
        ? CaretPosition(index: location, affinity: .downstream)
        : CaretPosition(index: end, affinity: .upstream)
    }
  }

  struct LineBoxes: Sendable {
    var top: Double
    var bottom: Double
    var start: Int  // UTF-16, where the line starts
    var visibleEnd: Int  // UTF-16, caret position at the end of the visible text
    /// Grapheme boxes, left to right.
    var characters: [CharacterBox]
    /// Link rectangles on this line, left to right, with their link index.
    var links: [(rect: Layout.Rect, link: Int)]
    /// The x extent of the truncation token's glyphs on this line, or `nil` when it has none.
    var token: (minX: Double, maxX: Double)?
  }

  let lines: [LineBoxes]
  /// The glyph boxes after their transforms, when the layout's glyphs have some: every query
  /// first takes its point back through the transform of the glyph it is on.
  let transformed: TransformedBoxes?
  /// The layout, when its glyphs have transforms: ``quads(for:)`` cuts rectangles at its
  /// glyph boxes.
  private let transformedLayout: Layout?

  /// Prepares hit-testing for a layout.
  ///
  /// - Parameter layout: The layout, as ``LayoutEngine/layout(_:options:)`` made it (or as
  ///   decoded from its JSON form).
  public init(layout: Layout) {
    let hiddenEnd = layout.truncation.map { $0.location + $0.length }
    var lines = layout.lines.map { Self.boxes(of: $0, hiddenEnd: hiddenEnd) }
    for link in layout.links {
      for rect in link.rects {
        guard let position = Self.lineIndex(in: lines, y: rect.y + rect.height / 2) else {
          continue
        }
        lines[position].links.append((rect, link.index))
      }
    }
    for position in lines.indices { lines[position].links.sort { $0.rect.x < $1.rect.x } }
    self.lines = lines
    transformed = TransformedBoxes(layout)
    transformedLayout = transformed == nil ? nil : layout
  }

  /// Prepares hit-testing for a layout of `text`.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - text: The formatted text it was made from; no longer needed.
  @available(*, deprecated, message: "A layout holds what hit-testing needs: use init(layout:)")
  public init(layout: Layout, text: FormattedText) {
    self.init(layout: layout)
  }

  /// A line's grapheme boxes, left to right, without the spaces that hang past its width.
  ///
  /// The truncation token's glyphs form one cluster at the truncation's location; when it is
  /// the line's last, it ends where the hidden text does (`hiddenEnd`), so the caret after
  /// the token is past the hidden text, not inside it. An inserted hyphen is a box of no text
  /// at the break.
  private static func boxes(of line: Layout.Line, hiddenEnd: Int?) -> LineBoxes {
    // Each cluster's extent on the line, in one pass over its glyphs.
    var clusters: [(start: Int, minX: Double, maxX: Double, isRightToLeft: Bool)] = []
    var positionOfCluster: [Int: Int] = [:]
    var token: (minX: Double, maxX: Double)?
    var tokenCluster: Int?
    var boxes: [CharacterBox] = []
    for run in line.runs {
      // An inserted hyphen is a box of no text at the break: a tap on it hits the break.
      if run.isInserted {
        if let extent = extent(of: run) {
          boxes.append(
            CharacterBox(
              minX: extent.minX, maxX: extent.maxX, location: run.location, end: run.location,
              isRightToLeft: run.isRightToLeft, isInserted: true))
        }
        continue
      }
      if run.isToken, let extent = extent(of: run) {
        token = token.map { (min($0.minX, extent.minX), max($0.maxX, extent.maxX)) } ?? extent
        tokenCluster = run.glyphs.first?.cluster
      }
      for glyph in run.glyphs {
        if let position = positionOfCluster[glyph.cluster] {
          clusters[position].minX = min(clusters[position].minX, glyph.x)
          clusters[position].maxX = max(clusters[position].maxX, glyph.x + glyph.advance)
        } else {
          positionOfCluster[glyph.cluster] = clusters.count
          clusters.append((glyph.cluster, glyph.x, glyph.x + glyph.advance, run.isRightToLeft))
        }
      }
    }
    // A cluster ends where the next one in text order starts; the last ends where the line's
    // content does, so a line break after it is not folded in.
    clusters.sort { $0.start < $1.start }
    let contentEnd = line.location + line.visibleLength
    let tokenEnd = hiddenEnd ?? 0
    for (position, cluster) in clusters.enumerated() {
      let end =
        position + 1 < clusters.count
        ? clusters[position + 1].start
        : max(contentEnd, cluster.start + 1, cluster.start == tokenCluster ? tokenEnd : 0)
      let parts = graphemes(in: cluster.start..<end, carets: line.ligatureCarets)
      let width = (cluster.maxX - cluster.minX) / Double(parts.count)
      for (index, part) in parts.enumerated() {
        // A right-to-left ligature's first grapheme is on its right.
        let slot = Double(cluster.isRightToLeft ? parts.count - 1 - index : index)
        boxes.append(
          CharacterBox(
            minX: cluster.minX + width * slot, maxX: cluster.minX + width * (slot + 1),
            location: part.lowerBound, end: part.upperBound, isRightToLeft: cluster.isRightToLeft
          ))
      }
    }
    // By left edge, then right: a box that takes no room (a control, a bidi mark) comes before
    // the one it shares its left edge with, so right edges increase too.
    boxes.sort { ($0.minX, $0.maxX) < ($1.minX, $1.maxX) }
    // Trailing spaces hang past the line's end side (the left of a right-to-left line): they
    // hit nothing.
    boxes.removeAll { hangs(minX: $0.minX, maxX: $0.maxX, on: line) }
    let visibleEnd = boxes.reduce(line.location) { max($0, $1.end) }
    return LineBoxes(
      top: line.y, bottom: line.y + line.height, start: line.location, visibleEnd: visibleEnd,
      characters: boxes, links: [], token: token)
  }

  /// Whether a box from `minX` to `maxX` lies past the line's visible end side: a space that
  /// hangs there, which hits nothing.
  static func hangs(minX: Double, maxX: Double, on line: Layout.Line) -> Bool {
    let (left, right) = (line.x, line.x + line.width)
    return (minX >= right - 1e-9 && maxX > right) || (maxX <= left + 1e-9 && minX < left)
  }

  /// The x extent of a run's glyphs (each from its x to its x plus its advance, as a cluster
  /// box measures them), or `nil` for a run without glyphs.
  private static func extent(of run: Layout.GlyphRun) -> (minX: Double, maxX: Double)? {
    guard let first = run.glyphs.first else { return nil }
    return run.glyphs.reduce((first.x, first.x + first.advance)) {
      (min($0.0, $1.x), max($0.1, $1.x + $1.advance))
    }
  }

  /// A cluster cut at the line's ligature carets inside it: one range per grapheme.
  private static func graphemes(in cluster: Range<Int>, carets: [Int]) -> [Range<Int>] {
    var first = carets.partitioningIndex { $0 > cluster.lowerBound }
    guard first < carets.count, carets[first] < cluster.upperBound else { return [cluster] }
    var parts: [Range<Int>] = []
    var start = cluster.lowerBound
    while first < carets.count, carets[first] < cluster.upperBound {
      parts.append(start..<carets[first])
      start = carets[first]
      first += 1
    }
    parts.append(start..<cluster.upperBound)
    return parts
  }

  /// The first line whose bottom is below `y` (lines are stacked top to bottom).
  private static func firstLine(in lines: [LineBoxes], atOrBelow y: Double) -> Int {
    lines.partitioningIndex { $0.bottom > y }
  }

  /// The line whose box holds `y`, or `nil` between, above or below lines.
  private static func lineIndex(in lines: [LineBoxes], y: Double) -> Int? {
    let line = firstLine(in: lines, atOrBelow: y)
    guard line < lines.count, lines[line].top <= y else { return nil }
    return line
  }

  // MARK: Queries

  /// The link whose rectangle holds a point, or, with a tolerance, the nearest link
  /// rectangle within that distance.
  ///
  /// - Parameters:
  ///   - x: The point's x in layout coordinates.
  ///   - y: The point's y.
  ///   - tolerance: How far a point may be from a rectangle and still hit it, in points.
  /// - Returns: The link index, or `nil`.
  public func link(atX x: Double, y: Double, tolerance: Double = 0) -> Int? {
    if let transformed { return transformed.link(x: x, y: y, tolerance: tolerance) }
    if let line = Self.lineIndex(in: lines, y: y), let hit = exactLink(in: lines[line], x: x, y: y)
    {
      return hit
    }
    guard tolerance > 0 else { return nil }
    var best: (distance: Double, link: Int)?
    // Only lines within the tolerance band can hold a nearer rectangle.
    let first = Self.firstLine(in: lines, atOrBelow: y - tolerance)
    var position = first
    while position < lines.count, lines[position].top <= y + tolerance {
      for (rect, link) in lines[position].links {
        let distance = rect.distance(x: x, y: y)
        if distance <= tolerance, distance < (best?.distance ?? .infinity) {
          best = (distance, link)
        }
      }
      position += 1
    }
    return best?.link
  }

  private func exactLink(in line: LineBoxes, x: Double, y: Double) -> Int? {
    let low = line.links.partitioningIndex { $0.rect.x + $0.rect.width > x }
    guard low < line.links.count, line.links[low].rect.contains(x: x, y: y) else { return nil }
    return line.links[low].link
  }

  /// The grapheme cluster under a point.
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: The UTF-16 offset where the character starts, or `nil` outside the glyphs
  ///   (between lines, past a line's end, in a line's trailing spaces).
  public func characterIndex(atX x: Double, y: Double) -> Int? {
    if let transformed {
      // The glyph's own line, and its character there: boxes may overlap on turned lines.
      guard let hit = transformed.untransformed(x: x, y: y) else { return nil }
      let slack = 1e-9
      return lines[hit.line].characters.last {
        $0.minX - slack <= hit.point.x && hit.point.x <= $0.maxX + slack && $0.maxX > $0.minX
      }?.location
    }
    guard let line = Self.lineIndex(in: lines, y: y) else { return nil }
    let boxes = lines[line].characters
    let low = boxes.partitioningIndex { $0.maxX > x }
    guard low < boxes.count, boxes[low].minX <= x else { return nil }
    return boxes[low].location
  }

  /// Whether a point is on the truncation token: inside the x extent of the token's glyph runs
  /// (``Layout/GlyphRun/isToken``) on the line whose box holds the point.
  ///
  /// The extent is the one the token's cluster box has, so where this is `true`,
  /// ``characterIndex(atX:y:)`` gives ``Layout/truncation``'s location (the token's glyphs
  /// all belong to it). A tap on a link in the token is reported by ``link(atX:y:tolerance:)``
  /// as that link (``Layout/LinkRegion/isToken``).
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: `true` on the token's glyphs; `false` elsewhere, and for a layout that is not
  ///   truncated or was clipped (no token).
  public func isOnToken(atX x: Double, y: Double) -> Bool {
    var (x, line) = (x, Self.lineIndex(in: lines, y: y))
    if let transformed {
      let hit = transformed.untransformed(x: x, y: y)
      (x, line) = (hit?.point.x ?? x, hit?.line)
    }
    guard let line, let token = lines[line].token else { return false }
    return token.minX <= x && x < token.maxX
  }

  /// The caret position nearest a point: the nearest line, then the nearest character edge.
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: A UTF-16 offset in `0...text.utf16.count`: ``caretPosition(atX:y:)``'s index.
  public func closestCharacterIndex(toX x: Double, y: Double) -> Int {
    caretPosition(atX: x, y: y).index
  }

  /// The caret position nearest a point, and the character it sits beside.
  ///
  /// The nearest line, then the nearest character edge on it: the left half of a left-to-right
  /// character gives the caret before it, the right half the caret after it, and the other way
  /// round in right-to-left text. Past a line's ends, its leftmost or rightmost edge. Where two
  /// runs of different directions meet, the two sides of the boundary are different logical
  /// positions; the affinity says which character the caret belongs to, so it is drawn at the
  /// edge that was hit.
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: The caret's UTF-16 offset and affinity; `(line start, downstream)` on a line
  ///   without glyphs, and `(0, downstream)` for a layout without lines.
  public func caretPosition(atX x: Double, y: Double) -> CaretPosition {
    guard !lines.isEmpty else { return CaretPosition(index: 0, affinity: .downstream) }
    if let transformed,
      let hit = transformed.untransformed(x: x, y: y) ?? transformed.nearest(x: x, y: y)
    {
      return caret(onLine: hit.line, x: hit.point.x)
    }
    var line = min(Self.firstLine(in: lines, atOrBelow: y), lines.count - 1)
    // In the gap between two lines, the nearer one.
    if line > 0, y < lines[line].top, y - lines[line - 1].bottom < lines[line].top - y {
      line -= 1
    }
    return caret(onLine: line, x: x)
  }

  /// The caret nearest `x` on a line: its nearest character edge.
  private func caret(onLine line: Int, x: Double) -> CaretPosition {
    let boxes = lines[line].characters
    guard let first = boxes.first, let last = boxes.last else {
      return CaretPosition(index: lines[line].start, affinity: .downstream)
    }
    if x <= first.minX { return first.leftCaret }
    if x >= last.maxX { return last.rightCaret }
    let low = boxes.partitioningIndex { $0.maxX > x }
    let box = boxes[min(low, boxes.count - 1)]
    return x < (box.minX + box.maxX) / 2 ? box.leftCaret : box.rightCaret
  }

  /// The rectangles that cover a range of text: one per visual fragment, line top to bottom
  /// and left to right on each line.
  ///
  /// A range in text of one direction has one fragment per line; where it crosses a direction
  /// change, its parts may not be neighbours on screen, and each gets its own rectangle.
  ///
  /// - Parameter range: UTF-16 offsets into the text.
  /// - Returns: The rectangles; empty when no glyph of the range is shown.
  public func rects(for range: Range<Int>) -> [Layout.Rect] {
    var rects: [Layout.Rect] = []
    for line in lines where line.start < range.upperBound && line.visibleEnd > range.lowerBound {
      var fragment: (minX: Double, maxX: Double)?
      for box in line.characters {
        if box.location < range.upperBound && box.end > range.lowerBound {
          fragment = (min(fragment?.minX ?? box.minX, box.minX), max(fragment?.maxX ?? 0, box.maxX))
        } else if let done = fragment, box.maxX > box.minX {
          // A character outside the range ends the fragment (one that takes no room does not).
          rects.append(Self.rect(done, on: line))
          fragment = nil
        }
      }
      if let done = fragment { rects.append(Self.rect(done, on: line)) }
    }
    return rects
  }

  /// The quadrilaterals that cover a range of text where its glyphs are drawn: a selection's
  /// highlight that turns with the glyphs.
  ///
  /// In a layout whose glyphs have transforms, each of ``rects(for:)``'s rectangles is cut at
  /// the glyph boxes under it and each piece moved with its glyph (neighbours under one map
  /// stay one piece), as link regions' ``Layout/LinkRegion/quads`` are; otherwise the
  /// rectangles themselves.
  ///
  /// - Parameter range: UTF-16 offsets into the text.
  /// - Returns: The quadrilaterals; empty when no glyph of the range is shown.
  public func quads(for range: Range<Int>) -> [Layout.Quad] {
    let rects = rects(for: range)
    guard let transformedLayout else { return rects.map(Layout.Quad.init) }
    return rects.flatMap { GlyphPlacer.pieces(of: $0, in: transformedLayout) }
  }

  /// A fragment's rectangle, its line's height.
  private static func rect(
    _ fragment: (minX: Double, maxX: Double), on line: LineBoxes
  ) -> Layout.Rect {
    Layout.Rect(
      x: fragment.minX, y: line.top, width: fragment.maxX - fragment.minX,
      height: line.bottom - line.top)
  }
}
