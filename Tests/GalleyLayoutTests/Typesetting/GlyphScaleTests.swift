import GalleyLayout
import Testing

/// Glyph scale and expansion: the lines make room for the glyphs.
@Suite("Glyph scale")
struct GlyphScaleTests {
  static let markup = "Scaled glyphs wrap %1Uearlier%u than their %Lown%l size"

  @Test(arguments: [(1.5, 2.0, 1.0), (1, 1, 0.5), (2, 1, 1.25), (0.8, 0.6, 1)])
  func advancesAndLineBoxesGrowByTheFactors(width: Double, height: Double, expansion: Double)
    throws
  {
    var options = LayoutOptions(insets: LayoutOptions.Insets(top: 3, left: 5, bottom: 7, right: 2))
    options.glyphScale = LayoutOptions.GlyphScale(width: width, height: height)
    options.glyphExpansion = expansion
    let (_, scaled) = try LayoutSupport.layout(Self.markup, options: options)
    let plain = try LayoutSupport.layout(
      Self.markup, options: LayoutOptions(insets: options.insets)
    ).1
    let sx = width * expansion
    #expect(scaled.lines.count == plain.lines.count)
    for (line, reference) in zip(scaled.lines, plain.lines) {
      #expect(abs(line.height - reference.height * height) < 1e-9)
      #expect(abs(line.width - reference.width * sx) < 1e-9)
      #expect(abs((line.baseline - 3) - (reference.baseline - 3) * height) < 1e-9)
      for (run, referenceRun) in zip(line.runs, reference.runs) {
        #expect(run.font.size == referenceRun.font.size * height)
        #expect(abs(run.font.horizontalScale - sx / height) < 1e-12)
        #expect(run.transforms.isEmpty)
        for (glyph, referenceGlyph) in zip(run.glyphs, referenceRun.glyphs) {
          #expect(abs(glyph.advance - referenceGlyph.advance * sx) < 1e-9)
          #expect(abs((glyph.x - 5) - (referenceGlyph.x - 5) * sx) < 1e-9)
        }
      }
    }
    #expect(abs(scaled.size.width - (7 + (plain.size.width - 7) * sx)) < 1e-9)
    #expect(abs(scaled.size.height - (10 + (plain.size.height - 10) * height)) < 1e-9)
    #expect(scaled.inkBounds != nil)
  }

  @Test func aWiderGlyphWrapsSoonerInTheSameBox() throws {
    var options = LayoutOptions(width: 200)
    options.glyphScale = LayoutOptions.GlyphScale(width: 2, height: 1)
    let (_, wide) = try LayoutSupport.layout(Self.markup, options: options)
    let plain = try LayoutSupport.layout(Self.markup, width: 200).1
    #expect(wide.size.width == 200)
    #expect(wide.lines.count > plain.lines.count)
    for line in wide.lines { #expect(line.x + line.width <= 200 + 1e-9) }
    // Links and decorations are where the scaled glyphs are.
    let link = try #require(wide.links.first)
    let linkRuns = wide.lines.flatMap(\.runs).filter { $0.link == link.index }
    let first = try #require(linkRuns.first?.glyphs.first)
    #expect(abs((link.rects.first?.x ?? 0) - first.x) < 1e-9)
  }

  @Test(arguments: [(0.0, 1.0), (1.0, 11.0), (Double.nan, 1.0)] as [(Double, Double)])
  func factorsOutOfRangeAreInvalidOptions(width: Double, height: Double) throws {
    var options = LayoutOptions()
    options.glyphScale = LayoutOptions.GlyphScale(width: width, height: height)
    #expect(options.problem != nil)
    options.glyphScale = .none
    options.glyphExpansion = 20
    #expect(options.problem != nil)
  }
}

/// Autoshrink with transformed glyphs: a scale fits only when the transformed ink does too.
@Suite("Autoshrink with glyph typesetters")
struct TransformedAutoshrinkTests {
  @Test func theInkFitsTheBoxAtTheScaleChosen() throws {
    var options = LayoutOptions(width: 220, height: 40)
    options.minimumScaleFactor = 0.3
    options.glyphTypesetters = [AnyGlyphTypesetter(ArcTypesetter(radius: 90))]
    let (_, layout) = try LayoutSupport.layout("A stamp that bends far down", options: options)
    let ink = try #require(layout.inkBounds)
    #expect(layout.scale < 1)
    #expect(ink.x >= -1e-6 && ink.x + ink.width <= 220 + 1e-6)
    #expect(ink.y >= -1e-6 && ink.y + ink.height <= 40 + 1e-6)
    // Without the arc the lines alone fit at a larger scale.
    var upright = options
    upright.glyphTypesetters = []
    let (_, plain) = try LayoutSupport.layout("A stamp that bends far down", options: upright)
    #expect(plain.scale > layout.scale)
  }
}
