import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyCLI

/// `--features` sets OpenType features for every run; a bad item is a usage error that names
/// it and its offset.
@Suite("--features")
struct FeatureOptionTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// The glyph count of `galley layout --json` for `text` with `features`.
  static func glyphCount(_ text: String, features: [String]) throws -> Int {
    let arguments =
      ["--fontconfig", try configuration.get(), "--json", "--plain"] + features + ["--", text]
    let outcome = try LayoutCommand.parse(arguments).execute()
    #expect(outcome.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let lines = try #require(document["lines"] as? [[String: Any]])
    return lines.flatMap { $0["runs"] as? [[String: Any]] ?? [] }
      .reduce(0) { $0 + (($1["glyphs"] as? [Any])?.count ?? 0) }
  }

  @Test func featuresReachTheShaper() throws {
    #expect(try Self.glyphCount("office", features: []) == 4)
    #expect(try Self.glyphCount("office", features: ["--features", "liga=0"]) == 6)
    // A value that starts with '-' is read as the value, not as an option.
    #expect(try Self.glyphCount("office", features: ["--features", "-liga"]) == 6)
    #expect(try Self.glyphCount("office", features: ["--features", "\"liga\" 0, kern"]) == 6)
    #expect(try Self.glyphCount("office", features: ["--features", "normal"]) == 4)
  }

  @Test(
    "A bad list names the item and its offset",
    arguments: [
      ("kern=x", "feature 'kern=x' at offset 0"), ("liga, ss1x2", "feature 'ss1x2' at offset 6"),
      ("kern[1:3]", "use a markup span for a range"),
    ])
  func badListIsAUsageError(_ list: String, _ expected: String) throws {
    let message = try #require(layoutUsageError(["--features", list, "--", "Hi"]))
    #expect(message.contains(expected), "\(message)")
  }
}
