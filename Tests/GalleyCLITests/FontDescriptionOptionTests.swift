import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyCLI

/// `--font-description` sets the text's defaults and the layout's features, coordinates and
/// width from one string; the single options win over its parts; a string that does not read
/// is a usage error with a suggestion.
@Suite("--font-description")
struct FontDescriptionOptionTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// Each run's font in `galley layout --json` for `markup` and `options`.
  static func fonts(_ markup: String, _ options: [String]) throws -> [[String: Any]] {
    let arguments = ["--fontconfig", try configuration.get(), "--json"] + options + ["--", markup]
    let outcome = try LayoutCommand.parse(arguments).execute()
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let lines = try #require(document["lines"] as? [[String: Any]])
    return lines.flatMap { $0["runs"] as? [[String: Any]] ?? [] }.compactMap {
      $0["font"] as? [String: Any]
    }
  }

  /// A run font's family, style and size, and its features and coordinates when it has them.
  static func summary(_ font: [String: Any]) -> String {
    var parts = [
      font["family"] as? String ?? "?", font["style"] as? String ?? "?",
      "\(font["size"] as? Double ?? 0)",
    ]
    if let features = font["features"] as? String { parts.append("#" + features) }
    if let variations = font["variations"] as? [String: Double] {
      parts.append(
        "@"
          + variations.sorted { $0.key < $1.key }.map { "\($0.key)=\(Int($0.value))" }
          .joined(separator: ","))
    }
    return parts.joined(separator: " ")
  }

  @Test(
    "The description sets the family, weight, italic, size, width, features and coordinates",
    arguments: [
      (["--font-description", "DejaVu Sans Bold Oblique 20"], "DejaVu Sans Bold Oblique 20.0"),
      (["--font-description", "DejaVu Sans Condensed 12"], "DejaVu Sans Condensed 12.0"),
      (["--font-description", "DejaVu Serif Italic 9 #smcp"], "DejaVu Serif Italic 9.0 #smcp"),
      // The first installed family of the list.
      (["--font-description", "No Such Family, Lato Bold 11"], "Lato Bold 11.0"),
      // A variable face: a named instance, then coordinates between instances.
      (["--font-description", "Inter Semi-Bold 13"], "Inter Semi Bold 13.0 @slnt=0,wght=600"),
      (["--font-description", "Inter 13 @wght=550"], "Inter Regular 13.0 @slnt=0,wght=550"),
      // fontconfig's weight scale: 200 is bold.
      (
        ["--font-description", "DejaVu Sans:weight=200:slant=100"], "DejaVu Sans Bold Oblique 17.0"
      ),
      // The single options win over the description's parts.
      (
        [
          "--font-description", "DejaVu Sans Bold 30 #smcp", "--size", "10", "--features", "smcp=0",
        ],
        "DejaVu Sans Bold 10.0 #-smcp"
      ),
      (
        ["--font-description", "Lato Bold 12", "--family", "DejaVu Serif"], "DejaVu Serif Bold 12.0"
      ),
    ])
  func descriptionSetsTheDefaults(_ options: [String], _ expected: String) throws {
    let fonts = try Self.fonts("Hello", options)
    #expect(fonts.map(Self.summary) == [expected])
  }

  @Test func resetRestoresTheDescription() throws {
    let fonts = try Self.fonts(
      "a%0W%ib%Nc", ["--font-description", "DejaVu Sans Bold Oblique 20"])
    #expect(
      fonts.map(Self.summary) == [
        "DejaVu Sans Bold Oblique 20.0", "DejaVu Sans Book 20.0", "DejaVu Sans Bold Oblique 20.0",
      ])
  }

  @Test(
    "A description that does not read is a usage error",
    arguments: [
      ("Inter 550 20", "did you mean 'Inter weight=550 20'"),
      ("DejaVu Sans 12pt", "12pt"),
      ("DejaVu Sans Bold Light", "Light"),
    ])
  func badDescriptionIsAUsageError(_ text: String, _ expected: String) throws {
    let message = try #require(layoutUsageError(["--font-description", text, "--", "Hi"]))
    #expect(message.contains("'--font-description'"), "\(message)")
    #expect(message.contains(expected), "\(message)")
  }
}
