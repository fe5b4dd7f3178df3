import ArgumentParser
import GalleyFonts
import GalleyTools

/// The options that say where fonts come from, shared by every command that resolves fonts
/// (`galley-engine`'s and `galley-check`'s).
package struct FontOptions: ParsableArguments {
  /// Options with their defaults: the machine's fonts.
  package init() {}

  @Option(
    name: .customLong("fontset"), help: "A FontSets JSON file of aliases, ladders and weights.")
  package var fontsets: [String] = []

  @Option(name: .customLong("font-dir"), help: "A directory of extra font files.")
  package var fontDirectories: [String] = []

  @Option(name: .customLong("font-file"), help: "An extra font file.")
  package var fontFiles: [String] = []

  @Option(
    name: .customLong("fontconfig"),
    help: "Use only this fontconfig configuration file, not the system's.")
  package var fontconfigFile: String?

  @Flag(help: "Do not apply the built-in aliases (FontSets/aliases.json).")
  package var noBuiltInAliases = false

  /// The options' values.
  package var sources: FontSources {
    var sources = FontSources()
    sources.fontsets = fontsets
    sources.fontDirectories = fontDirectories
    sources.fontFiles = fontFiles
    sources.fontconfigFile = fontconfigFile
    sources.includesBuiltInAliases = !noBuiltInAliases
    return sources
  }

  /// Loads the definitions and creates the font set (see `FontSources.makeFontSet`).
  ///
  /// - Parameter listsFacesLazily: Whether the font set lists only the faces its questions
  ///   need: for a command that resolves a few families and exits.
  /// - Returns: The font set.
  /// - Throws: ``FontSetError`` for an unusable file or directory, or a bad definition.
  package func makeFontSet(listsFacesLazily: Bool = false) throws(FontSetError) -> FontSet {
    try sources.makeFontSet(listsFacesLazily: listsFacesLazily)
  }
}
