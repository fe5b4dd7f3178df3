import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTestSupport
import Testing

/// The label with everything (truncated with a link token, autoshrunk, justified, centered in
/// its box, with tabs and FXLabel's spacing) drawn against a PNG golden.
///
/// The layout is the JSON golden of `GalleyLayoutTests`' `LabelGoldenTests`, decoded (with its
/// font paths made this checkout's), so the picture checked is the layout checked there.
@Suite("A label with everything, drawn")
struct LabelImageGoldenTests {
  @Test func pngGolden() throws {
    let url = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("Tests/GalleyLayoutTests/Golden/label-everything.json")
    let golden = GoldenPaths.resolved(try String(contentsOf: url, encoding: .utf8))
    let layout = try JSONDecoder().decode(Layout.self, from: Data(golden.utf8))
    let options = RenderOptions(
      scale: 2, background: TextColor(red: 255, green: 255, blue: 255),
      linkColor: TextColor(red: 0, green: 0x66, blue: 0xCC), annotates: true)
    let bitmap = try RenderSupport.expectGolden(
      layout, options: options, named: "label-everything.png")
    // A fixed height gives a fixed canvas: 240 × 70 points at 2 pixels per point.
    #expect(bitmap.width == 480 && bitmap.height == 140)
  }
}
