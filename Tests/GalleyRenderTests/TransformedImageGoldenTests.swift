import Foundation
import GalleyLayout
import GalleyRender
import Testing

/// Transformed glyphs drawn: one golden per typesetter, the arc and the glyph scale, with every
/// effect that follows the glyphs (outline, shadow, glow, gradient, underline, background);
/// the canvas grows to hold their ink; the draw order shows where they overlap.
@Suite("Transformed glyph images")
struct TransformedImageGoldenTests {
  static let white = TextColor(red: 255, green: 255, blue: 255)

  static func layout(
    _ markup: String, width: Double? = nil, _ configure: (inout LayoutOptions) -> Void
  ) throws -> Layout {
    var options = LayoutOptions(width: width)
    configure(&options)
    return try RenderSupport.engine.get().layout(RenderSupport.text(markup), options: options)
  }

  static let cases:
    [(name: String, markup: String, configure: @Sendable (inout LayoutOptions) -> Void)] = [
      (
        "glyphs-rotation.png", "%{#1A5FB4}Crotated%c %1U%Lglyphs%l%u turn",
        { $0.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 18))] }
      ),
      (
        "glyphs-jitter.png", "%Bjittery%b %2Ccrayon%c %{#FFE080}Dletters%d",
        {
          $0.glyphTypesetters = [
            AnyGlyphTypesetter(RandomShiftTypesetter(x: 2, y: 3, degrees: 14, seed: 7))
          ]
        }
      ),
      (
        "glyphs-arc.png", "%BGALLEY%b STAMP\nOF APPROVAL",
        { $0.glyphTypesetters = [AnyGlyphTypesetter(ArcTypesetter(radius: 150))] }
      ),
      (
        "glyphs-scale.png", "wide %1Uand%u tall glyphs wrap",
        {
          $0.width = 120
          $0.glyphScale = LayoutOptions.GlyphScale(width: 1.4, height: 1.8)
          $0.glyphExpansion = 0.9
        }
      ),
    ]

  @Test(arguments: cases.indices)
  func transformedLabelsMatchTheirGoldens(index: Int) throws {
    let entry = Self.cases[index]
    let layout = try Self.layout(entry.markup, entry.configure)
    var options = RenderOptions(
      scale: 2, background: Self.white,
      shadow: RenderOptions.Shadow(offsetX: 1, offsetY: 1.5, blur: 1.5),
      outline: RenderOptions.Outline(
        width: 0.8, color: TextColor(red: 0xC0, green: 0x1C, blue: 0x28)))
    options.drawOrder = .logical
    let bitmap = try RenderSupport.expectGolden(layout, options: options, named: entry.name)
    // The canvas holds the transformed ink.
    let ink = try #require(layout.inkBounds)
    let geometry = bitmap.geometry
    #expect(Double(geometry.width) / geometry.scale >= ink.width)
    #expect(geometry.originX >= -ink.x - 1e-9 && geometry.originY >= -ink.y - 1e-9)
  }

  @Test func glowGradientAndPerGlyphOutlinesFollowTheGlyphs() throws {
    let layout = try Self.layout("Glow %1Uin%u turns") {
      $0.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: -25))]
    }
    let options = RenderOptions(
      scale: 2, background: Self.white,
      glow: RenderOptions.Shadow(
        offsetX: 0, offsetY: 0, blur: 3, color: TextColor(red: 0, green: 160, blue: 255)),
      innerShadow: RenderOptions.Shadow(offsetX: 0.5, offsetY: 0.5, blur: 0.5),
      gradient: RenderOptions.Gradient(
        stops: [
          .init(offset: 0, color: TextColor(red: 255, green: 0, blue: 0)),
          .init(offset: 1, color: TextColor(red: 0, green: 0, blue: 255)),
        ]),
      outline: RenderOptions.Outline(
        width: 1, color: TextColor(red: 0, green: 0, blue: 0), mode: .glyphs))
    try RenderSupport.expectGolden(layout, options: options, named: "glyphs-effects.png")
  }

  /// Two glyphs turned onto each other: the later drawn is on top.
  @Test func drawOrderDecidesWhichOverlappingGlyphIsOnTop() throws {
    let layout = try Self.layout("%{#FF0000}CA%c%{#0000FF}CB%c") {
      $0.glyphTypesetters = [AnyGlyphTypesetter(OverlapTypesetter())]
    }
    func image(_ order: RenderOptions.DrawOrder) throws -> Bitmap {
      var options = RenderOptions(scale: 2, background: Self.white)
      options.drawOrder = order
      return try RenderSupport.renderer.rasterize(layout, options: options)
    }
    let logical = try image(.logical)
    let reverse = try image(.reverse)
    // Where both glyphs cover a pixel, the top one's color wins.
    var blueOnTop = 0
    var redOnTop = 0
    for y in 0..<logical.height {
      for x in 0..<logical.width {
        let (first, second) = (logical.pixel(x: x, y: y), reverse.pixel(x: x, y: y))
        if first != second {
          if first.blue > 200 && first.red < 50 { blueOnTop += 1 }
          if second.red > 200 && second.blue < 50 { redOnTop += 1 }
        }
      }
    }
    #expect(blueOnTop > 20 && redOnTop > 20)
    let random = try image(.random(seed: 4))
    #expect(try image(.random(seed: 4)).pngData() == random.pngData())
  }

  /// Moves every glyph after the first back onto the first.
  struct OverlapTypesetter: GlyphTypesetter {
    func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
      var transform = glyph.transform
      if glyph.index > 0 { transform.dx = -glyph.box.width * 0.6 }
      return transform
    }
  }

  @Test func vectorOutputDrawsTransformedGlyphs() throws {
    let plain = try Self.layout("Turned %1Utext%u") { _ in }
    let turned = try Self.layout("Turned %1Utext%u") {
      $0.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 30))]
    }
    for format in [ImageFormat.svg, .pdf] {
      let upright = try RenderSupport.renderer.render(plain, format: format)
      let rotated = try RenderSupport.renderer.render(turned, format: format)
      #expect(upright.data != rotated.data)
      #expect(rotated.geometry.height >= upright.geometry.height)
    }
  }
  /// Glyphs each turned their own way, drawn by one renderer on many threads at once (each
  /// render borrows its own FreeType library), come out as drawn on one.
  @Test func jitteredLabelsDrawTheSameOnConcurrentThreads() async throws {
    let layouts = try (0..<4).map { seed in
      try Self.layout("%BJittery%b label number \(seed), %1Udrawn%u at once") {
        $0.glyphTypesetters = [
          AnyGlyphTypesetter(RandomShiftTypesetter(x: 2, y: 2, degrees: 20, seed: UInt64(seed)))
        ]
      }
    }
    let renderer = Renderer()
    let alone = try layouts.map { try renderer.render($0, format: .png).data }
    let together = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
      for round in 0..<16 {
        group.addTask {
          let index = round % layouts.count
          return (index, try renderer.render(layouts[index], format: .png).data)
        }
      }
      return try await group.reduce(into: [(Int, [UInt8])]()) { $0.append($1) }
    }
    #expect(together.count == 16)
    for (index, data) in together { #expect(data == alone[index], "label \(index)") }
  }
}
