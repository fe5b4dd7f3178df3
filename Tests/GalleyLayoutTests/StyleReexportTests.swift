import GalleyLayout
import Testing

/// Code that imports only GalleyLayout can name the `TextColor` its layout model carries.
///
/// GalleyLayout re-exports GalleyStyle. This file must import nothing else from Galley.
@Suite("GalleyStyle through GalleyLayout")
struct StyleReexportTests {
  @Test func layoutColorsAreNameableThroughGalleyLayout() throws {
    let red: TextColor = try #require(TextColor(parsing: "red"))
    let rect = Layout.Rect(x: 0, y: 0, width: 10, height: 1)
    let stroke = Layout.Decoration(kind: .underline, rect: rect, color: red)
    let box = Layout.Background(rect: rect, color: .white)
    #expect(stroke.color.hexString == "#FF0000FF")
    #expect(box.color == TextColor(red: 255, green: 255, blue: 255))
  }
}
