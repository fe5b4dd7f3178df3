import ArgumentParser
import GalleyFiles
import GalleyFonts

/// The options that say where fonts come from, shared by every command that resolves fonts.
struct FontOptions: ParsableArguments {
  /// The largest `--fontconfig` file read: 4 MiB.
  ///
  /// A configuration is a few kilobytes of XML; the files it includes are read by fontconfig.
  static let maximumFontconfigBytes = 4 << 20

  @Option(
    name: .customLong("fontset"), help: "A FontSets JSON file of aliases, ladders and weights.")
  var fontsets: [String] = []

  @Option(name: .customLong("font-dir"), help: "A directory of extra font files.")
  var fontDirectories: [String] = []

  @Option(name: .customLong("font-file"), help: "An extra font file.")
  var fontFiles: [String] = []

  @Option(
    name: .customLong("fontconfig"),
    help: "Use only this fontconfig configuration file, not the system's.")
  var fontconfigFile: String?

  @Flag(help: "Do not apply the built-in aliases (FontSets/aliases.json).")
  var noBuiltInAliases = false

  /// Loads the definitions and creates the font set.
  ///
  /// - Parameter listsFacesLazily: Whether the font set lists only the faces its questions
  ///   need (see ``FontSet/init(options:listsFacesLazily:)``): for a command that resolves a
  ///   few families and exits.
  /// - Returns: The font set.
  /// - Throws: ``FontSetError`` for an unusable file or directory, or a bad definition.
  func makeFontSet(listsFacesLazily: Bool = false) throws(FontSetError) -> FontSet {
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
    options.includesBuiltInDefinitions = !noBuiltInAliases
    for file in fontsets { options.definitions.append(try .load(contentsOf: file)) }
    return try FontSet(options: options, listsFacesLazily: listsFacesLazily)
  }
}
