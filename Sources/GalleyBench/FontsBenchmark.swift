import ArgumentParser
import Foundation
import GalleyFonts
import GalleySupport

/// `galley-bench fonts`: cold and warm font resolution, and fallback lookups.
struct FontsBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "Measure font resolution and fallback lookups, and print the figures as JSON.",
    discussion: """
      coldSeconds is the first lookup in this process, fontconfig initialization and the face \
      listing included (run the command again for another sample). warmNanosecondsPerLookup \
      repeats cached lookups over several families, weights and styles. fallbackLookupsPerSecond \
      asks which face draws each character of the corpus (memoized per style and character); \
      fallbackColdSeconds is the first pass over it.
      """
  )

  @Option(help: "A UTF-8 text file whose characters the fallback lookups ask about.")
  var corpus: String?

  @Option(help: "The family of the primary face.")
  var family: String = "DejaVu Sans"

  @Option(help: "Use only this fontconfig configuration file, not the system's.")
  var fontconfig: String?

  @Option(help: "Measured passes.")
  var passes: Int = 9

  func validate() throws {
    guard (1...1000).contains(passes) else {
      throw ValidationError("'--passes' must be in 1...1000.")
    }
  }

  func run() throws {
    let clock = ContinuousClock()
    var options = FontSet.Options()
    if let fontconfig {
      guard let xml = try? String(contentsOfFile: fontconfig, encoding: .utf8) else {
        printError("galley-bench: cannot read '\(fontconfig)'")
        throw ExitCode(65)
      }
      options.source = .xml(xml)
    }
    let start = clock.now
    let fonts = try FontSet(options: options)
    let created = clock.now
    let primary = try fonts.resolve(family: family)
    let firstLookup = clock.now

    let requests: [(String, Int, Bool)] = [
      (family, 0, false), (family, 1, false), (family, 0, true), ("Lato", -1, false),
      ("Lato", 600, true), ("Helvetica", 1, false), ("serif", 0, false), ("monospace", 1, true),
    ]
    let rounds = 20_000
    let warm = try Measurement.medianSeconds(warmups: 1, passes: passes) {
      for round in 0..<rounds {
        let (name, weight, italic) = requests[round % requests.count]
        _ = try fonts.resolve(family: name, weight: weight, italic: italic)
      }
    }

    var text = "Boys and girls 男孩和世界各地的女孩 Мальчики مرحبا שלום नमस्ते สวัสดี 👍🏽"
    if let corpus {
      guard let contents = try? String(contentsOfFile: corpus, encoding: .utf8) else {
        printError("galley-bench: cannot read '\(corpus)' as UTF-8")
        throw ExitCode(65)
      }
      text = contents
    }
    let scalars = Array(text.unicodeScalars)
    var covered = 0
    let fallbackStart = clock.now
    for scalar in scalars where fonts.fallbackFace(for: scalar, primary: primary) != nil {
      covered += 1
    }
    let fallbackCold = Measurement.seconds(clock.now - fallbackStart)
    let fallbackWarm = Measurement.medianSeconds(warmups: 1, passes: passes) {
      for scalar in scalars { _ = fonts.fallbackFace(for: scalar, primary: primary) }
    }
    let runsSeconds = Measurement.medianSeconds(warmups: 1, passes: passes) {
      _ = fonts.fallbackRuns(for: text, primary: primary)
    }

    let report: [String: JSONValue] = [
      "benchmark": .string("fonts"),
      "faces": .number(Double(fonts.allFaces.count)),
      "families": .number(Double(fonts.familyNames.count)),
      "initSeconds": .number(Measurement.seconds(created - start)),
      "coldSeconds": .number(Measurement.seconds(firstLookup - start)),
      "warmNanosecondsPerLookup": .number(warm * 1e9 / Double(rounds)),
      "fallbackScalars": .number(Double(scalars.count)),
      "fallbackCovered": .number(Double(covered)),
      "fallbackColdSeconds": .number(fallbackCold),
      "fallbackLookupsPerSecond": .number(Double(scalars.count) / fallbackWarm),
      "fallbackNanosecondsPerLookup": .number(fallbackWarm * 1e9 / Double(scalars.count)),
      "fallbackRunsCharactersPerSecond": .number(Double(text.count) / runsSeconds),
      "peakResidentBytes": .number(Double(Measurement.peakResidentBytes())),
    ]
    print(try JSONValue.object(report).encoded())
  }
}
