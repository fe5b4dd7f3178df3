import ArgumentParser
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleySupport
import Synchronization

/// `galley-bench label`: labels per second in a box that limits the lines, truncated and
/// autoshrunk, next to plain layout, and the cost of truncating a huge paragraph.
struct LabelBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "label",
    abstract: "Lay out each line of a corpus as a label (truncated, autoshrunk) and report JSON.",
    discussion: """
      Takes each corpus line as one plain-text label and lays it out four ways: 'plain' (the \
      width, no limit), 'truncated' (at most --max-lines lines, tail truncation with an \
      ellipsis), and 'autoshrunk' (the same, with --min-scale). Each row gives labelsPerSecond \
      and microsecondsPerLabel (median pass after a warm-up), the median and 99th percentile of \
      single labels timed one by one, and how many labels were truncated or shrunk; \
      'autoshrunk' also gives probesPerLabel (autoshrink layouts tried) and \
      windowPassesPerLabel (truncation windows assembled, probes' included). Then 'huge': one \
      paragraph of the corpus lines joined with spaces to at least --huge-bytes bytes, \
      truncated to 3 lines, against only the text of its first 3 lines with no limit, and the \
      whole paragraph with no limit. Then peakResidentBytes.
      """
  )

  @Option(help: "The corpus: one label per line, plain text.")
  var corpus: String = Corpus.path("prose-2000.txt")

  @Option(help: "The box width in points.")
  var width: Double = 300

  @Option(help: "The family.")
  var family: String = "DejaVu Sans"

  @Option(help: "The size in points.")
  var size: Double = 13

  @Option(help: "The most lines of the truncated and autoshrunk labels.")
  var maxLines: Int = 2

  @Option(help: "The minimum scale of the autoshrunk labels.")
  var minScale: Double = 0.5

  @Option(help: "The size of the huge paragraph in UTF-8 bytes (0 skips it).")
  var hugeBytes: Int = 1_000_000

  @Option(help: "Measured passes.")
  var passes: Int = 5

  @Option(help: "Measured passes of the truncated huge paragraph.")
  var hugePasses: Int = 9

  func validate() throws {
    guard (1...100).contains(passes) else {
      throw ValidationError("'--passes' must be in 1...100.")
    }
    guard width > 0, width <= 1_000_000 else { throw ValidationError("'--width' is out of range.") }
    guard size > 0, size <= 1000 else { throw ValidationError("'--size' is out of range.") }
    guard (1...1000).contains(maxLines) else {
      throw ValidationError("'--max-lines' must be in 1...1000.")
    }
    guard minScale > 0, minScale <= 1 else {
      throw ValidationError("'--min-scale' must be above 0 and at most 1.")
    }
    guard (1...1_000_000).contains(hugePasses) else {
      throw ValidationError("'--huge-passes' must be in 1...1000000.")
    }
    guard (0...100_000_000).contains(hugeBytes) else {
      throw ValidationError("'--huge-bytes' must be in 0...100000000.")
    }
  }

  func run() throws {
    var formatter = MarkupFormatter()
    formatter.defaultFamily = family
    formatter.defaultSize = size
    let attributes = formatter.defaultAttributes
    let paragraphs = try Corpus.lines(of: corpus)
    let texts = paragraphs.map { FormattedText(plain: $0, attributes: attributes) }
    let engine = LayoutEngine(fonts: try FontSet())
    let plain = LayoutOptions(width: width)
    var truncated = plain
    truncated.maximumLines = maxLines
    var autoshrunk = truncated
    autoshrunk.minimumScaleFactor = minScale

    var report: [String: JSONValue] = [
      "benchmark": .string("label"), "corpus": .string(corpus),
      "labels": .number(Double(texts.count)), "width": .number(width),
      "maxLines": .number(Double(maxLines)), "minScale": .number(minScale),
      "plain": try measure(texts, engine: engine, options: plain),
      "truncated": try measure(texts, engine: engine, options: truncated),
      "autoshrunk": try measure(texts, engine: engine, options: autoshrunk),
    ]
    if hugeBytes > 0 {
      report["huge"] = try huge(paragraphs, engine: engine, attributes: attributes)
    }
    report["peakResidentBytes"] = .number(Double(Measurement.peakResidentBytes()))
    print(try JSONValue.object(report).encoded())
  }

  /// Throughput and latency of laying out every label with `options`.
  ///
  /// - Parameters:
  ///   - texts: The labels.
  ///   - engine: The engine.
  ///   - options: The layout options.
  /// - Returns: One row of the report.
  /// - Throws: A layout error.
  func measure(
    _ texts: [FormattedText], engine: LayoutEngine, options: LayoutOptions
  ) throws -> JSONValue {
    let probes = FittingCounters.probes.load(ordering: .relaxed)
    let windows = FittingCounters.windowPasses.load(ordering: .relaxed)
    var (truncatedCount, shrunkCount, lines) = (0, 0, 0)
    let clock = ContinuousClock()
    var singles: [Double] = []
    singles.reserveCapacity(texts.count)
    for text in texts {
      var layout: Layout?
      let elapsed = try clock.measure { layout = try engine.layout(text, options: options) }
      singles.append(Measurement.seconds(elapsed))
      guard let layout else { continue }
      if layout.truncation != nil { truncatedCount += 1 }
      if layout.scale < 1 { shrunkCount += 1 }
      lines += layout.lines.count
    }
    let count = Double(max(1, texts.count))
    let probesPerLabel = Double(FittingCounters.probes.load(ordering: .relaxed) - probes) / count
    let windowsPerLabel =
      Double(FittingCounters.windowPasses.load(ordering: .relaxed) - windows) / count
    let median = try Measurement.medianSeconds(warmups: 1, passes: passes) {
      for text in texts { _ = try engine.layout(text, options: options) }
    }
    singles.sort()
    let percentile = { (fraction: Double) in
      singles.isEmpty ? 0 : singles[min(singles.count - 1, Int(Double(singles.count) * fraction))]
    }
    return .object([
      "labelsPerSecond": .number(Double(texts.count) / median),
      "microsecondsPerLabel": .number(median * 1e6 / count),
      "medianMicrosecondsSingle": .number(percentile(0.5) * 1e6),
      "p99MicrosecondsSingle": .number(percentile(0.99) * 1e6),
      "medianSeconds": .number(median),
      "lines": .number(Double(lines)),
      "truncatedLabels": .number(Double(truncatedCount)),
      "shrunkLabels": .number(Double(shrunkCount)),
      "probesPerLabel": .number(probesPerLabel),
      "windowPassesPerLabel": .number(windowsPerLabel),
    ])
  }

  /// A paragraph of at least ``hugeBytes`` bytes in a 3-line tail-truncated box, against the
  /// text of its first 3 lines alone and the whole paragraph, neither limited.
  ///
  /// - Parameters:
  ///   - paragraphs: The corpus lines, joined with spaces until the size is reached.
  ///   - engine: The engine.
  ///   - attributes: The attributes of the plain text.
  /// - Returns: The `huge` row of the report.
  /// - Throws: A layout error.
  func huge(
    _ paragraphs: [String], engine: LayoutEngine, attributes: TextAttributes
  ) throws -> JSONValue {
    var string = ""
    var index = 0
    while string.utf8.count < hugeBytes, !paragraphs.isEmpty {
      if !string.isEmpty { string += " " }
      string += paragraphs[index % paragraphs.count]
      index += 1
    }
    let text = FormattedText(plain: string, attributes: attributes)
    let plain = LayoutOptions(width: width)
    var boxed = plain
    boxed.maximumLines = 3
    let windows = FittingCounters.windowPasses.load(ordering: .relaxed)
    let truncatedLayout = try engine.layout(text, options: boxed)
    let windowPasses = FittingCounters.windowPasses.load(ordering: .relaxed) - windows
    let truncatedSeconds = try Measurement.medianSeconds(warmups: 1, passes: hugePasses) {
      _ = try engine.layout(text, options: boxed)
    }
    // The text the first 3 lines show, cut where the third line ends when nothing is limited.
    let opening = FormattedText(
      plain: String(decoding: string.utf8.prefix(4096), as: UTF8.self), attributes: attributes)
    let openingLines = try engine.layout(opening, options: plain).lines.prefix(3)
    let end = openingLines.last.map { $0.location + $0.length } ?? 0
    let threeLines = String(decoding: string.utf16.prefix(end), as: UTF16.self)
    let shortText = FormattedText(plain: threeLines, attributes: attributes)
    let shortSeconds = try Measurement.medianSeconds(warmups: 3, passes: 101) {
      _ = try engine.layout(shortText, options: plain)
    }
    let wholeSeconds = try Measurement.medianSeconds(warmups: 0, passes: 1) {
      _ = try engine.layout(text, options: plain)
    }
    return .object([
      "bytes": .number(Double(string.utf8.count)),
      "truncatedMicroseconds": .number(truncatedSeconds * 1e6),
      "truncatedLines": .number(Double(truncatedLayout.lines.count)),
      "truncatedWindowPasses": .number(Double(windowPasses)),
      "threeLinesBytes": .number(Double(threeLines.utf8.count)),
      "threeLinesMicroseconds": .number(shortSeconds * 1e6),
      "truncatedOverThreeLines": .number(truncatedSeconds / shortSeconds),
      "wholeUnlimitedMicroseconds": .number(wholeSeconds * 1e6),
    ])
  }
}
