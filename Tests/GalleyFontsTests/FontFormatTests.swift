import GalleyTestSupport
import Testing

@testable import GalleyFonts

/// Only faces HarfBuzz can shape are in the catalog, and a face installed in several formats
/// or files counts once.
///
/// URW's Nimbus Sans Regular is in `Tests/Fonts/urw-base35` as desktops install URW's fonts: as
/// OpenType (`.otf`), and as Type 1 (`.t1`, with `.afm` metrics), which HarfBuzz cannot read.
@Suite("Font formats")
struct FontFormatTests {
  /// The OpenType file is chosen, never the Type 1 one, at every weight and in italic.
  @Test(arguments: [
    ("Helvetica", "Nimbus Sans"), ("Helvetica Neue", "Nimbus Sans"),
    ("Nimbus Sans", "Nimbus Sans"), ("nimbus-sans", "Nimbus Sans"),
  ])
  func type1FacesAreNeverChosen(family: String, installed: String) throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    for weight in [-1, 0, 1, 3] {
      for italic in [false, true] {
        let resolved = try fonts.resolve(family: family, weight: weight, italic: italic)
        #expect(resolved.face.family == installed)
        #expect(resolved.face.file.hasSuffix("/NimbusSans-Regular.otf"), "\(resolved.face.file)")
      }
    }
  }

  @Test func eachFaceIsListedOnce() throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    // Nimbus Sans Regular is installed as .otf, .t1 and .afm.
    let faces = fonts.faces(inFamily: "Nimbus Sans")
    #expect(faces.map(\.style) == ["Regular"])
    #expect(faces.allSatisfy { $0.file.hasSuffix(".otf") })
    #expect(fonts.allFaces.filter { $0.postscriptName == "NimbusSans-Regular" }.count == 1)
    for face in fonts.allFaces {
      #expect(!face.file.hasSuffix(".t1") && !face.file.hasSuffix(".pfb"), "\(face.file)")
    }
  }

  /// A face installed only as Type 1 is not installed at all: an alias goes on to its next
  /// family.
  @Test func type1AloneIsNoFace() throws {
    var options = HermeticFonts.options()
    options.source = .directories(
      [HermeticFonts.fontPath("dejavu")], generics: [:],
      cacheDirectory: HermeticFonts.cacheDirectory)
    options.fontFiles = [HermeticFonts.fontPath("urw-base35/NimbusSans-Regular.t1")]
    let fonts = try FontSet(options: options)
    #expect(fonts.faces(inFamily: "Nimbus Sans").isEmpty)
    #expect(!fonts.familyNames.contains("Nimbus Sans"))
    #expect(try fonts.resolve(family: "Helvetica").face.family == "DejaVu Sans")
    #expect(throws: FontSetError.self) { try fonts.resolve(family: "Nimbus Sans", strict: true) }
  }

  /// Fallback lists skip unshapeable faces too.
  @Test func fallbackNeverOffersType1() throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    let primary = try fonts.resolve(family: "Helvetica")
    let runs = fonts.fallbackRuns(for: "Hello ✓ ∑ ♠ ❦ Ω", primary: primary)
    #expect(runs.first?.face?.file.hasSuffix("/NimbusSans-Regular.otf") == true, "\(runs)")
    #expect(runs.count > 1, "\(runs)")
    for run in runs {
      let file = try #require(run.face?.file)
      #expect(!file.hasSuffix(".t1") && !file.hasSuffix(".pfb"), "\(file)")
    }
  }
}

/// Which clusters fallback draws from a color emoji font.
@Suite("Emoji presentation")
struct EmojiPresentationTests {
  @Test(arguments: [
    ("8\u{301}", false), ("#\u{308}", false), ("a\u{301}", false), ("8", false),
    ("\u{263A}", false), ("\u{263A}\u{FE0E}", false),
    ("8\u{20E3}", true), ("#\u{FE0F}\u{20E3}", true), ("\u{263A}\u{FE0F}", true),
    ("\u{263A}\u{1F3FB}", true), ("\u{2764}\u{200D}\u{1F525}", true), ("👍🏽", true),
    ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", true), ("🇫🇷", true),
  ])
  func emojiPictures(cluster: String, isPicture: Bool) throws {
    let character = try #require(cluster.count == 1 ? cluster.first : nil)
    #expect(FontSet.isEmojiPresentation(character) == isPicture)
  }

  /// A digit with an accent is drawn in a text face, found by the layout fuzzer: it went to
  /// the color emoji font, which drew the accent as .notdef left of the line.
  @Test func digitWithAnAccentStaysText() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    let runs = fonts.fallbackRuns(for: "8\u{301}\u{FFFD} x", primary: primary)
    for run in runs { #expect(run.face?.isColor != true, "\(run)") }
  }
}
