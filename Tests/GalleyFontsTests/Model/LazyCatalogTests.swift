import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyFonts

/// A font set that lists faces lazily (`galley font`'s) answers every question as one that
/// lists them all when it is created.
@Suite("Lazy catalog")
struct LazyCatalogTests {
  /// The configurations compared, by name.
  enum Configuration: String, CaseIterable, CustomTestStringConvertible {
    /// The hermetic fonts.
    case hermetic
    /// The hermetic fonts and URW's Nimbus Sans Regular, in OpenType and Type 1.
    case withURW
    /// DejaVu Sans Bold renamed `DejaVu-Sans` at scan time: two installed spellings of one
    /// family key.
    case twoSpellings

    var testDescription: String { rawValue }

    /// Font set options for the configuration.
    func options() -> FontSet.Options {
      switch self {
      case .hermetic:
        return HermeticFonts.options()
      case .withURW:
        return FontSet.Options(
          source: .directories(
            HermeticFonts.directories + [HermeticFonts.urwDirectory],
            generics: HermeticFonts.generics, cacheDirectory: HermeticFonts.cacheDirectory))
      case .twoSpellings:
        // Scan-time edits are stored in the cache, so this configuration has its own.
        let cache = FileManager.default.temporaryDirectory
          .appendingPathComponent("galley-tests-lazy-catalog-\(getpid())").path
        var xml = FontSet.hermeticXML(
          directories: [HermeticFonts.fontPath("dejavu")], generics: HermeticFonts.generics,
          cache: cache)
        let rename = """
            <match target="scan"><test name="file" compare="contains">\
          <string>DejaVuSans-Bold.ttf</string></test>\
          <edit name="family" mode="assign_replace"><string>DejaVu-Sans</string></edit></match>
          </fontconfig>

          """
        xml = xml.replacingOccurrences(of: "</fontconfig>\n", with: rename)
        return FontSet.Options(source: .xml(xml))
      }
    }
  }

  /// Names that are not installed families: aliases, generics, other spellings, unknowns.
  static let otherNames = [
    "Helvetica", "Times New Roman", "Courier", "Arial", "serif", "sans-serif", "monospace",
    "emoji", "dejavu-sans", "DEJAVU_SANS", "  DejaVu Serif ", "DejaVu Sanz", "No Such Family",
    "Nimbus-Sans", "---",
  ]

  @Test(arguments: Configuration.allCases)
  func resolvesAsAnEagerFontSet(configuration: Configuration) throws {
    let eager = try FontSet(options: configuration.options(), listsFacesLazily: false)
    let lazy = try FontSet(options: configuration.options(), listsFacesLazily: true)
    for family in eager.familyNames + Self.otherNames {
      for (weight, italic) in [(0, false), (1, false), (-1, true), (900, true)] {
        for strict in [false, true] {
          let expected = Result { () throws(FontSetError) in
            try eager.resolve(family: family, weight: weight, italic: italic, strict: strict)
          }
          let found = Result { () throws(FontSetError) in
            try lazy.resolve(family: family, weight: weight, italic: italic, strict: strict)
          }
          #expect(found == expected, "\(family) \(weight) \(italic) strict \(strict)")
        }
      }
      #expect(lazy.faces(inFamily: family) == eager.faces(inFamily: family), "\(family)")
    }
    #expect(lazy.familyNames == eager.familyNames)
    #expect(lazy.allFaces == eager.allFaces)
  }

  @Test func twoSpellingsMakeOneFamily() throws {
    let lazy = try FontSet(
      options: Configuration.twoSpellings.options(), listsFacesLazily: true)
    let styles = lazy.faces(inFamily: "DejaVu Sans").map(\.style)
    #expect(styles.contains("Bold") && styles.contains("Book"), "\(styles)")
    #expect(try lazy.resolve(family: "DejaVu Sans", weight: 1).face.family == "DejaVu-Sans")
  }

  @Test func aConfigurationWithoutFontsIsAnError() {
    let xml = "<?xml version=\"1.0\"?>\n<fontconfig><dir>/nonexistent-galley</dir></fontconfig>\n"
    #expect(throws: FontSetError(.fontconfigFailed, "fontconfig lists no fonts at all")) {
      try FontSet(options: FontSet.Options(source: .xml(xml)), listsFacesLazily: true)
    }
  }
}
