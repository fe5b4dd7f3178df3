import ArgumentParser
import GalleyMarkup
import GalleyRender

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The corpus and text options that `galley-bench layout` and `galley-bench render` share:
/// which file, how to read its lines, the box width and the default font.
struct CorpusOptions: ParsableArguments {
  @Option(help: "The corpus: one paragraph per line (markup unless --plain).")
  var corpus: String = Corpus.path("markup-2000.txt")

  @Option(help: "The box width in points.")
  var width: Double = 400

  @Option(help: "The default family.")
  var family: String = "DejaVu Sans"

  @Option(help: "The default size in points.")
  var size: Double = 13

  @Flag(help: "Take the corpus as plain text.")
  var plain = false

  @OptionGroup var tables: TableOptions

  @Option(help: "Measured passes.")
  var passes: Int = 5

  @Option(
    help: """
      The fast paths to use: all, none, or names from word-cache, pair-shaping and \
      glyph-masks, comma-separated (a "before" figure from the same build).
      """, transform: AcceleratorSelection.init(parsing:))
  var accelerators: AcceleratorSelection = .all

  func validate() throws {
    guard (1...100).contains(passes) else {
      throw ValidationError("'--passes' must be in 1...100.")
    }
    guard width > 0, width <= 1_000_000 else { throw ValidationError("'--width' is out of range.") }
  }

  /// The formatter the corpus is read with: the font and color tables and default font.
  var formatter: MarkupFormatter {
    var formatter = tables.formatter
    formatter.defaultFamily = family
    formatter.defaultSize = size
    return formatter
  }

  /// Each line of the corpus, formatted (or taken as plain text with `--plain`).
  ///
  /// - Throws: `ExitCode(65)` when the file cannot be read, or a markup error.
  func texts() throws -> [FormattedText] {
    let formatter = formatter
    let paragraphs = try Corpus.lines(of: corpus)
    return try paragraphs.map { paragraph -> FormattedText in
      plain
        ? FormattedText(plain: paragraph, attributes: formatter.defaultAttributes)
        : try formatter.format(paragraph)
    }
  }
}
