import Foundation
import GalleyFonts

/// The font set every test uses: only the Debian font directories the set-up installs, with
/// generic families mapped explicitly, so results do not depend on the machine's other fonts.
public enum HermeticFonts {
  /// The Debian font directories.
  public static let directories = [
    "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/truetype/lato", "/usr/share/fonts/truetype/noto",
    "/usr/share/fonts/truetype/droid",
  ]

  /// Generic families mapped to DejaVu.
  public static let generics = [
    "sans-serif": ["DejaVu Sans"], "serif": ["DejaVu Serif"], "monospace": ["DejaVu Sans Mono"],
  ]

  /// fontconfig's cache for the tests.
  public static let cacheDirectory = FileManager.default.temporaryDirectory
    .appendingPathComponent("galley-tests-fontconfig-cache").path

  /// Font set options for the hermetic configuration.
  ///
  /// - Parameter definitions: Extra FontSets definitions.
  /// - Returns: The options.
  public static func options(definitions: [FontSetDefinition] = []) -> FontSet.Options {
    FontSet.Options(
      source: .directories(directories, generics: generics, cacheDirectory: cacheDirectory),
      definitions: definitions)
  }

  /// One shared font set, because listing fonts is the slow part and the set is thread-safe.
  public static let shared: Result<FontSet, FontSetError> = {
    do throws(FontSetError) {
      return .success(try FontSet(options: options()))
    } catch {
      return .failure(error)
    }
  }()

  /// The shared font set.
  ///
  /// - Returns: The font set.
  /// - Throws: The error from creating it.
  public static func fontSet() throws -> FontSet { try shared.get() }

  /// Writes the hermetic configuration to a file, for `galley --fontconfig`.
  ///
  /// - Returns: The file's path.
  /// - Throws: When the file cannot be written.
  public static func configurationFile() throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "galley-tests-fonts-\(ProcessInfo.processInfo.processIdentifier).conf")
    let xml = FontSet.hermeticXML(
      directories: directories, generics: generics, cache: cacheDirectory)
    try Data(xml.utf8).write(to: url)
    return url.path
  }
}
