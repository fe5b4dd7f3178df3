import ArgumentParser
import GalleyCheck
import GalleyFonts
import GalleyJobs
import GalleyMarkup
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley-bench check`: `galley check`'s throughput on a catalog of KEYS strings in LOCALES
/// locales, made from the corpora's words.
struct CheckBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check a generated catalog against a label and report throughput as JSON.",
    discussion: """
      Each string is 3 to 14 words taken from the corpora (prose, markup text, unseen words, \
      right-to-left text) at a place that depends on its key and locale, so no two strings \
      of a locale are alike; one label holds every key (width, 3 lines, 15 points). Prints \
      strings, seconds (the check alone, catalogs built in memory beforehand), \
      stringsPerSecond, failures, cores and peakResidentBytes, then the same figures for a \
      tenth and a hundredth of the keys (scaling).
      """
  )

  @Option(help: "Keys in the source locale.")
  var keys = 10_000

  @Option(help: "Locales besides the source's (at most 40).")
  var locales = 40

  @Option(help: "The label's width in points.")
  var width = 320.0

  @Flag(help: "Skip the scaling rows (a tenth and a hundredth of the keys).")
  var noScaling = false

  /// Forty locales, many scripts.
  static let tags = [
    "de", "fi", "fr", "es", "it", "pt-BR", "nl", "sv", "da", "nb", "pl", "cs", "sk", "hu", "ro",
    "el", "ru", "uk", "bg", "tr", "ar", "he", "fa", "hi", "bn", "th", "vi", "id", "ms", "ja",
    "ko", "zh-Hans", "zh-Hant", "ca", "hr", "sr-Latn", "lt", "lv", "et", "sl",
  ]

  func validate() throws {
    guard (1...1_000_000).contains(keys) else { throw ValidationError("--keys: 1 to 1000000") }
    guard (1...Self.tags.count).contains(locales) else {
      throw ValidationError("--locales: 1 to \(Self.tags.count)")
    }
    guard width > 0, width <= 10_000 else {
      throw ValidationError("--width: above 0, at most 10000")
    }
  }

  func run() throws {
    let words = try Self.words()
    let spec = try CheckSpec(
      json: Array(
        """
        {"label": {"defaults": {"family": "DejaVu Sans", "size": 15}},
         "labels": [{"keys": "*", "layout": {"width": \(width), "maxLines": 3}}]}
        """.utf8))
    let checker = try CatalogChecker(spec: spec, runner: JobRunner(fonts: try FontSet()))
    var rows: [JSONValue] = []
    let counts = noScaling ? [keys] : [keys, max(1, keys / 10), max(1, keys / 100)]
    for count in counts {
      let set = Self.catalogs(keys: count, locales: locales, words: words)
      let start = ContinuousClock.now
      let report = try checker.check(set)
      let seconds = Measurement.seconds(ContinuousClock.now - start)
      rows.append(
        .object([
          "keys": .number(Double(count)), "strings": .number(Double(report.strings)),
          "seconds": .number(seconds),
          "stringsPerSecond": .number(Double(report.strings) / seconds),
          "failures": .number(Double(report.failures.count)),
        ]))
    }
    let document: JSONValue = .object([
      "benchmark": .string("check"), "locales": .number(Double(locales + 1)),
      "cores": .number(Double(ProcessInfo.processInfo.activeProcessorCount)),
      "runs": .array(rows), "peakResidentBytes": .number(Double(Measurement.peakResidentBytes())),
    ])
    print(String(decoding: try JSONEncoder().encode(document), as: UTF8.self))
  }

  /// Every word of the corpora, in order, with `%` doubled (the strings are markup).
  static func words() throws -> [String] {
    var words: [String] = []
    for name in ["prose-2000.txt", "unseen-2000.txt", "rtl-2000.txt", "multilingual.txt"] {
      for line in try Corpus.lines(of: Corpus.path(name)) {
        words += line.split(separator: " ").map { Markup.escape(String($0)) }
      }
    }
    return words
  }

  /// A source catalog and `locales` translations of `keys` strings each.
  static func catalogs(keys: Int, locales: Int, words: [String]) -> CatalogSet {
    var set = CatalogSet(sourceLocale: "en")
    for (number, locale) in (["en"] + tags.prefix(locales)).enumerated() {
      var entries: [CatalogEntry] = []
      entries.reserveCapacity(keys)
      for key in 0..<keys {
        let mixed = (key &* 2_654_435_761 &+ number &* 40_503) & 0x7FFF_FFFF
        let count = 3 + mixed % 12
        let start = mixed % (words.count - count)
        entries.append(
          CatalogEntry(
            key: "key.\(key)", value: words[start..<(start + count)].joined(separator: " ")))
      }
      set.add(
        Catalog(
          file: "\(locale).json", format: .json, locale: locale, isSource: number == 0,
          entries: entries))
    }
    return set
  }
}
