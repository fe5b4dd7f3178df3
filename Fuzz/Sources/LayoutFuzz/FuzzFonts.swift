import Foundation
import FuzzSupport
import GalleyFonts
import GalleyLayout

/// The layout engine the harness shares between inputs, over the same hermetic fonts as the
/// tests (`Tests/GalleyTestSupport/HermeticFonts.swift`): only the font folders of the
/// repository's `Tests/Fonts/`, with fontconfig's cache in a temporary directory.
enum FuzzFonts {
  /// The repository's `Tests/Fonts`, found from this file's path
  /// (`Fuzz/Sources/LayoutFuzz/FuzzFonts.swift`).
  static let fontsDirectory = URL(fileURLWithPath: #filePath).standardizedFileURL
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fonts").path

  /// The font folders, in the tests' order: fontconfig breaks ties between fallback faces by it.
  static let directories = [
    "dejavu", "liberation2", "lato", "noto", "droid", "inter", "firacode",
  ].map {
    fontsDirectory + "/" + $0
  }

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
        "setup", "the hermetic fonts cannot be loaded (Tests/Fonts): \(error)")
    }
  }()
}
