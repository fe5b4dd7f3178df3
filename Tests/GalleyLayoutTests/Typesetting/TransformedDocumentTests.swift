import Foundation
import GalleyLayout
import GalleySupport
import GalleyTestSupport
import Testing

/// The layout document of transformed glyphs: transforms in the glyphs' objects, quads on
/// links, decorations and backgrounds, `inkBounds` and `horizontalScale`; the writer's bytes
/// are `JSONEncoder`'s, and the document decodes back to the layout.
@Suite("Transformed layout documents")
struct TransformedDocumentTests {
  static func transformedLayout() throws -> Layout {
    var options = LayoutOptions(width: 150)
    options.glyphScale = LayoutOptions.GlyphScale(width: 1.2, height: 1.5)
    options.glyphTypesetters = [
      AnyGlyphTypesetter(RotationTypesetter(degrees: 12)),
      AnyGlyphTypesetter(RandomShiftTypesetter(x: 1, y: 1, degrees: 0, seed: 5)),
    ]
    return try LayoutSupport.layout(
      "Go %Lhome%l, %1U%{#FFE080}Dnow%d%u", options: options
    ).1
  }

  @Test func documentMatchesItsGoldenAndDecodes() throws {
    let layout = try Self.transformedLayout()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(layout), as: UTF8.self)
    try expectGolden(json, named: "layout-transformed.json")
    #expect(try JSONDecoder().decode(Layout.self, from: Data(json.utf8)) == layout)
    for key in ["\"transform\"", "\"quads\"", "\"quad\"", "\"inkBounds\"", "\"horizontalScale\""] {
      #expect(json.contains(key), "\(key)")
    }
    // The writer prints as the encoder does with these settings.
    var writer = JSONWriter()
    try layout.writeJSON(into: &writer)
    #expect(writer.bytes == Array(json.utf8))
  }

  @Test func untransformedDocumentsHaveNoNewKeys() throws {
    let (_, layout) = try LayoutSupport.layout("Go %Lhome%l, %1Unow%u", width: 150)
    let json = String(decoding: try JSONEncoder().encode(layout), as: UTF8.self)
    for key in ["transform", "quads", "quad", "inkBounds", "horizontalScale"] {
      #expect(!json.contains("\"\(key)\""), "\(key)")
    }
  }

  @Test func aQuadNeedsFourPoints() throws {
    let three = #"[{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 1, "y": 1}]"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Layout.Quad.self, from: Data(three.utf8))
    }
  }
}
