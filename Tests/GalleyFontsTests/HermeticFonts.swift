import Foundation
import GalleyFonts

/// The font set every test uses: only the Debian font directories the set-up installs, with
/// generic families mapped explicitly, so results do not depend on the machine's other fonts.
enum HermeticFonts {
  static let directories = [
    "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/truetype/lato", "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/droid",
  ]

  static let generics = [
    "sans-serif": ["DejaVu Sans"], "serif": ["DejaVu Serif"], "monospace": ["DejaVu Sans Mono"],
  ]

  static let cacheDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("galley-tests-fontconfig-cache").path

  static func options(definitions: [FontSetDefinition] = []) -> FontSet.Options {
    FontSet.Options(
      source: .directories(directories, generics: generics, cacheDirectory: cacheDirectory),
      definitions: definitions)
  }

  /// One shared font set: listing fonts is the slow part, and the set is thread-safe.
  static let shared: Result<FontSet, FontSetError> = {
    do throws(FontSetError) {
      return .success(try FontSet(options: options()))
    } catch {
      return .failure(error)
    }
  }()

  static func fontSet() throws -> FontSet { try shared.get() }
}
