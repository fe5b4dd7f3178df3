/// The glyph boxes of a layout whose glyphs have transforms, so hit-testing follows the glyphs:
/// a point is taken back through the inverse transform of the glyph whose transformed box holds
/// it, into the frame where the line's boxes are.
struct TransformedBoxes: Sendable {
  /// One glyph's box and the map back from where it is drawn.
  struct Box: Sendable {
    /// The transformed box's bounding box, a quick first test.
    var bounds: Layout.Rect
    /// The box before the transform.
    var box: Layout.Rect
    /// The inverse of the glyph's map.
    var inverse: Layout.AffineTransform
    /// The glyph's line.
    var line: Int
  }

  /// A point taken back into its glyph's frame, and the glyph's line.
  struct Hit {
    var point: Layout.Point
    var line: Int
  }

  /// Every glyph box with room, in drawing order (lines top to bottom, left to right).
  let boxes: [Box]
  /// Every link quadrilateral with its link index.
  let linkQuads: [(quad: Layout.Quad, link: Int)]

  /// The boxes of a layout, or `nil` when none of its glyphs has a transform.
  init?(_ layout: Layout) {
    guard layout.lines.contains(where: { $0.runs.contains { !$0.transforms.isEmpty } }) else {
      return nil
    }
    var boxes: [Box] = []
    for (lineIndex, line) in layout.lines.enumerated() {
      for run in line.runs {
        for (index, glyph) in run.glyphs.enumerated()
        where glyph.advance > 0
          && !HitTester.hangs(minX: glyph.x, maxX: glyph.x + glyph.advance, on: line)
        {
          let matrix = line.matrix(of: glyph, transform: run.transform(at: index))
          // A glyph scaled to nothing covers nothing.
          guard let inverse = matrix.inverse else { continue }
          let box = line.box(of: glyph)
          boxes.append(
            Box(bounds: matrix.apply(to: box).bounds, box: box, inverse: inverse, line: lineIndex))
        }
      }
    }
    self.boxes = boxes
    linkQuads = layout.links.flatMap { link in
      (link.quads.isEmpty ? link.rects.map(Layout.Quad.init) : link.quads).map { ($0, link.index) }
    }
  }

  /// The point in its glyph's untransformed frame, when a glyph's transformed box holds it
  /// (the last drawn, when several do).
  func untransformed(x: Double, y: Double) -> Hit? {
    for box in boxes.reversed() where box.bounds.contains(x: x, y: y) || onEdge(box.bounds, x, y) {
      let point = box.inverse.apply(x: x, y: y)
      if Self.holds(box.box, point) { return Hit(point: point, line: box.line) }
    }
    return nil
  }

  /// The point in the frame of the glyph box nearest it, moved into that box.
  func nearest(x: Double, y: Double) -> Hit? {
    var best: (distance: Double, box: Box)?
    for box in boxes {
      let distance = box.bounds.distance(x: x, y: y)
      if distance < (best?.distance ?? .infinity) { best = (distance, box) }
    }
    guard let box = best?.box else { return nil }
    let point = box.inverse.apply(x: x, y: y)
    let inner = box.box
    return Hit(
      point: Layout.Point(
        x: min(max(point.x, inner.x), inner.x + inner.width),
        y: min(max(point.y, inner.y), inner.y + inner.height * 0.999_999)),
      line: box.line)
  }

  /// The link whose quadrilateral holds the point (the last, when several do), or the nearest
  /// within `tolerance`.
  func link(x: Double, y: Double, tolerance: Double) -> Int? {
    if let hit = linkQuads.last(where: { $0.quad.contains(x: x, y: y) }) { return hit.link }
    guard tolerance > 0 else { return nil }
    var best: (distance: Double, link: Int)?
    for (quad, link) in linkQuads {
      let distance = Self.distance(from: (x, y), to: quad)
      if distance <= tolerance, distance < (best?.distance ?? .infinity) {
        best = (distance, link)
      }
    }
    return best?.link
  }

  /// Whether a box holds a point, its left and top edges included and, so a point mapped back
  /// by rounding onto them still counts, its right and bottom edges too.
  private static func holds(_ box: Layout.Rect, _ point: Layout.Point) -> Bool {
    let slack = 1e-9
    return point.x >= box.x - slack && point.x <= box.x + box.width + slack
      && point.y >= box.y - slack && point.y <= box.y + box.height + slack
  }

  private func onEdge(_ rect: Layout.Rect, _ x: Double, _ y: Double) -> Bool {
    x == rect.x + rect.width || y == rect.y + rect.height
  }

  /// The distance from a point to a quadrilateral's edges (0 inside).
  private static func distance(from point: (Double, Double), to quad: Layout.Quad) -> Double {
    if quad.contains(x: point.0, y: point.1) { return 0 }
    let corners = quad.corners
    return (0..<4).map { index in
      segmentDistance(point, corners[index], corners[(index + 1) % 4])
    }.min() ?? .infinity
  }

  private static func segmentDistance(
    _ point: (Double, Double), _ from: Layout.Point, _ to: Layout.Point
  ) -> Double {
    let (ex, ey) = (to.x - from.x, to.y - from.y)
    let length = ex * ex + ey * ey
    let t =
      length == 0 ? 0 : max(0, min(1, ((point.0 - from.x) * ex + (point.1 - from.y) * ey) / length))
    let (dx, dy) = (from.x + t * ex - point.0, from.y + t * ey - point.1)
    return (dx * dx + dy * dy).squareRoot()
  }
}
