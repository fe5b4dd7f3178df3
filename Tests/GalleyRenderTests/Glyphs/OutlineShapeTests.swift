import GalleyLayout
import Testing

@testable import GalleyRender

/// Outlines read once from cairo's paths and moved to device pixels by each map.
@Suite("Outline shapes")
struct OutlineShapeTests {
  /// A path made by `draw` on a scratch context.
  static func path(_ draw: (CairoContext) -> Void) throws -> CairoPath {
    let context = CairoContext(try CairoSurface(image: .a8, width: 1, height: 1))
    draw(context)
    return try #require(context.copyPath())
  }

  @Test func contoursStartWithTheirFirstSegmentAndAMoveAloneIsDropped() throws {
    let path = try Self.path { context in
      // A move with nothing after it, then a triangle, then a rectangle.
      context.move(toX: 50, y: 50)
      context.move(toX: 0, y: 0)
      context.addLine(toX: 4, y: 0)
      context.addLine(toX: 0, y: 3)
      context.addRectangle(Layout.Rect(x: 10, y: 10, width: 2, height: 2))
    }
    let shape = OutlineShape(path)
    #expect(!shape.isTooLarge)
    #expect(shape.points.map { [$0.x, $0.y] }.prefix(3) == [[0, 0], [4, 0], [0, 3]])
    // The triangle's three points, then the rectangle's (cairo closes it with a line back).
    #expect(shape.contourEnds.first == 2)
    #expect(shape.contourEnds.count == 2)
    #expect(shape.tags.count == shape.points.count)
  }

  @Test func aMapMovesThePointsAndFramesTheirPixels() throws {
    let path = try Self.path { context in
      context.addRectangle(Layout.Rect(x: 1, y: 1, width: 2, height: 3))
    }
    let shape = OutlineShape(path)
    // Twice as large and moved by a quarter pixel: x from 2.25 to 6.25, y from 2 to 8.
    let map = Layout.AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0.25, ty: 0)
    let rasterizer = OutlineRasterizer()
    let box = try #require(rasterizer.place(shape, map: map))
    #expect(box == OutlineRasterizer.Box(left: 2, top: 2, width: 5, height: 6))
    // A point past a million pixels, or not a number, has no outline.
    let far = Layout.AffineTransform(a: 1e7, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(rasterizer.place(shape, map: far) == nil)
    let nan = Layout.AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(rasterizer.place(shape, map: nan) == nil)
  }
}
