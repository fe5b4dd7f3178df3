import ArgumentParser
import GalleyMarkup

/// The font and color tables a corpus's markup is read with (`%0F`, `%0C`).
///
/// Every benchmark that formats markup shares them. The defaults are the ones `corpus/markup-2000.txt` needs.
struct TableOptions: ParsableArguments {
  @Option(
    name: .customLong("font"),
    help: "A family for the font table (default: DejaVu Sans, DejaVu Serif, as the corpus needs).")
  var fonts: [String] = Corpus.fontTable

  @Option(
    name: .customLong("color"), help: "A color for the color table (#RRGGBB; default #1A5FB4).")
  var colors: [String] = Corpus.colorTable

  func validate() throws {
    for color in colors where TextColor(parsing: color) == nil {
      throw ValidationError("'\(color)' is not a color.")
    }
  }

  /// A formatter with these tables and the formatter's other defaults.
  var formatter: MarkupFormatter {
    MarkupFormatter(fontFamilies: fonts, colors: colors.compactMap { TextColor(parsing: $0) })
  }
}
