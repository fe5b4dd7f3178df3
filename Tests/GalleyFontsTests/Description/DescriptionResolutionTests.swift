import GalleyFonts
import GalleyStyle
import GalleyTestSupport
import Testing

/// Font descriptions resolved in the test fonts: the first known family, the style words,
/// the width, and the face described back in Pango's form.
@Suite("Resolving font descriptions")
struct DescriptionResolutionTests {
  @Test(
    arguments: [
      ("DejaVu Sans Bold Oblique 12", "DejaVuSans-BoldOblique.ttf", "DejaVu Sans Bold Oblique 12"),
      ("Nope Sans, Lato Light", "Lato-Light.ttf", "Lato Light"),
      ("DejaVu Sans Condensed", "DejaVuSansCondensed.ttf", "DejaVu Sans Semi-Condensed"),
      (
        "DejaVu Sans:weight=200:slant=100", "DejaVuSans-BoldOblique.ttf", "DejaVu Sans Bold Oblique"
      ),
      ("Inter Semi-Bold @wght=550", "Inter.var.ttf", "Inter Semi-Bold @wght=550"),
      ("Inter weight=550", "Inter.var.ttf", "Inter Semi-Bold @wght=550"),
      ("12", "DejaVuSans.ttf", "DejaVu Sans 12"),
    ])
  func resolves(text: String, file: String, described: String) throws {
    let fonts = try HermeticFonts.fontSet()
    let description = try FontDescription(parsing: text)
    let resolved = try fonts.resolve(description)
    #expect(resolved.face.file.hasSuffix("/" + file), "\(resolved.face.file)")
    #expect(fonts.describe(resolved, asked: description).description == described)
  }

  /// No family is known: the first one's substitute, or an error in strict mode.
  @Test func unknownFamilies() throws {
    let fonts = try HermeticFonts.fontSet()
    let description = try FontDescription(parsing: "Nope Sans, Nope Serif Bold")
    #expect(fonts.family(for: description) == "Nope Sans")
    #expect(try fonts.resolve(description).isSubstituted)
    #expect(throws: FontSetError.self) { try fonts.resolve(description, strict: true) }
  }
}
