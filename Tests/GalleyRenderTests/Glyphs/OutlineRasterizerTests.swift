import Foundation
import GalleyLayout
import Testing

@testable import GalleyRender

/// The outline rasterizer: exact area coverage, the nonzero rule, and the same fills as
/// cairo's within anti-aliasing.
@Suite("Outline rasterizer")
struct OutlineRasterizerTests {
  /// A path drawn on a scratch context, read as a shape.
  static func shape(_ draw: (CairoContext) -> Void) throws -> OutlineShape {
    OutlineShape(try OutlineShapeTests.path(draw))
  }

  static let identity = Layout.AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Fills a shape under a map; the box and its coverage rows (`box.width` bytes each).
  static func fill(_ shape: OutlineShape, map: Layout.AffineTransform = Self.identity) throws
    -> (box: OutlineRasterizer.Box, rows: [[UInt8]])
  {
    let rasterizer = OutlineRasterizer()
    let box = try #require(rasterizer.place(shape, map: map))
    var pixels = [UInt8](repeating: 0, count: box.width * box.height)
    pixels.withUnsafeMutableBufferPointer { pixels in
      guard let start = pixels.baseAddress else { return }
      rasterizer.fill(into: start, rowBytes: box.width)
    }
    let rows = (0..<box.height).map { Array(pixels[$0 * box.width..<($0 + 1) * box.width]) }
    return (box, rows)
  }

  /// The area of the pixel at `column`, `row` (counted from `left`, `top`) a rectangle covers.
  static func overlap(_ rect: Layout.Rect, column: Int, row: Int, left: Int, top: Int) -> Double {
    let (x, y) = (Double(left + column), Double(top + row))
    let width = min(rect.x + rect.width, x + 1) - max(rect.x, x)
    let height = min(rect.y + rect.height, y + 1) - max(rect.y, y)
    return max(width, 0) * max(height, 0)
  }

  static let rectangles = [
    Layout.Rect(x: 0.25, y: 0.5, width: 2.5, height: 1),
    Layout.Rect(x: 3.1, y: 2.7, width: 0.3, height: 4.45),
    Layout.Rect(x: 0, y: 0, width: 7, height: 3),
    Layout.Rect(x: 10.6, y: -4.2, width: 17.55, height: 0.8),
  ]

  @Test(arguments: rectangles)
  func aRectangleCoversEachPixelByTheAreaItCovers(rect: Layout.Rect) throws {
    let (box, rows) = try Self.fill(try Self.shape { $0.addRectangle(rect) })
    #expect(box.left == Int(rect.x.rounded(.down)) && box.top == Int(rect.y.rounded(.down)))
    for (row, pixels) in rows.enumerated() {
      for (column, value) in pixels.enumerated() {
        let area = Self.overlap(rect, column: column, row: row, left: box.left, top: box.top)
        #expect(abs(Double(value) - area * 255) <= 1, "pixel \(column), \(row)")
      }
    }
  }

  @Test func overlapsFollowTheNonzeroRule() throws {
    // Two squares turning the same way, overlapping: full coverage, not more, where they
    // overlap. A square inside one turning the other way: a hole.
    let same = try Self.fill(
      try Self.shape {
        $0.addRectangle(Layout.Rect(x: 0, y: 0, width: 6, height: 6))
        $0.addRectangle(Layout.Rect(x: 2, y: 2, width: 6, height: 6))
      })
    #expect(same.rows.allSatisfy { $0.allSatisfy { $0 == 0 || $0 == 255 } })
    #expect(same.rows[3][3] == 255 && same.rows[7][0] == 0)
    let hole = try Self.fill(
      try Self.shape {
        $0.addRectangle(Layout.Rect(x: 0, y: 0, width: 6, height: 6))
        // Counterclockwise: down the left side first.
        $0.move(toX: 2, y: 2)
        $0.addLine(toX: 2, y: 4)
        $0.addLine(toX: 4, y: 4)
        $0.addLine(toX: 4, y: 2)
      })
    #expect(hole.rows[2][2] == 0 && hole.rows[3][3] == 0 && hole.rows[1][1] == 255)
  }

  /// Shapes with curves and slopes, and the maps they are filled under.
  static let shapes: [(name: String, draw: @Sendable (CairoContext) -> Void)] = [
    ("circle", { drawCircle($0, x: 10.3, y: 9.6, radius: 8.2) }),
    ("bowl", { drawBowl($0) }),
    (
      "arrow",
      { context in
        let corners = [
          (1.2, 9.5), (12.4, 1.3), (10.1, 7.2), (22.7, 8.9), (10.6, 11.4), (13.3, 19.8),
        ]
        context.move(toX: corners[0].0, y: corners[0].1)
        for (x, y) in corners.dropFirst() { context.addLine(toX: x, y: y) }
      }
    ),
  ]
  static let maps = [
    Self.identity, TransformedMaskTests.turn(17),
    Layout.AffineTransform(a: 1.3, b: 0.2, c: -0.4, d: 0.9, tx: 0.375, ty: 0.8),
  ]

  static func drawCircle(_ context: CairoContext, x: Double, y: Double, radius: Double) {
    // Four quarter circles, each a cubic with its control points 0.5523 radii out.
    let k = 0.552_284_75 * radius
    context.move(toX: x + radius, y: y)
    context.addCurve(
      to: Layout.Point(x: x, y: y + radius), control1: Layout.Point(x: x + radius, y: y + k),
      control2: Layout.Point(x: x + k, y: y + radius))
    context.addCurve(
      to: Layout.Point(x: x - radius, y: y), control1: Layout.Point(x: x - k, y: y + radius),
      control2: Layout.Point(x: x - radius, y: y + k))
    context.addCurve(
      to: Layout.Point(x: x, y: y - radius), control1: Layout.Point(x: x - radius, y: y - k),
      control2: Layout.Point(x: x - k, y: y - radius))
    context.addCurve(
      to: Layout.Point(x: x + radius, y: y), control1: Layout.Point(x: x + k, y: y - radius),
      control2: Layout.Point(x: x + radius, y: y - k))
  }

  /// A letter's bowl: an outer curve and an inner one the other way round.
  static func drawBowl(_ context: CairoContext) {
    drawCircle(context, x: 8, y: 8, radius: 7)
    context.move(toX: 11, y: 8)
    context.addCurve(
      to: Layout.Point(x: 8, y: 4.5), control1: Layout.Point(x: 11, y: 6),
      control2: Layout.Point(x: 9.5, y: 4.5))
    context.addCurve(
      to: Layout.Point(x: 8, y: 11.5), control1: Layout.Point(x: 3, y: 4.5),
      control2: Layout.Point(x: 3, y: 11.5))
    context.addCurve(
      to: Layout.Point(x: 11, y: 8), control1: Layout.Point(x: 9.5, y: 11.5),
      control2: Layout.Point(x: 11, y: 10))
  }

  @Test(arguments: shapes.indices, maps.indices)
  func fillsAsCairoDoesWithinAntiAliasing(shapeIndex: Int, mapIndex: Int) throws {
    let map = Self.maps[mapIndex]
    let draw = Self.shapes[shapeIndex].draw
    let (box, rows) = try Self.fill(try Self.shape(draw), map: map)
    // Cairo fills the same path under the same map, the box's corner at its origin.
    let surface = try CairoSurface(image: .a8, width: box.width, height: box.height)
    let context = CairoContext(surface)
    context.translate(x: Double(-box.left), y: Double(-box.top))
    context.transform(by: map)
    draw(context)
    context.fill()
    var (worst, total, ink) = (0, 0, 0)
    surface.withPixels { pixels in
      for (row, values) in rows.enumerated() {
        for (column, value) in values.enumerated() {
          let expected = Int(pixels[row * surface.stride + column])
          worst = max(worst, abs(Int(value) - expected))
          total += abs(Int(value) - expected)
          ink += expected
        }
      }
    }
    // Cairo samples 15 rows a pixel: its edges' coverage steps by about 17 of 255.
    #expect(worst <= 24, "\(Self.shapes[shapeIndex].name): worst \(worst)")
    #expect(Double(total) <= Double(ink) * 0.02, "\(Self.shapes[shapeIndex].name)")
  }

  @Test func aCircleCoversItsArea() throws {
    for radius in [2.5, 8.2, 40.0] {
      let (_, rows) = try Self.fill(
        try Self.shape { Self.drawCircle($0, x: 50.25, y: 50.6, radius: radius) })
      let area = Double(rows.joined().reduce(0) { $0 + Int($1) }) / 255
      // The cubics lie within 0.03% of the radius of the circle, and the lines within 1/16
      // of a pixel of the cubics: between a line and its arc lies at most 2/3 of the line's
      // length times that distance.
      let perimeter = 2 * .pi * radius
      #expect(abs(area - .pi * radius * radius) <= perimeter / 16 * 2 / 3)
    }
  }

  @Test func emptyAndDegenerateOutlinesCoverNothing() throws {
    let rasterizer = OutlineRasterizer()
    let line = try Self.shape {
      $0.move(toX: 0, y: 0)
      $0.addLine(toX: 5, y: 5)
    }
    // A contour there and back: a box, and no coverage.
    #expect(try Self.fill(line).rows.joined().allSatisfy { $0 == 0 })
    let flat = try Self.shape {
      $0.move(toX: 0, y: 2)
      $0.addLine(toX: 5, y: 2)
    }
    #expect(try #require(rasterizer.place(flat, map: Self.identity)).isEmpty)
    #expect(try #require(rasterizer.place(try Self.shape { _ in }, map: Self.identity)).isEmpty)
  }
}
