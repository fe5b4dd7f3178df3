import GalleyMarkup
import Testing

/// Code that imports only GalleyMarkup still sees the types that moved to GalleyStyle.
///
/// `TextColor`, `FontWeight` and `UnderlineStyle` moved to GalleyStyle, which GalleyMarkup
/// re-exports. This file must import nothing else from Galley.
@Suite("GalleyStyle through GalleyMarkup")
struct StyleReexportTests {
  @Test func styleTypesAreVisibleThroughGalleyMarkup() throws {
    let color: TextColor = try #require(TextColor(parsing: "#1A5FB4"))
    let underline: UnderlineStyle = .double
    let weight: Int = try #require(FontWeight.parse("semibold"))
    let text = try MarkupFormatter(colors: [color]).format("%0C%2U%600Wx")
    let attributes = try #require(text.runs.first).attributes
    #expect(attributes.color == color)
    #expect(attributes.underline == underline)
    #expect(attributes.weight == weight)
    #expect(FontWeight.isValid(attributes.weight))
  }

  @Test func oldQualifiedNamesStillWork() {
    let color: GalleyMarkup.TextColor = .white
    let underline: GalleyMarkup.UnderlineStyle = .single
    let attributes = TextAttributes(color: color, underline: underline)
    #expect(attributes.color == TextColor(red: 255, green: 255, blue: 255))
    #expect(GalleyMarkup.FontWeight.cssWeight(for: 1) == 700)
  }
}
