import GalleyLayout
import GalleyMarkup
import Testing

@testable import GalleyRender

/// Glyphs are drawn from cached masks at quarter-pixel positions: where the layout puts them,
/// whatever the cache holds.
@Suite("Glyphs are drawn where the layout puts them")
struct GlyphPlacementTests {
  /// The alpha-weighted center of the ink, in layout points.
  private func inkCenter(_ bitmap: Bitmap) throws -> (x: Double, y: Double) {
    var (sumX, sumY, total) = (0.0, 0.0, 0.0)
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width {
        let alpha = Double(bitmap.pixel(x: x, y: y).alpha)
        sumX += (Double(x) + 0.5) * alpha
        sumY += (Double(y) + 0.5) * alpha
        total += alpha
      }
    }
    try #require(total > 0)
    let point = bitmap.geometry.layoutPoint(imageX: sumX / total, imageY: sumY / total)
    return (point.x, point.y)
  }

  /// The layout with every glyph put on a whole pixel at `scale`, then moved by `x` and `y`.
  ///
  /// The canvas origin is a whole pixel too, so the glyphs' device positions are
  /// whole pixels plus the distance.
  private func moved(_ layout: Layout, x: Double, y: Double, scale: Double) -> Layout {
    var copy = layout
    for line in copy.lines.indices {
      for run in copy.lines[line].runs.indices {
        for index in copy.lines[line].runs[run].glyphs.indices {
          var glyph = copy.lines[line].runs[run].glyphs[index]
          glyph.x = (glyph.x * scale).rounded() / scale + x
          glyph.y = (glyph.y * scale).rounded() / scale + y
          copy.lines[line].runs[run].glyphs[index] = glyph
        }
      }
    }
    return copy
  }

  @Test(
    "Ink follows fractional glyph positions to within an eighth of a pixel", arguments: [1.0, 2.0])
  func fractionalPositions(scale: Double) throws {
    // Room around the glyphs, so the canvas does not change as they move.
    let layout = try RenderSupport.layout("  Hil  ")
    let options = RenderOptions(scale: scale)
    let start = try inkCenter(
      RenderSupport.renderer.rasterize(moved(layout, x: 0, y: 0, scale: scale), options: options))
    for step in 1..<8 {
      // Eighths of a pixel across, sixteenths down.
      let distance = Double(step) / 8 / scale
      let bitmap = try RenderSupport.renderer.rasterize(
        moved(layout, x: distance, y: distance / 2, scale: scale), options: options)
      let center = try inkCenter(bitmap)
      // Quarter-pixel phases put a glyph within an eighth of a pixel of its position (cairo's
      // own glyph drawing was off by up to half a pixel); each phase's anti-aliasing adds a
      // little.
      let tolerance = (0.125 + 0.06) / scale
      #expect(abs(center.x - start.x - distance) <= tolerance, "x moved by \(distance)")
      #expect(abs(center.y - start.y - distance / 2) <= tolerance, "y moved by \(distance / 2)")
    }
  }

  @Test func outlinesMoveWithTheirFills() throws {
    // Strokes are cached per phase like the fills: at every phase, the outlined drawing
    // moves as far as the plain one.
    let layout = try RenderSupport.layout("  Hil  ")
    var outlined = RenderOptions(scale: 2)
    outlined.outline = .init(width: 1.5, color: TextColor(red: 0, green: 0, blue: 0))
    func centers(_ step: Int) throws -> (
      plain: (x: Double, y: Double), stroked: (x: Double, y: Double)
    ) {
      let shifted = moved(layout, x: Double(step) / 8, y: Double(step) / 16, scale: 2)
      return (
        try inkCenter(RenderSupport.renderer.rasterize(shifted, options: RenderOptions(scale: 2))),
        try inkCenter(RenderSupport.renderer.rasterize(shifted, options: outlined))
      )
    }
    let start = try centers(0)
    for step in 1..<8 {
      let now = try centers(step)
      let plainMove = (now.plain.x - start.plain.x, now.plain.y - start.plain.y)
      let strokedMove = (now.stroked.x - start.stroked.x, now.stroked.y - start.stroked.y)
      #expect(abs(plainMove.0 - strokedMove.0) <= 0.05, "step \(step)")
      #expect(abs(plainMove.1 - strokedMove.1) <= 0.05, "step \(step)")
    }
  }

  @Test func largeGlyphsAreFilledFromTheirOutlines() throws {
    // 300 px to the em: past the largest cached size, so drawn as paths, at the same place.
    let layout = try RenderSupport.layout("%300SHi%s")
    let bitmap = try RenderSupport.renderer.rasterize(layout)
    let ink = try #require(RenderSupport.inkBounds(bitmap))
    let line = try #require(layout.lines.first)
    let box = bitmap.geometry
    #expect(Double(ink.minY) / box.scale - box.originY >= line.y - 1)
    #expect(Double(ink.maxY + 1) / box.scale - box.originY <= line.y + line.height + 1)
    #expect(RenderSupport.inkCount(bitmap) > 300 * 20)
  }

  @Test func glyphsTooLargeForAMaskAreFilledFromTheirOutlines() throws {
    // With masks limited to 6 pixels, most glyphs are filled as paths: the image differs only
    // by anti-aliasing and the quarter-pixel rounding.
    let layout = try RenderSupport.layout("Glyphs %Bwithout%b masks, %Iitalic%i too")
    let expected = try RenderSupport.renderer.rasterize(layout)
    let bitmap = try Renderer(largestMask: 6).rasterize(layout)
    #expect(bitmap.width == expected.width && bitmap.height == expected.height)
    let count = Double(RenderSupport.inkCount(bitmap, threshold: 128))
    let expectedCount = Double(RenderSupport.inkCount(expected, threshold: 128))
    #expect(abs(count - expectedCount) <= expectedCount * 0.05)
    let ink = try #require(RenderSupport.inkBounds(bitmap))
    let expectedInk = try #require(RenderSupport.inkBounds(expected))
    #expect(abs(ink.minX - expectedInk.minX) <= 1 && abs(ink.maxX - expectedInk.maxX) <= 1)
    #expect(abs(ink.minY - expectedInk.minY) <= 1 && abs(ink.maxY - expectedInk.maxY) <= 1)
  }

  @Test func aCacheThatStartsOverDrawsTheSamePixels() throws {
    // Many distinct glyphs at every phase: a cache limited to 64 glyphs starts over many
    // times in one render, and must still draw exactly what an unlimited one draws.
    let han = (0..<300).map { String(UnicodeScalar(0x4E00 + $0 * 7) ?? "字") }.joined()
    let markup = "%3F" + han + "%f Hil " + han
    let layout = try RenderSupport.layout(markup, width: 600)
    let small = Renderer(glyphLimit: 64)
    let expected = try RenderSupport.renderer.rasterize(layout)
    for _ in 0..<2 {
      let bitmap = try small.rasterize(layout)
      #expect(try bitmap.pngData() == expected.pngData())
    }
  }
}
