import GalleyTestSupport
import Testing

@testable import GalleyFonts

/// Only faces HarfBuzz can shape are in the catalog, and a face installed in several formats
/// or files counts once.
@Suite("Font formats")
struct FontFormatTests {
  /// URW's fonts come as OpenType and as Type 1: the Type 1 files are never chosen.
  @Test(arguments: [
    ("Helvetica", "Nimbus Sans"), ("Times", "Nimbus Roman"), ("Courier", "Nimbus Mono PS"),
    ("Palatino", "P052"), ("Nimbus Sans", "Nimbus Sans"), ("C059", "C059"),
    ("URW Bookman", "URW Bookman"), ("Z003", "Z003"),
  ])
  func type1FacesAreNeverChosen(family: String, installed: String) throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    for weight in [0, 1] {
      for italic in [false, true] {
        let resolved = try fonts.resolve(family: family, weight: weight, italic: italic)
        #expect(resolved.face.family == installed)
        #expect(resolved.face.file.hasSuffix(".otf"), "\(resolved.face.file)")
      }
    }
  }

  @Test func eachFaceIsListedOnce() throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    // C059 has four faces, each installed as .otf, .t1 and .afm.
    let faces = fonts.faces(inFamily: "C059")
    #expect(faces.map(\.style).sorted() == ["Bold", "Bold Italic", "Italic", "Roman"])
    #expect(faces.allSatisfy { $0.file.hasSuffix(".otf") })
    for face in fonts.allFaces {
      #expect(!face.file.hasSuffix(".t1") && !face.file.hasSuffix(".pfb"), "\(face.file)")
    }
  }

  /// Fallback lists skip unshapeable faces too.
  @Test func fallbackNeverOffersType1() throws {
    let fonts = try HermeticFonts.sharedWithURW.get()
    let primary = try fonts.resolve(family: "Courier")
    let runs = fonts.fallbackRuns(for: "Hello ✓ ∑ ♠ ❦ Ω", primary: primary)
    #expect(!runs.isEmpty)
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
