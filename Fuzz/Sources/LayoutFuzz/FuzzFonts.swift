import Foundation
import FuzzSupport
import GalleyFonts
import GalleyLayout

/// The layout engine the harness shares between inputs, over the same hermetic fonts as the
/// tests (`Tests/GalleyTestSupport/HermeticFonts.swift`): only the Debian font directories, with
/// fontconfig's cache in a temporary directory.
enum FuzzFonts {
  /// The Debian font directories that `scripts/setup.sh` installs.
  static let directories = [
    "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/truetype/lato", "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/droid",
  ]

  /// Generic families mapped to DejaVu, as in the tests.
  static let generics = [
    "sans-serif": ["DejaVu Sans"], "serif": ["DejaVu Serif"], "monospace": ["DejaVu Sans Mono"],
  ]

  /// fontconfig's cache: `$TMPDIR/galley-fuzz-fontconfig-cache`.
  static let cacheDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("galley-fuzz-fontconfig-cache").path

  /// The engine, created on first use; the harness stops when the fonts cannot be loaded.
  static let engine: LayoutEngine = {
    do throws(FontSetError) {
      let fonts = try FontSet(
        options: FontSet.Options(
          source: .directories(directories, generics: generics, cacheDirectory: cacheDirectory)))
      return LayoutEngine(fonts: fonts)
    } catch {
      FuzzCheck.fail(
        "setup", "the hermetic fonts cannot be loaded (run scripts/setup.sh): \(error)")
    }
  }()
}
