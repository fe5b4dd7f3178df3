import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Every built-in alias lays out, on the hermetic fonts and on a desktop-like set where URW's
/// Nimbus Sans Regular, which `Helvetica` names first, is also installed as Type 1, which
/// HarfBuzz cannot read.
@Suite("Aliases lay out")
struct FontAliasLayoutTests {
  static let aliases = FontSetDefinition.builtIn.flatMap(\.aliases.keys).sorted()

  @Test(arguments: [false, true])
  func everyAliasLaysOut(withURW: Bool) throws {
    let fonts = try (withURW ? HermeticFonts.sharedWithURW : HermeticFonts.shared).get()
    let helvetica = try fonts.resolve(family: "Helvetica", weight: 1, italic: true)
    #expect(helvetica.face.family == (withURW ? "Nimbus Sans" : "Liberation Sans"))
    let engine = LayoutEngine(fonts: fonts)
    #expect(Self.aliases.count > 20)
    for family in Self.aliases + ["Comic Sans MS", "NoSuchFamily"] {
      for (weight, italic) in [(0, false), (1, true)] {
        var formatter = MarkupFormatter()
        formatter.defaultFamily = family
        formatter.defaultWeight = weight
        let text = try formatter.format(italic ? "%IHello, world" : "Hello, world")
        let layout = try engine.layout(text, options: LayoutOptions())
        #expect(layout.lines.count == 1, "\(family)")
        #expect(layout.size.width > 40, "\(family)")
      }
    }
  }
}
