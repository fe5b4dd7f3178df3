import ArgumentParser
import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

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
      The fast paths to use: all, none, or names from word-cache, pair-shaping, shaping-plans, \
      glyph-masks and glyph-outlines, comma-separated (a "before" figure from the same build).
      """, transform: AcceleratorSelection.init(parsing:))
  var accelerators: AcceleratorSelection = .all

  @Option(
    parsing: .unconditional,
    help: """
      OpenType features for every run of the corpus, as 'galley layout --features' takes \
      them (liga=0, smcp, "tnum" 1).
      """,
    transform: { text throws(FontFeatureError) in try FontFeatures(parsing: text) })
  var features: FontFeatures?

  @Option(
    parsing: .unconditional,
    help: """
      Variable-font axis coordinates for every run of the corpus, as 'galley layout \
      --variations' takes them (wght=550, "opsz" 20).
      """,
    transform: { text throws(FontVariationError) in try FontVariations(parsing: text) })
  var variations: FontVariations?

  @Option(
    help:
      "How lines are chosen, as 'galley layout --wrap-style': greedy, balance, pretty, optimal.",
    transform: { text in
      guard let style = LayoutOptions.WrapStyle(rawValue: text) else {
        throw ValidationError("'--wrap-style' must be greedy, balance, pretty or optimal.")
      }
      return style
    })
  var wrapStyle: LayoutOptions.WrapStyle = .greedy

  @Option(
    help: "Where words may be hyphenated, as 'galley layout --hyphens': none, manual, auto.",
    transform: { text in
      guard let hyphens = LayoutOptions.Hyphens(rawValue: text) else {
        throw ValidationError("'--hyphens' must be none, manual or auto.")
      }
      return hyphens
    })
  var hyphens: LayoutOptions.Hyphens = .manual

  @Option(help: "The language tag of the corpus (for --hyphens auto), such as en-US.")
  var language: String?

  @Flag(help: "Justify the lines ('galley layout --align justify').")
  var justify = false

  /// The corpus pass's layout options: the width, the features, the coordinates, the wrap
  /// style, hyphenation and justification.
  var layoutOptions: LayoutOptions {
    var options = LayoutOptions(width: width, language: language)
    options.features = features ?? FontFeatures()
    options.variations = variations ?? FontVariations()
    options.wrapStyle = wrapStyle
    options.hyphens = hyphens
    if justify { options.alignment = .justify }
    return options
  }

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

  /// The runner every benchmark's stages run on: the machine's fonts and the chosen fast
  /// paths.
  ///
  /// - Returns: The runner.
  /// - Throws: `ExitCode` with the failure's status when the fonts cannot be loaded.
  func runner() throws -> JobRunner {
    do {
      return JobRunner(fonts: try FontSet(), accelerators: accelerators)
    } catch {
      throw Self.exit(Failure(error))
    }
  }

  /// The corpus's paragraphs, formatted as `galley` formats them (``JobRunner/format(_:)``).
  ///
  /// - Returns: One text per paragraph.
  /// - Throws: `ExitCode` with the failure's status (after its diagnostic) when the corpus
  ///   cannot be read or a paragraph does not format.
  func texts() throws -> [FormattedText] {
    let formatter = formatter
    let paragraphs = try Corpus.lines(of: corpus)
    var texts: [FormattedText] = []
    texts.reserveCapacity(paragraphs.count)
    for (index, paragraph) in paragraphs.enumerated() {
      var job = TextJob(
        source: paragraph, sourceName: "\(corpus), paragraph \(index + 1)", formatter: formatter)
      job.isPlain = plain
      do {
        texts.append(try JobRunner.format(job).text)
      } catch {
        throw Self.exit(error)
      }
    }
    return texts
  }

  /// Prints a failure's diagnostic and gives the exit its category's status.
  ///
  /// - Parameter failure: The failure.
  /// - Returns: The exit to throw.
  static func exit(_ failure: Failure) -> ExitCode {
    printError(failure.diagnostic)
    return ExitCode(failure.category.exitStatus)
  }
}
