import ArgumentParser
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley-bench layout`: paragraphs laid out per second, one corpus line per document.
struct LayoutBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out each line of a corpus as one document and report throughput as JSON.",
    discussion: """
      Prints paragraphsPerSecond, lines, medianSeconds (median of the passes after a warm-up), \
      microsecondsPerParagraph, peakResidentBytes, and a scaling table: one paragraph made of \
      the first corpus line repeated 1, 10 and 100 times, and one of about 1,000,000 \
      characters, each with its nanoseconds per character; and a links table: one line (no \
      width) of the first 20 corpus lines as plain words with a link around every 30th word, \
      repeated 1, 10 and 100 times (about 8 KB, 80 KB and 800 KB). Then the layout JSON of \
      every paragraph (what 'galley layout --json' prints): jsonBytes, jsonMedianSeconds and \
      jsonMegabytesPerSecond for the writer galley uses, and jsonEncoderMegabytesPerSecond for \
      Foundation's JSONEncoder (one pass), measured after peakResidentBytes.
      """
  )

  @OptionGroup var input: CorpusOptions

  @Flag(help: "Skip the 1,000,000-character paragraph.")
  var noHuge = false

  @Flag(help: "Skip the JSONEncoder pass that jsonEncoderMegabytesPerSecond comes from.")
  var noEncoder = false

  @Flag(
    help: """
      Skip the scaling and links tables (and so the huge paragraph): the corpus alone, for a \
      profile or a peak memory of the corpus pass.
      """)
  var noScaling = false

  @Flag(
    help: """
      Also measure HarfBuzz alone: each paragraph shaped whole in one hb_shape call, no \
      breaking (shapingFloorParagraphsPerSecond), and how many times slower the layout is \
      (layoutOverShapingFloor).
      """)
  var shapingFloor = false

  func run() throws {
    let texts = try input.texts()
    let formatter = input.formatter
    let passes = input.passes
    let engine = try input.runner().engine
    let options = input.layoutOptions
    var lines = 0
    var links = 0
    for text in texts {
      let layout = try engine.layout(text, options: options)
      lines += layout.lines.count
      links += layout.links.reduce(0) { $0 + $1.rects.count }
    }
    let median = try Measurement.medianSeconds(warmups: 1, passes: passes) {
      for text in texts { _ = try engine.layout(text, options: options) }
    }

    var floor: [String: JSONValue] = [:]
    if shapingFloor {
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: passes) {
        _ = try engine.shapeWhole(texts)
      }
      floor["shapingFloorParagraphsPerSecond"] = .number(Double(texts.count) / seconds)
      floor["layoutOverShapingFloor"] = .number(median / seconds)
    }

    let scaling =
      noScaling
      ? []
      : try Self.scaling(
        base: texts.first.map { String($0.string) } ?? "lorem ipsum ", huge: !noHuge,
        engine: engine, options: options, formatter: formatter)

    let linkScaling =
      noScaling
      ? []
      : try Self.linkScaling(
        words: texts.prefix(20).map(\.string).joined(separator: " "), engine: engine,
        formatter: formatter)

    var report: [String: JSONValue] = [
      "benchmark": .string("layout"),
      "corpus": .string(input.corpus),
      "plain": .number(input.plain ? 1 : 0),
      "wrapStyle": .string(options.wrapStyle.rawValue),
      "hyphens": .string(options.hyphens.rawValue),
      "paragraphs": .number(Double(texts.count)),
      "lines": .number(Double(lines)),
      "linkRects": .number(Double(links)),
      "medianSeconds": .number(median),
      "paragraphsPerSecond": .number(Double(texts.count) / median),
      "microsecondsPerParagraph": .number(median * 1e6 / Double(max(1, texts.count))),
      "peakResidentBytes": .number(Double(Measurement.peakResidentBytes())),
      "scaling": .array(scaling),
      "linkScaling": .array(linkScaling),
    ]
    report.merge(floor) { $1 }
    let layouts = try texts.map { try engine.layout($0, options: options) }
    report.merge(
      try Measurement.jsonWriting(passes: passes) { writer in
        for layout in layouts { try layout.writeJSON(into: &writer) }
      }
    ) { $1 }
    if !noEncoder { report.merge(try Measurement.jsonEncoding(layouts)) { $1 } }
    print(try JSONValue.object(report).encoded())
  }

  /// The scaling table: one paragraph of `base` repeated 1, 10 and 100 times, and one of
  /// about 1,000,000 characters when `huge`, each laid out with `options` (so a wrap style's
  /// growth with length shows), with its nanoseconds per character.
  static func scaling(
    base: String, huge: Bool, engine: LayoutEngine, options: LayoutOptions,
    formatter: MarkupFormatter
  ) throws -> [JSONValue] {
    var sizes = [1, 10, 100].map { (factor: $0, text: String(repeating: base + " ", count: $0)) }
    if huge {
      sizes.append(
        (factor: 0, text: String(repeating: base + " ", count: 1_000_000 / max(1, base.count) + 1)))
    }
    return try sizes.map { factor, string in
      let text = FormattedText(plain: string, attributes: formatter.defaultAttributes)
      var lineCount = 0
      let seconds = try Measurement.medianSeconds(warmups: 0, passes: factor == 0 ? 1 : 3) {
        lineCount = try engine.layout(text, options: options).lines.count
      }
      return .object([
        "characters": .number(Double(string.count)), "lines": .number(Double(lineCount)),
        "medianSeconds": .number(seconds),
        "nanosecondsPerCharacter": .number(seconds * 1e9 / Double(string.count)),
      ])
    }
  }

  /// One unwrapped line with a link around every 30th word, at 1, 10 and 100 times `words`:
  /// link rectangles must cost the same per character at every size.
  static func linkScaling(
    words: String, engine: LayoutEngine, formatter: MarkupFormatter
  ) throws -> [JSONValue] {
    let base = words.split(whereSeparator: \.isWhitespace).enumerated().map { index, word in
      let escaped = Markup.escape(String(word))
      return index % 30 == 0 ? "%{https://example.com/\(index)}L\(escaped)%l" : escaped
    }.joined(separator: " ")
    var rows: [JSONValue] = []
    for factor in [1, 10, 100] {
      let text = try formatter.format(Array(repeating: base, count: factor).joined(separator: " "))
      var rects = 0
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: 3) {
        rects = try engine.layout(text, options: LayoutOptions()).links.reduce(0) {
          $0 + $1.rects.count
        }
      }
      rows.append(
        .object([
          "factor": .number(Double(factor)), "bytes": .number(Double(text.string.utf8.count)),
          "links": .number(Double(text.links.count)), "linkRects": .number(Double(rects)),
          "medianSeconds": .number(seconds),
          "nanosecondsPerCharacter": .number(seconds * 1e9 / Double(text.string.count)),
        ]))
    }
    return rows
  }
}

/// `galley-bench hit`: nanoseconds per hit-test query on a paragraph of several lines.
struct HitBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hit",
    abstract: "Measure link and character hit-testing on a paragraph of several lines.")

  @Option(help: "Measured passes.")
  var passes: Int = 9

  func run() throws {
    var formatter = MarkupFormatter(colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    let sentence =
      "Read %L%0Cthe documentation%c%l before you %Ltap here%l to begin, then carry on. "
    let text = try formatter.format(String(repeating: sentence, count: 6))
    let layout = try LayoutEngine(fonts: try FontSet()).layout(
      text, options: LayoutOptions(width: 400))
    let tester = HitTester(layout: layout)
    var points: [(Double, Double)] = []
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<4096 {
      points.append(
        (
          Double.random(in: 0..<400, using: &generator),
          Double.random(in: 0..<layout.size.height, using: &generator)
        ))
    }
    let rounds = 100
    var sink = 0
    let linkSeconds = Measurement.medianSeconds(warmups: 1, passes: passes) {
      for _ in 0..<rounds { for (x, y) in points { sink &+= tester.link(atX: x, y: y) ?? 0 } }
    }
    let characterSeconds = Measurement.medianSeconds(warmups: 1, passes: passes) {
      for _ in 0..<rounds {
        for (x, y) in points { sink &+= tester.characterIndex(atX: x, y: y) ?? 0 }
      }
    }
    let toleranceSeconds = Measurement.medianSeconds(warmups: 1, passes: passes) {
      for _ in 0..<rounds {
        for (x, y) in points { sink &+= tester.link(atX: x, y: y, tolerance: 8) ?? 0 }
      }
    }
    let queries = Double(rounds * points.count)
    let report: [String: JSONValue] = [
      "benchmark": .string("hit"),
      "lines": .number(Double(layout.lines.count)),
      "linkNanosecondsPerQuery": .number(linkSeconds * 1e9 / queries),
      "characterNanosecondsPerQuery": .number(characterSeconds * 1e9 / queries),
      "linkWithToleranceNanosecondsPerQuery": .number(toleranceSeconds * 1e9 / queries),
      "checksum": .number(Double(sink % 1000)),
    ]
    print(try JSONValue.object(report).encoded())
  }
}
