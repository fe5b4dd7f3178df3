import GalleyFonts
import GalleySupport

/// Where fonts come from: the values of `FontOptions` (in `GalleyOptions`), as plain data that
/// ``FontCommandLine`` can fill too.
package struct FontSources: Hashable, Sendable {
  /// The largest `--fontconfig` file read: 4 MiB.
  ///
  /// A configuration is a few kilobytes of XML; the files it includes are read by fontconfig.
  package static let maximumFontconfigBytes = 4 << 20

  /// FontSets JSON files of aliases, ladders and weights (`--fontset`).
  package var fontsets: [String] = []
  /// Directories of extra font files (`--font-dir`).
  package var fontDirectories: [String] = []
  /// Extra font files (`--font-file`).
  package var fontFiles: [String] = []
  /// The only fontconfig configuration file to use, or `nil` for the system's
  /// (`--fontconfig`).
  package var fontconfigFile: String?
  /// Whether the built-in aliases apply (`false` with `--no-built-in-aliases`).
  package var includesBuiltInAliases = true

  /// The system's fonts, with the built-in aliases.
  package init() {}

  /// Loads the definitions and creates the font set.
  ///
  /// - Parameter listsFacesLazily: Whether the font set lists only the faces its questions
  ///   need (see ``FontSet/init(options:listsFacesLazily:)``): for a command that resolves a
  ///   few families and exits.
  /// - Returns: The font set.
  /// - Throws: ``FontSetError`` for an unusable file or directory, or a bad definition.
  package func makeFontSet(listsFacesLazily: Bool = false) throws(FontSetError) -> FontSet {
    var options = FontSet.Options()
    if let fontconfigFile {
      do {
        let xml = try BoundedFileReader.readText(
          path: fontconfigFile, limit: Self.maximumFontconfigBytes)
        options.source = .xml(xml)
      } catch {
        throw FontSetError(
          .fontconfigFailed, "fontconfig file '\(fontconfigFile)': \(error.reason)")
      }
    }
    options.fontDirectories = fontDirectories
    options.fontFiles = fontFiles
    options.includesBuiltInDefinitions = includesBuiltInAliases
    for file in fontsets { options.definitions.append(try .load(contentsOf: file)) }
    return try FontSet(options: options, listsFacesLazily: listsFacesLazily)
  }
}
