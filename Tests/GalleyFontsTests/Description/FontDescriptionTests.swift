import GalleyFonts
import GalleyStyle
import Testing

/// Font description strings: Pango's grammar (the expected readings are Pango 1.50's, from
/// `pango_font_description_from_string`, where Galley agrees), fontconfig patterns, and the
/// strings Pango quietly misreads, which are errors here.
@Suite("Font description strings")
struct FontDescriptionTests {
  /// A reading, compactly: families joined by `|`, then the set fields.
  static func summary(_ description: FontDescription) -> String {
    var parts = [description.families.joined(separator: "|")]
    if let weight = description.weight { parts.append("w=\(weight)") }
    if let slant = description.slant { parts.append(slant.rawValue) }
    if let width = description.width { parts.append("wd=\(width)") }
    if let variant = description.variant { parts.append(variant.rawValue) }
    if let size = description.size { parts.append("s=\(size)") }
    if !description.variations.isEmpty { parts.append("@\(description.variations)") }
    if !description.features.isEmpty { parts.append("#\(description.features)") }
    return parts.joined(separator: " ")
  }

  @Test(
    "Pango's grammar, read from the right",
    arguments: [
      ("DejaVu Sans Bold Oblique 12", "DejaVu Sans w=700 oblique s=12.0"),
      ("Inter Semi-Bold 13 @wght=550,opsz=20", "Inter w=600 s=13.0 @wght=550,opsz=20"),
      ("Inter Semi-Bold 13 @wght=550,opsz=20 #tnum", "Inter w=600 s=13.0 @wght=550,opsz=20 #tnum"),
      ("DejaVu Sans, Noto Sans Bold 12", "DejaVu Sans|Noto Sans w=700 s=12.0"),
      ("Sans", "Sans"), ("Sans 12", "Sans s=12.0"), ("Sans Bold", "Sans w=700"),
      ("Sans Italic 10.5", "Sans italic s=10.5"), ("Sans 12px", "Sans s=12.0"),
      ("Serif Condensed Bold Italic 14", "Serif w=700 italic wd=75.0 s=14.0"),
      ("Monospace Small-Caps 9", "Monospace Small-Caps s=9.0"),
      ("Cantarell SemiBold 11", "Cantarell w=600 s=11.0"),
      ("Cantarell Semibold 11", "Cantarell w=600 s=11.0"),
      ("Cantarell semi-bold 11", "Cantarell w=600 s=11.0"),
      ("Normal", ""), ("Sans Normal 12", "Sans s=12.0"), ("Bold", " w=700"), ("12", " s=12.0"),
      ("Sans,", "Sans"), ("Sans, Bold", "Sans w=700"), ("Sans Book 12", "Sans w=380 s=12.0"),
      ("Sans Regular", "Sans w=400"), ("Sans Roman", "Sans upright"), ("Sans Thin", "Sans w=100"),
      ("Sans Ultra-Light", "Sans w=200"), ("Sans Heavy", "Sans w=900"),
      ("Sans Ultra-Black", "Sans w=1000"), ("Sans Ultra-Expanded", "Sans wd=200.0"),
      ("Sans Semi-Condensed", "Sans wd=87.5"), ("Sans All-Small-Caps", "Sans All-Small-Caps"),
      ("Sans weight=550 12", "Sans w=550 s=12.0"), ("Sans style=italic", "Sans italic"),
      ("@wght=300", " @wght=300"), ("Sans @wght=300", "Sans @wght=300"),
      ("Lato Light", "Lato w=300"), ("Lato Thin Italic 8", "Lato w=100 italic s=8.0"),
      ("Sans Bold Bold", "Sans w=700"), (" Sans   Bold   12 ", "Sans w=700 s=12.0"),
      ("Noto Sans CJK JP Bold 12", "Noto Sans CJK JP w=700 s=12.0"), ("Sans 12.", "Sans s=12.0"),
      ("Sans .5", "Sans s=0.5"),
      // Galley also reads style words written apart.
      ("Inter Semi Bold 13", "Inter w=600 s=13.0"),
      ("DejaVu Sans Extra Light", "DejaVu Sans w=200"),
      ("Font Awesome 5 Free Solid", "Font Awesome 5 Free Solid"),
      // A comma ends the family list: a word before it is a family's, never a size.
      ("Sans, 2x,", "Sans|2x"), ("wg, 2x, Bold", "wg|2x w=700"),
    ])
  func pango(text: String, expected: String) throws {
    #expect(Self.summary(try FontDescription(parsing: text)) == expected)
  }

  @Test(
    "fontconfig patterns",
    arguments: [
      ("DejaVu Sans:weight=200:slant=100", "DejaVu Sans w=700 italic"),
      ("DejaVu Sans:bold:oblique", "DejaVu Sans w=700 oblique"),
      ("Lato,Noto Sans:light:size=9.5", "Lato|Noto Sans w=300 s=9.5"),
      ("Inter:fontvariations=wght=550", "Inter @wght=550"),
      ("Sans:width=75:pixelsize=20", "Sans wd=75.0 s=20.0"),
    ])
  func fontconfig(text: String, expected: String) throws {
    #expect(Self.summary(try FontDescription(parsing: text)) == expected)
  }

  /// Pango makes a family of these ("Inter 550", "Sans -3", "Sans 12pt"), or gives them a
  /// gravity Galley has no use for: Galley names the word, and suggests where it can.
  @Test(
    "Strings Pango misreads are errors",
    arguments: [
      ("Inter 550 20", "550", 6, "Inter weight=550 20"),
      // 'Inter weight=550 Bold' would set the weight twice: a suggestion that does not read
      // is not offered.
      ("Inter 550 Bold", "550", 6, nil), ("Sans 5 12r", "12r", 7, nil),
      ("Sans -3", "-3", 5, nil), ("Sans 12pt", "12pt", 5, "Sans 12"),
      ("Sans 0", "0", 5, nil), ("Sans 1e3", "1e3", 5, nil), ("Sans 1001", "1001", 5, nil),
      ("Sans 12 @wght=300 extra", "@wght=300", 8, nil),
      ("Sans Rotated-Left", "Rotated-Left", 5, nil),
      ("Sans Bold Light", "Bold", 5, nil), ("Sans Italic Oblique", "Italic", 5, nil),
      ("Sans @wght", "@wght", 5, nil), ("Sans #kern=x", "#kern=x", 5, nil),
      ("Sans:weight=bogus", "Sans:weight=bogus", 0, nil), ("Sans:size=0", "Sans:size=0", 0, nil),
    ] as [(String, String, Int, String?)])
  func errors(text: String, word: String, offset: Int, suggestion: String?) {
    #expect {
      try FontDescription(parsing: text)
    } throws: { error in
      guard let error = error as? FontDescriptionError else { return false }
      return error.word == word && error.offset == offset && error.suggestion == suggestion
        && !error.reason.isEmpty
    }
  }

  @Test(
    "Pango's form, which reads back the same",
    arguments: [
      ("DejaVu Sans Bold Oblique 12", "DejaVu Sans Bold Oblique 12"),
      ("Serif Condensed Bold Italic 14", "Serif Bold Italic Condensed 14"),
      ("Cantarell semibold 11", "Cantarell Semi-Bold 11"),
      ("Sans weight=550 12 @wght=550 #tnum", "Sans weight=550 12 @wght=550 #tnum"),
      ("12", "Normal 12"),
      ("DejaVu Sans, Noto Sans Ultra-Black", "DejaVu Sans,Noto Sans Ultra-Heavy"),
      ("Sans Small-Caps", "Sans Small-Caps"), ("Sans:width=80", "Sans stretch=80"),
      // A family whose last word reads as a style word or a size keeps its comma.
      ("Foo Bold, 12", "Foo Bold, 12"), ("Foo Bold, Italic", "Foo Bold, Italic"),
      ("Sans stretch=87.1", "Sans stretch=87.1"), ("Sans stretch=87.5", "Sans Semi-Condensed"),
      ("Sans @wght=0.00001", "Sans @wght=0.00001"),
      // A part set to its default value stays set.
      ("regular", "Regular"), ("Sans Roman 10", "Sans Roman 10"),
      ("Sans stretch=100", "Sans stretch=100"), ("Normal", "Normal"),
    ])
  func canonical(text: String, expected: String) throws {
    let description = try FontDescription(parsing: text)
    #expect(description.description == expected)
    #expect(try FontDescription(parsing: description.description) == description)
  }

  @Test func variantsTurnOnFeatures() throws {
    let description = try FontDescription(parsing: "Sans All-Small-Caps #tnum")
    #expect(description.allFeatures.description == "smcp,c2sc,tnum")
  }
}
