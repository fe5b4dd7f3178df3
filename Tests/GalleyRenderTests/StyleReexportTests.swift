import GalleyRender
import Testing

/// Code that imports only GalleyRender can name the `TextColor` its options take.
///
/// GalleyRender re-exports GalleyStyle. This file must import nothing else from Galley.
@Suite("GalleyStyle through GalleyRender")
struct StyleReexportTests {
  @Test func optionColorsAreNameableThroughGalleyRender() throws {
    let background: TextColor = try #require(TextColor(parsing: "#FFF8"))
    let options = RenderOptions(background: background, linkColor: .black)
    #expect(options.background?.hexString == "#FFFFFF88")
    #expect(options.linkColor == TextColor(red: 0, green: 0, blue: 0))
  }
}
