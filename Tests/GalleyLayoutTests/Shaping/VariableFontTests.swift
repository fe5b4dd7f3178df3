import Foundation
import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Variable faces in layouts: weights between named instances, layout-wide and span
/// coordinates, optical sizes, and what the runs say.
///
/// Every layout is checked under every accelerator setting (``CheckedEngine``).
@Suite("Variable fonts in layouts")
struct VariableFontTests {
  static func layout(
    _ markup: String, family: String = "Inter", options: LayoutOptions = LayoutOptions()
  ) throws -> Layout {
    try LayoutSupport.layout(markup, family: family, options: options)
  }

  static func width(_ run: Layout.GlyphRun) -> Double {
    run.glyphs.reduce(0) { $0 + $1.advance }
  }

  /// Inter at 550 is drawn at 550: its glyphs are wider than at 400 and narrower than at 600,
  /// and no run is emboldened.
  @Test func weightsBetweenInstancesSetTheAxis() throws {
    let weights = [300, 400, 550, 600, 700]
    let runs = try weights.map { weight in
      try #require(Self.layout("%{\(weight)}WHandgloves").lines.first?.runs.first)
    }
    let widths = runs.map(Self.width)
    #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "\(widths)")
    #expect(runs.allSatisfy { !$0.font.synthesizedBold })
    #expect(runs.map { $0.font.variations.description } == weights.map { "slnt=0,wght=\($0)" })
    #expect(runs.map(\.font.instance) == ["Light", "Regular", nil, "Semi Bold", "Bold"])
    // Past the axis: clamped to Black.
    let heaviest = try #require(Self.layout("%1000WHandgloves").lines.first?.runs.first)
    #expect(heaviest.font.variations.description == "slnt=0,wght=900")
    #expect(heaviest.font.instance == "Black")
    #expect(!heaviest.font.synthesizedBold)
  }

  /// Layout-wide coordinates go over the weight's, a span's over the layout's; a face without
  /// the axis ignores them; a coordinate change cuts shaping.
  @Test func layoutAndSpanCoordinates() throws {
    var options = LayoutOptions()
    options.variations = try FontVariations(parsing: "wght=550")
    let layout = try Self.layout("ab %{wght=250}Vcd%v %Bef", options: options)
    let runs = layout.lines[0].runs
    #expect(runs.map { $0.font.variations.value(forTag: 0x7767_6874) } == [550, 250, 550, 550])
    #expect(runs.map(\.font.style) == ["Regular", "Regular", "Regular", "Bold"])
    let dejaVu = try Self.layout("ab", family: "DejaVu Sans", options: options)
    #expect(dejaVu.lines[0].runs[0].font.variations.isEmpty)
    #expect(dejaVu.lines[0].runs[0].font.instance == nil)
  }

  /// Italic finds Inter's italic instances: slanted by the font, not synthesized.
  @Test func italicUsesTheItalicInstance() throws {
    let run = try #require(Self.layout("%IHandgloves").lines.first?.runs.first)
    #expect(!run.font.synthesizedItalic)
    #expect(run.font.variations.description == "slnt=-10,wght=400")
    #expect(run.font.instance == "Italic")
  }

  /// The probe font's `opsz` axis widens every glyph by 100 units from 6 to 72: it follows the
  /// size unless a coordinate sets it or optical sizing is off.
  @Test func opticalSizeFollowsTheSize() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("Probes/ProbeOpsz.ttf"), index: 0))
    func advance(
      size: Double, variations: String = "", opticalSizing: Bool = true
    ) throws -> Int32 {
      let font = ShapingFont(
        face: face, size: size, namedInstance: 0,
        variations: try FontVariations(parsing: variations), opticalSizing: opticalSizing)
      let text = Array("a".utf8)
      let shaper = Shaper(accelerators: AcceleratorChain([]), language: .none)
      let glyphs = text.withUnsafeBufferPointer {
        shaper.shape($0, range: 0..<text.count, font: font)
      }
      #expect(font.coordinates.variations.count == 1)
      return glyphs.first?.xAdvance ?? 0
    }
    // 26.6 units at `size` for an advance of `units` font units (2048 per em).
    func expected(_ units: Double, size: Double) -> Int32 {
      Int32((units / 2048 * size * 64).rounded())
    }
    #expect(try advance(size: 39) == expected(1305, size: 39))
    #expect(try advance(size: 39, opticalSizing: false) == expected(1255, size: 39))
    #expect(try advance(size: 39, variations: "opsz=72") == expected(1355, size: 39))
    #expect(try advance(size: 200) == expected(1355, size: 200))
  }

  /// The coordinates and the instance survive the layout's JSON both ways.
  @Test func runCoordinatesRoundTrip() throws {
    let layout = try Self.layout("a %{wght=550}Vb")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(layout)
    let json = String(decoding: data, as: UTF8.self)
    #expect(json.contains(#""instance":"Regular""#))
    #expect(json.contains(#""variations":{"slnt":0,"wght":550}"#))
    #expect(try JSONDecoder().decode(Layout.self, from: data) == layout)
  }

  /// ``LayoutOptions/fontWidth`` resolves every run at a width: a family's condensed faces
  /// (DejaVu Sans Condensed at 87.5%), its normal faces for a width nearer normal, and fallback
  /// faces at their own; a width out of range is a problem.
  @Test func fontWidthPicksCondensedFaces() throws {
    var options = LayoutOptions()
    let styles = try [100, 87, 75, 110].map { width in
      options.fontWidth = width
      return try Self.layout("Hi %Bthere", family: "DejaVu Sans", options: options)
        .lines[0].runs.map(\.font.style)
    }
    #expect(
      styles == [
        ["Book", "Bold"], ["Condensed", "Condensed Bold"], ["Condensed", "Condensed Bold"],
        ["Book", "Bold"],
      ])
    for width in [0, 1001] {
      options.fontWidth = width
      #expect(options.problem == "the font width must be 1 to 1000 percent")
    }
  }
}
