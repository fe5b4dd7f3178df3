import Foundation
import GalleyFonts

/// The font set every test uses: only the fonts kept in the repository under `Tests/Fonts/`,
/// with generic families mapped explicitly, so results depend neither on the machine's other
/// fonts nor on its distribution's font packages.
public enum HermeticFonts {
  /// The package's root folder: the folder that holds `Package.swift`.
  ///
  /// Found from this file's path (`Tests/GalleyTestSupport/HermeticFonts.swift`), so it is the
  /// checkout the tests were built from, wherever it is.
  public static let packageRoot = URL(fileURLWithPath: #filePath).standardizedFileURL
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// `Tests/Fonts` in the package: the fonts the tests read, with their licences.
  public static let fontsDirectory = packageRoot + "/Tests/Fonts"

  /// The absolute path of a file or folder in ``fontsDirectory``.
  ///
  /// - Parameter relativePath: A path inside `Tests/Fonts`, such as `dejavu/DejaVuSans.ttf`.
  /// - Returns: The absolute path.
  public static func fontPath(_ relativePath: String) -> String {
    fontsDirectory + "/" + relativePath
  }

  /// The font folders, in the order fontconfig scans them.
  ///
  /// fontconfig breaks ties between equally good fallback faces by scan order, so the order is
  /// part of the configuration.
  public static let directories = [
    "dejavu", "liberation2", "lato", "noto", "droid", "inter", "firacode",
  ].map(fontPath)

  /// The folder of URW's Nimbus Sans Regular, installed as desktops install URW's base 35
  /// fonts (`fonts-urw-base35`).
  ///
  /// The face is there as OpenType (`.otf`) and as Type 1 (`.t1`, with `.afm` metrics), which
  /// HarfBuzz cannot read. Not in ``directories``, so the other tests' goldens do not depend
  /// on it.
  public static let urwDirectory = fontPath("urw-base35")

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

  /// A font set of ``directories`` and ``urwDirectory``: a face in two formats, one of which
  /// HarfBuzz cannot read, beside the others.
  public static let sharedWithURW: Result<FontSet, FontSetError> = {
    do throws(FontSetError) {
      let source = FontSet.Options.Source.directories(
        directories + [urwDirectory], generics: generics, cacheDirectory: cacheDirectory)
      return .success(try FontSet(options: FontSet.Options(source: source)))
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
    // Atomic: suites running in parallel rewrite the file while others read it.
    try Data(xml.utf8).write(to: url, options: .atomic)
    return url.path
  }
}
