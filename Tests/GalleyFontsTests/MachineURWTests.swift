import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

/// Smoke tests on the machine's own URW base 35 fonts (`fonts-urw-base35`, which ghostscript
/// pulls in on most desktops), skipped when the machine does not have them.
///
/// Debian installs each of the 35 faces as OpenType and as Type 1, in two directories. The
/// repository holds only Nimbus Sans Regular (``FontFormatTests``); these tests check the URW
/// families and aliases a desktop has beside it, whose results depend on that package.
@Suite("URW fonts of the machine")
struct MachineURWTests {
  /// Debian's URW directories: OpenType, then Type 1 with `.afm` metrics.
  static let directories = [
    "/usr/share/fonts/opentype/urw-base35", "/usr/share/fonts/type1/urw-base35",
  ]

  /// Whether the machine has both directories.
  static let isInstalled = directories.allSatisfy { FileManager.default.fileExists(atPath: $0) }

  /// The hermetic fonts and the machine's URW fonts.
  static let fonts = Result { () throws(FontSetError) in
    try FontSet(
      options: FontSet.Options(
        source: .directories(
          HermeticFonts.directories + directories, generics: HermeticFonts.generics,
          cacheDirectory: HermeticFonts.cacheDirectory)))
  }

  /// The OpenType files are chosen, never the Type 1 ones, through aliases and family names.
  @Test(
    .enabled(if: MachineURWTests.isInstalled, "needs fonts-urw-base35"),
    arguments: [
      ("Times", "Nimbus Roman"), ("Courier", "Nimbus Mono PS"), ("Palatino", "P052"),
      ("C059", "C059"), ("URW Bookman", "URW Bookman"), ("Z003", "Z003"),
    ])
  func type1FacesAreNeverChosen(family: String, installed: String) throws {
    let fonts = try Self.fonts.get()
    for weight in [0, 1] {
      for italic in [false, true] {
        let resolved = try fonts.resolve(family: family, weight: weight, italic: italic)
        #expect(resolved.face.family == installed)
        #expect(resolved.face.file.hasSuffix(".otf"), "\(resolved.face.file)")
      }
    }
  }

  @Test(.enabled(if: MachineURWTests.isInstalled, "needs fonts-urw-base35"))
  func eachFaceIsListedOnce() throws {
    let fonts = try Self.fonts.get()
    // C059 has four faces, each installed as .otf, .t1 and .afm.
    let faces = fonts.faces(inFamily: "C059")
    #expect(faces.map(\.style).sorted() == ["Bold", "Bold Italic", "Italic", "Roman"])
    #expect(faces.allSatisfy { $0.file.hasSuffix(".otf") })
    for face in fonts.allFaces {
      #expect(!face.file.hasSuffix(".t1") && !face.file.hasSuffix(".pfb"), "\(face.file)")
    }
  }
}
