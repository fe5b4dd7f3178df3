import Foundation
import GalleyLayout
import Testing

@testable import GalleyRender

/// Transformed glyphs' masks and strokes: cached under their maps rounded to a grid
/// (``LinearMapKey``) that moves no ink point within √2 ems by 1/8 of a pixel, and drawn the
/// same whatever the cache holds.
@Suite("Transformed glyph masks")
struct TransformedMaskTests {
  /// Maps a typesetter gives (turns, scales, a slant) and font sizes in device pixels.
  static let maps: [(map: Layout.AffineTransform, pixelsPerEm: Double)] = [
    (turn(12), 13), (turn(-8.3), 26), (turn(179.9), 64), (turn(33), 256),
    (Layout.AffineTransform(a: 1.3, b: 0, c: 0, d: 1, tx: 0, ty: 0), 13),
    (
      Layout.AffineTransform(
        a: 1.2 * 0.97, b: 1.2 * 0.24, c: -1.5 * 0.24, d: 1.5 * 0.97, tx: 5, ty: 9), 40
    ),
    (Layout.AffineTransform(a: 0.5, b: 0.01, c: 0.2, d: 0.5, tx: 0, ty: 0), 0.5),
  ]

  static func turn(_ degrees: Double) -> Layout.AffineTransform {
    let radians = degrees * .pi / 180
    return Layout.AffineTransform(
      a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians), tx: 0, ty: 0)
  }

  @Test(arguments: maps.indices)
  func roundingMovesInkWithinRootTwoEmsByLessThanAnEighthOfAPixel(index: Int) throws {
    let (map, pixelsPerEm) = Self.maps[index]
    let key = try #require(LinearMapKey(map, pixelsPerEm: pixelsPerEm))
    let rounded = key.map()
    let reach = 2.squareRoot() * max(pixelsPerEm, 1)
    for step in 0..<64 {
      let angle = Double(step) * .pi / 32
      let (x, y) = (reach * cos(angle), reach * sin(angle))
      let exact = (map.a * x + map.c * y, map.b * x + map.d * y)
      let near = (rounded.a * x + rounded.c * y, rounded.b * x + rounded.d * y)
      #expect(hypot(exact.0 - near.0, exact.1 - near.1) < 1.0 / 8)
    }
    // The offset is not part of the key.
    #expect(rounded.tx == 0 && rounded.ty == 0)
  }

  @Test func nearbyMapsShareAKeyAndDistantOnesDoNot() throws {
    let key = LinearMapKey(Self.turn(12), pixelsPerEm: 13)
    #expect(LinearMapKey(Self.turn(12 + 1e-9), pixelsPerEm: 13) == key)
    #expect(LinearMapKey(Self.turn(13), pixelsPerEm: 13) != key)
    // A larger font needs a finer grid.
    #expect(LinearMapKey(Self.turn(12), pixelsPerEm: 130) != key)
  }

  @Test func mapsTooLargeOrNotFiniteHaveNoKey() {
    let huge = Layout.AffineTransform(a: 1e9, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    let nan = Layout.AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    let infinite = Layout.AffineTransform(a: 1, b: .infinity, c: 0, d: 1, tx: 0, ty: 0)
    #expect(LinearMapKey(huge, pixelsPerEm: 13) == nil)
    #expect(LinearMapKey(nan, pixelsPerEm: 13) == nil)
    #expect(LinearMapKey(infinite, pixelsPerEm: 13) == nil)
  }

  static let typesetters: [AnyGlyphTypesetter] = [
    AnyGlyphTypesetter(RotationTypesetter(degrees: 21)),
    AnyGlyphTypesetter(RandomShiftTypesetter(x: 1, y: 1, degrees: 9, seed: 3)),
    AnyGlyphTypesetter(ArcTypesetter(radius: 120)),
  ]

  @Test(arguments: typesetters.indices)
  func aCacheThatStartsOverDrawsTransformedGlyphsTheSame(index: Int) throws {
    // Masks and strokes made in a cache that starts over every 8 glyphs, and met again in a
    // warm one, give the same pixels as a fresh renderer's.
    let layout = try RenderSupport.engine.get().layout(
      RenderSupport.text("%BTurned%b %1Uglyphs%u, turned again: glyphs turned"),
      options: {
        var options = LayoutOptions(width: 220)
        options.glyphTypesetters = [Self.typesetters[index]]
        return options
      }())
    var options = RenderOptions(scale: 2)
    options.outline = RenderOptions.Outline(width: 1, color: TextColor(red: 0, green: 0, blue: 0))
    options.shadow = RenderOptions.Shadow(offsetX: 1, offsetY: 1, blur: 2)
    let expected = try Renderer().rasterize(layout, options: options)
    let small = Renderer(glyphLimit: 8)
    for _ in 0..<2 {
      #expect(try small.rasterize(layout, options: options).pngData() == expected.pngData())
    }
    let warm = Renderer()
    _ = try warm.rasterize(layout, options: options)
    #expect(try warm.rasterize(layout, options: options).pngData() == expected.pngData())
  }

  @Test func aGlyphScaledPastAnyMaskIsFilledFromItsOutline() throws {
    // A rotation under a scale too large for a mask: filled through cairo, where the
    // reference renderer fills it too.
    let layout = try RenderSupport.engine.get().layout(
      RenderSupport.text("W"),
      options: {
        var options = LayoutOptions()
        options.glyphScale = LayoutOptions.GlyphScale(width: 8, height: 8)
        options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 10))]
        return options
      }())
    let bitmap = try Renderer(largestMask: 64).rasterize(layout)
    let reference = try RenderSupport.referenceRenderer.rasterize(layout)
    let count = Double(RenderSupport.inkCount(bitmap, threshold: 128))
    let expected = Double(RenderSupport.inkCount(reference, threshold: 128))
    #expect(expected > 1_000)
    #expect(abs(count - expected) <= expected * 0.01)
  }

  static let strokeCases: [(typesetter: AnyGlyphTypesetter, join: RenderOptions.Outline.Join)] = [
    (AnyGlyphTypesetter(RotationTypesetter(degrees: 21)), .round),
    (AnyGlyphTypesetter(RandomShiftTypesetter(x: 1, y: 1, degrees: 9, seed: 3)), .miter),
    (AnyGlyphTypesetter(ArcTypesetter(radius: -90)), .bevel),
  ]

  @Test(arguments: strokeCases.indices, [1.0, 2.0])
  func turnedGlyphsStrokesAreTheirUprightStrokesTurned(index: Int, scale: Double) throws {
    // Strokes filled from upright strokes' shapes against cairo's stroke of each turned glyph
    // (glyph outlines off): the same outline, within anti-aliasing.
    let (typesetter, join) = Self.strokeCases[index]
    let layout = try RenderSupport.engine.get().layout(
      RenderSupport.text("%BStroked%b glyphs, turned: Wxyz 0.9"),
      options: {
        var options = LayoutOptions(width: 240)
        options.glyphTypesetters = [typesetter]
        return options
      }())
    var options = RenderOptions(scale: scale)
    options.outline = RenderOptions.Outline(
      width: 1.2, color: TextColor(red: 0, green: 0, blue: 0), join: join)
    let filled = try Renderer().rasterize(layout, options: options)
    let stroked = try Renderer(accelerators: [.glyphMasks]).rasterize(layout, options: options)
    #expect(filled.width == stroked.width && filled.height == stroked.height)
    var (large, inked, total, ink) = (0, 0, 0, 0)
    for y in 0..<min(filled.height, stroked.height) {
      for x in 0..<min(filled.width, stroked.width) {
        let (one, other) = (filled.pixel(x: x, y: y).alpha, stroked.pixel(x: x, y: y).alpha)
        let difference = abs(Int(one) - Int(other))
        total += difference
        ink += Int(other)
        if difference > 32 { large += 1 }
        if other > 0 { inked += 1 }
      }
    }
    #expect(inked > 1_000)
    // The strokers' corners and arcs differ by a pixel's anti-aliasing here and there.
    #expect(large <= inked / 200, "\(large) of \(inked) pixels differ by more than 32")
    #expect(Double(total) <= Double(ink) * 0.02, "\(total) of \(ink)")
  }

  @Test func onlyMapsThatScaleAlikeEverywhereHaveASimilarityScale() throws {
    let turn = Self.turn(33)
    #expect(GlyphStrokeCache.similarityScale(turn) == 1)
    let scaled = Layout.AffineTransform(
      a: 2 * turn.a, b: 2 * turn.b, c: 2 * turn.c, d: 2 * turn.d, tx: 0, ty: 0)
    #expect(GlyphStrokeCache.similarityScale(scaled) == 2)
    let mirrored = Layout.AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(GlyphStrokeCache.similarityScale(mirrored) == 1)
    let expanded = Layout.AffineTransform(a: 1.3, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    #expect(GlyphStrokeCache.similarityScale(expanded) == nil)
    let flat = Layout.AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    #expect(GlyphStrokeCache.similarityScale(flat) == nil)
  }
}
