import ArgumentParser
import Foundation
import GalleyMarkup
import GalleySupport

/// `galley-bench parse`: markup formatting throughput over a corpus, one paragraph per line.
struct ParseBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Format each line of a corpus as one markup string and report throughput.",
    discussion: """
      Prints one JSON object: megabytesPerSecond, paragraphsPerSecond, medianSeconds (median of \
      the passes after the warm-up), microsecondsPerParagraph, peakResidentBytes, and a scaling \
      table that formats one document made of the first lines of the corpus repeated 1, 10 and \
      100 times, so that nanosecondsPerByte can be compared across sizes. Then the format JSON \
      of every paragraph (what 'galley format --json' prints): jsonBytes, jsonMedianSeconds and \
      jsonMegabytesPerSecond for the writer galley uses, and jsonEncoderMegabytesPerSecond for \
      Foundation's JSONEncoder (one pass), measured after peakResidentBytes.
      """
  )

  @Option(help: "The corpus file: UTF-8 markup, one paragraph per line.")
  var corpus: String = Corpus.path("markup-2000.txt")

  @OptionGroup var tables: TableOptions

  @Option(help: "Measured passes over the corpus.")
  var passes: Int = 9

  @Option(help: "Unmeasured passes first.")
  var warmups: Int = 2

  @Flag(help: "Skip the JSONEncoder pass that jsonEncoderMegabytesPerSecond comes from.")
  var noEncoder = false

  @Option(help: "Lines in the base document of the scaling table (×1, ×10, ×100).")
  var scalingLines: Int = 500

  func validate() throws {
    guard (1...1000).contains(passes) else {
      throw ValidationError("'--passes' must be in 1...1000.")
    }
    guard (0...100).contains(warmups) else {
      throw ValidationError("'--warmups' must be in 0...100.")
    }
    guard (1...100_000).contains(scalingLines) else {
      throw ValidationError("'--scaling-lines' must be in 1...100000.")
    }
  }

  func run() throws {
    guard let data = FileManager.default.contents(atPath: corpus),
      let text = String(data: data, encoding: .utf8)
    else {
      printError("galley-bench: cannot read '\(corpus)' as UTF-8")
      throw ExitCode(65)
    }
    let formatter = tables.formatter
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    let bytes = paragraphs.reduce(0) { $0 + $1.utf8.count }

    // Check once, outside the timing, that the corpus is valid for this formatter.
    var runs = 0
    var links = 0
    for (line, paragraph) in paragraphs.enumerated() {
      do {
        let formatted = try formatter.format(paragraph)
        runs += formatted.runs.count
        links += formatted.links.count
      } catch {
        printError("galley-bench: \(corpus):\(line + 1):\(error.location.column): \(error.message)")
        throw ExitCode(65)
      }
    }

    var sink = 0
    let median = Measurement.medianSeconds(warmups: warmups, passes: passes) {
      for paragraph in paragraphs {
        sink &+= (try? formatter.format(paragraph))?.runs.count ?? 0
      }
    }

    let base = paragraphs.prefix(scalingLines).joined(separator: "\n")
    var scaling: [[String: Double]] = []
    for factor in [1, 10, 100] {
      let document = Array(repeating: base, count: factor).joined(separator: "\n")
      let seconds = Measurement.medianSeconds(warmups: 1, passes: max(3, passes / 3)) {
        sink &+= (try? formatter.format(document))?.runs.count ?? 0
      }
      let size = document.utf8.count
      scaling.append([
        "factor": Double(factor), "bytes": Double(size), "medianSeconds": seconds,
        "nanosecondsPerByte": seconds * 1e9 / Double(size),
      ])
    }

    var report: [String: JSONValue] = [
      "benchmark": .string("parse"),
      "corpus": .string(corpus),
      "paragraphs": .number(Double(paragraphs.count)),
      "bytes": .number(Double(bytes)),
      "runs": .number(Double(runs)),
      "links": .number(Double(links)),
      "passes": .number(Double(passes)),
      "medianSeconds": .number(median),
      "megabytesPerSecond": .number(Double(bytes) / median / 1e6),
      "paragraphsPerSecond": .number(Double(paragraphs.count) / median),
      "microsecondsPerParagraph": .number(median * 1e6 / Double(max(1, paragraphs.count))),
      "peakResidentBytes": .number(Double(Measurement.peakResidentBytes())),
      "scaling": .array(scaling.map { .object($0.mapValues(JSONValue.number)) }),
      "checksum": .number(Double(sink % 1_000_000)),
    ]
    let texts = paragraphs.compactMap { try? formatter.format($0) }
    report.merge(
      try Measurement.jsonWriting(passes: passes) { writer in
        for text in texts { try text.writeJSON(into: &writer) }
      }
    ) { $1 }
    if !noEncoder { report.merge(try Measurement.jsonEncoding(texts)) { $1 } }
    print(try JSONValue.object(report).encoded())
  }
}

extension JSONValue {
  /// The value as one line of JSON with sorted keys: a benchmark report.
  func encoded() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }
}

/// Writes one line to standard error.
func printError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
