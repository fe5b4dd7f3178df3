import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleySupport
import GalleyTestSupport
import Testing

@Suite("Layout and format documents against JSONEncoder")
struct DocumentWritingTests {
  /// The golden files other targets check, read from their folders.
  private static func golden(_ path: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("Tests").appendingPathComponent(path)
    return Array(try Data(contentsOf: url))
  }

  /// The layout tests' formatter: three families, one color, DejaVu Sans 13.
  private static var formatter: MarkupFormatter {
    var formatter = MarkupFormatter(
      fontFamilies: ["DejaVu Sans", "DejaVu Serif", "Lato"],
      colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    return formatter
  }

  /// Compares the writer's layout document with `JSONEncoder`'s.
  private func expectSameLayout(
    _ layout: Layout, image: ImageGeometry? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = EncoderReference.layout(layout, image: image)
    let actual = EncoderReference.written { writer throws(JSONWriter.NonFiniteNumber) in
      try layout.writeJSON(into: &writer, image: image)
    }
    #expect(actual == expected, sourceLocation: sourceLocation)
  }

  /// Compares the writer's format document with `JSONEncoder`'s.
  private func expectSameText(
    _ text: FormattedText, warnings: [MarkupError]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = EncoderReference.formatted(text, warnings: warnings)
    let actual = EncoderReference.written { writer throws(JSONWriter.NonFiniteNumber) in
      try text.writeJSON(into: &writer, warnings: warnings)
    }
    #expect(actual == expected, sourceLocation: sourceLocation)
  }

  /// The input of `GalleyLayoutTests`' `layout-link-wrap.json`, laid out with hermetic fonts.
  @Test func layoutGolden() throws {
    let text = try Self.formatter.format(
      "Tap %{https://example.com}L%0C%1Uhere%u%c%l for %Bmore%b, 男孩 %Ifun%i.")
    let engine = LayoutEngine(fonts: try HermeticFonts.fontSet())
    let layout = try engine.layout(text, options: LayoutOptions(width: 120))
    var writer = JSONWriter()
    try layout.writeJSON(into: &writer)
    let written = GoldenPaths.normalized(String(decoding: writer.bytes, as: UTF8.self))
    #expect(
      Array(written.utf8) == (try Self.golden("GalleyLayoutTests/Golden/layout-link-wrap.json")))
    expectSameLayout(layout)
    expectSameLayout(
      layout, image: ImageGeometry(width: 240, height: 96, scale: 2, originX: 0, originY: 0.5))
  }

  /// The inputs of `codable-link.json` and `format-everything.json`.
  @Test func formatGoldens() throws {
    let link = try MarkupFormatter(
      fontFamilies: ["DejaVu Sans", "DejaVu Serif"],
      colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)]
    ).format("Tap %{https://e.com}L%0C%1Uhere%u%c%l, 😀 %B%{12.5}Snow%s%b")
    var writer = JSONWriter()
    try link.writeJSON(into: &writer)
    #expect(writer.bytes == (try Self.golden("GalleyMarkupTests/Golden/codable-link.json")))

    var formatter = MarkupFormatter(
      fontFamilies: ["DejaVu Sans", "DejaVu Serif"],
      colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
    formatter.defaultBackground = TextColor(parsing: "lightyellow")
    let everything = try formatter.format(
      "%BBold%b, %Iitalic%i, %1Fserif%f, %{https://example.com/a%20b}L%0C%1Ulink%u%c%l, "
        + "%{12.5}Ssmall%s, %XX%x, %10Kwide%k, x%{3}R2%r, 😀 100%%")
    writer = JSONWriter()
    try everything.writeJSON(into: &writer)
    #expect(writer.bytes == (try Self.golden("GalleyCLITests/Golden/format-everything.json")))
  }

  @Test func randomLayouts() {
    var generator = SeededGenerator(seed: 1117)
    for _ in 0..<300 {
      let layout = RandomDocuments.layout(using: &generator)
      expectSameLayout(layout)
      expectSameLayout(layout, image: RandomDocuments.image(using: &generator))
    }
  }

  @Test func randomPlainTexts() {
    var generator = SeededGenerator(seed: 2029)
    for _ in 0..<300 {
      expectSameText(RandomDocuments.plainText(using: &generator))
    }
  }

  @Test func randomMarkupWithWarnings() {
    var generator = SeededGenerator(seed: 0x2028)
    let formatter = MarkupFormatter(
      fontFamilies: ["DejaVu Sans", "Odd \"family\" \\ / \u{1}"],
      colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
    for _ in 0..<300 {
      let result = formatter.formatLeniently(RandomDocuments.markup(using: &generator))
      expectSameText(result.text, warnings: result.warnings)
      expectSameText(result.text)
    }
  }

  @Test func emptyDocuments() throws {
    expectSameText(FormattedText(plain: ""), warnings: [])
    let typography = try? Self.formatter.format(
      "a%{smcp,\"liga\" 0}Ob%{wght=550,opsz=20}Vc%o%vd%{de}G%{auto}He")
    #expect(typography != nil)
    if let typography { expectSameText(typography) }
    let engine = LayoutEngine(fonts: try HermeticFonts.fontSet())
    expectSameLayout(try engine.layout(FormattedText(plain: ""), options: LayoutOptions()))
  }

  /// A number JSON cannot hold fails both encoders.
  @Test func nonFiniteNumbersFailBoth() {
    let text = FormattedText(plain: "x", attributes: TextAttributes(size: .nan))
    #expect(EncoderReference.formatted(text) == nil)
    #expect(throws: JSONWriter.NonFiniteNumber.self) {
      var writer = JSONWriter()
      try text.writeJSON(into: &writer)
    }
  }
}
