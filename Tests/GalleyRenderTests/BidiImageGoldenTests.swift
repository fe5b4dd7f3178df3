import GalleyLayout
import GalleyRender
import Testing

/// Mixed-direction paragraphs drawn with their line boxes and link rectangles (`--annotate`):
/// the pictures show what the bidi tests check in numbers.
@Suite("Bidi images")
struct BidiImageGoldenTests {
  static let white = TextColor(red: 255, green: 255, blue: 255)

  /// Name, markup and width of each picture.
  static let cases: [(name: String, markup: String, width: Double)] = [
    ("bidi-hebrew.png", "שלום עולם! This is Galley 2.0, עם 120 ₪ ו-3/4 כוס (קפה) חם.", 200),
    (
      "bidi-arabic-url.png",
      "زوروا موقعنا https://example.com/docs لمعرفة المزيد عن المكتبة اليوم.", 200
    ),
    ("bidi-link.png", "לחצו %Lעל הקישור here%l כדי להמשיך, או %Lכאן%l.", 170),
    ("bidi-joining.png", "كتاب ك%0Cتا%cب %{48}Sك%0Cتا%cب%s", 260),
  ]

  @Test("Each mixed paragraph matches its golden", arguments: cases.indices)
  func bidiMatchesGolden(_ index: Int) throws {
    let (name, markup, width) = Self.cases[index]
    let layout = try RenderSupport.layout(markup, width: width)
    let options = RenderOptions(
      scale: 2, background: Self.white, linkColor: TextColor(red: 0, green: 0x66, blue: 0xCC),
      annotates: true)
    try RenderSupport.expectGolden(layout, options: options, named: name)
  }
}
