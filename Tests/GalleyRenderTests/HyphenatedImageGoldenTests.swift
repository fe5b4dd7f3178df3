import GalleyLayout
import GalleyRender
import Testing

/// A justified paragraph broken by `optimal` wrapping with automatic hyphenation, drawn with
/// its line boxes: the inserted hyphens at the right edge, spaces stretched and shrunk.
@Suite("Hyphenated image")
struct HyphenatedImageGoldenTests {
  static let markup =
    "Typography is the art and technique of arranging type to make written language legible, "
    + "readable and appealing when displayed. The arrangement of type involves selecting "
    + "typefaces, point sizes, line lengths, line spacing and letter spacing, and adjusting "
    + "the space between pairs of letters: a %0Cjustified%c paragraph keeps its edges straight."

  @Test func justifiedOptimalParagraphMatchesItsGolden() throws {
    var options = LayoutOptions(width: 230, alignment: .justify, language: "en-US")
    options.wrapStyle = .optimal
    options.hyphens = .auto
    let layout = try RenderSupport.engine.get().layout(
      try RenderSupport.text(Self.markup), options: options)
    #expect(layout.lines.contains { $0.isHyphenated })
    for line in layout.lines.dropLast() { #expect(abs(line.width - 230) < 1e-9) }
    let render = RenderOptions(
      scale: 2, background: TextColor(red: 255, green: 255, blue: 255), annotates: true)
    try RenderSupport.expectGolden(layout, options: render, named: "hyphenated-optimal.png")
  }
}
