import GalleyFonts
import GalleyTestSupport
import Testing

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
