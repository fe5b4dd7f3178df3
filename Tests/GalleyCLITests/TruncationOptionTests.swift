import ArgumentParser
import Foundation
import GalleyLayout
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// The line limit, truncation and autoshrink options reach the layout of `galley layout`,
/// `galley hit` and `galley render --json`, and their bad values fail with a message that
/// names them.
@Suite("Truncation and autoshrink options")
struct TruncationOptionTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// Four or five lines at width 200 in DejaVu Sans 13.
  static let text =
    "Tap %Lhere%l: the quick brown fox jumps over the lazy dog. Pack my box with five dozen "
    + "liquor jugs. How vexingly quick daft zebras jump."

  static let box = ["--width", "200", "--family", "DejaVu Sans", "--size", "13"]

  /// Where the token's runs are on the last line.
  enum TokenPlace: Sendable { case end, start, inside, none }

  /// What one combination of options does to the layout.
  struct Case: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// Whether the text is truncated.
    var truncated: Bool
    /// Where the token is drawn.
    var token: TokenPlace
    /// How many links the token holds.
    var tokenLinks: Int = 0
    /// The scale's bounds.
    var scale: ClosedRange<Double> = 1...1
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: ["--max-lines", "2"], truncated: true, token: .end),
    Case(arguments: ["--max-lines", "2", "--truncate", "tail"], truncated: true, token: .end),
    Case(arguments: ["--max-lines", "2", "--truncate", "head"], truncated: true, token: .start),
    Case(arguments: ["--max-lines", "2", "--truncate", "middle"], truncated: true, token: .inside),
    Case(arguments: ["--max-lines", "2", "--truncate", "clip"], truncated: true, token: .none),
    Case(
      arguments: ["--max-lines", "2", "--truncation-token", "… %{more}Lmore%l"], truncated: true,
      token: .end, tokenLinks: 1),
    Case(
      arguments: ["--max-lines", "3", "--min-scale", "0.5"], truncated: false, token: .none,
      scale: 0.5...0.99),
    Case(
      arguments: ["--max-lines", "3", "--min-size", "7"], truncated: false, token: .none,
      scale: (7.0 / 13)...0.99),
    Case(
      arguments: ["--max-lines", "1", "--min-scale", "0.5", "--min-size", "10"], truncated: true,
      token: .end, scale: 0.76...0.78),
    Case(
      arguments: ["--max-lines", "1", "--min-scale", "0.9"], truncated: true, token: .end,
      scale: 0.9...0.9),
  ]

  private func run<Command: OutcomeCommand>(
    _ command: Command.Type, _ arguments: [String]
  ) throws -> CommandOutcome {
    try Command.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  private func decode(_ json: String) throws -> Layout {
    try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
  }

  @Test("Each option reaches galley layout's JSON", arguments: cases)
  func layoutJSON(_ testCase: Case) throws {
    let result = try run(
      LayoutCommand.self, ["--json"] + Self.box + testCase.arguments + ["--", Self.text])
    #expect(result.status == 0, "\(result.standardError)")
    try expect(try decode(result.standardOutput), matches: testCase)
  }

  @Test("Each option reaches galley render --json", arguments: cases)
  func renderJSON(_ testCase: Case) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-truncation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("out.json").path
    let arguments =
      ["-o", folder.appendingPathComponent("out.png").path, "--json", json] + Self.box
      + testCase.arguments + ["--", Self.text]
    let result = try run(RenderCommand.self, arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let rendered = try decode(try String(contentsOfFile: json, encoding: .utf8))
    try expect(rendered, matches: testCase)
    let laidOut = try run(
      LayoutCommand.self, ["--json"] + Self.box + testCase.arguments + ["--", Self.text])
    #expect(rendered == (try decode(laidOut.standardOutput)))
  }

  /// `galley hit` answers from the same layout: its records are what a ``HitTester`` of the
  /// option's layout gives, and not what one of the layout without the option gives.
  @Test("Each option reaches galley hit", arguments: cases)
  func hit(_ testCase: Case) throws {
    let layout = try decode(
      try run(LayoutCommand.self, ["--json"] + Self.box + testCase.arguments + ["--", Self.text])
        .standardOutput)
    let plain = try decode(
      try run(LayoutCommand.self, ["--json"] + Self.box + ["--", Self.text]).standardOutput)
    let points = stride(from: 1.0, to: 100, by: 6).flatMap { y in
      stride(from: 1.0, to: 200, by: 9).map { x in (x, y) }
    }
    let result = try run(
      HitCommand.self,
      Self.box + testCase.arguments + points.flatMap { ["--at", "\($0.0),\($0.1)"] } + [
        "--", Self.text,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    let printed = records.map(Self.summary(of:))
    #expect(printed == Self.summaries(of: layout, at: points))
    #expect(printed != Self.summaries(of: plain, at: points))
  }

  private static func summary(of record: [String: Any]) -> String {
    "\(record["link"] as? Int ?? -1) \(record["characterIndex"] as? Int ?? -1) "
      + "\(record["caretIndex"] as? Int ?? -1) \(record["inToken"] as? Bool ?? false)"
  }

  private static func summaries(of layout: Layout, at points: [(Double, Double)]) -> [String] {
    let tester = HitTester(layout: layout)
    return points.map { x, y in
      "\(tester.link(atX: x, y: y) ?? -1) \(tester.characterIndex(atX: x, y: y) ?? -1) "
        + "\(tester.closestCharacterIndex(toX: x, y: y)) \(tester.isOnToken(atX: x, y: y))"
    }
  }

  private func expect(
    _ layout: Layout, matches testCase: Case, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect((layout.truncation != nil) == testCase.truncated, sourceLocation: sourceLocation)
    #expect(
      testCase.scale.contains(layout.scale), "scale \(layout.scale)", sourceLocation: sourceLocation
    )
    let last = try #require(layout.lines.last, sourceLocation: sourceLocation)
    #expect(
      (last.breakReason == .truncated) == testCase.truncated, sourceLocation: sourceLocation)
    let tokens = last.runs.indices.filter { last.runs[$0].isToken }
    var place = TokenPlace.none
    if let first = tokens.first, let end = tokens.last {
      place = first == 0 ? .start : end == last.runs.count - 1 ? .end : .inside
    }
    #expect(place == testCase.token, sourceLocation: sourceLocation)
    let tokenLinks = layout.links.filter(\.isToken)
    #expect(tokenLinks.count == testCase.tokenLinks, sourceLocation: sourceLocation)
    #expect(tokenLinks.allSatisfy { $0.index >= 1 }, sourceLocation: sourceLocation)
  }

  // MARK: Bad values

  /// Values out of range, and a word of each message.
  static let badValues: [([String], String)] = [
    (["--max-lines", "-1"], "'--max-lines' must be 0"),
    (["--min-scale", "0"], "'--min-scale' must be above 0"),
    (["--min-scale", "1.5"], "'--min-scale' must be above 0 and at most 1, not 1.5"),
    (["--min-scale", "nan"], "'--min-scale' must be above 0"),
    (["--min-size", "-1"], "'--min-size' must be 0"),
    (["--truncate", "sideways"], "'sideways' is invalid for '--truncate"),
    (["--truncation-token", String(repeating: "x", count: 4097)], "'--truncation-token' may have"),
  ]

  @Test("Bad values exit 64 naming the option", arguments: badValues)
  func badValue(_ arguments: [String], _ message: String) throws {
    for command in ["layout", "hit", "render"] {
      var line = [command, "--fontconfig", try Self.configuration.get()] + arguments
      if command == "hit" { line += ["--at", "1,1"] }
      if command == "render" { line += ["-o", "unused.png"] }
      let result = try GalleyBinary().run(line + ["--", "Hi"])
      #expect(result.status == 64, "\(command)")
      #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
    }
  }

  /// Tokens whose markup cannot be used, the error kind and a word of the diagnostic.
  static let badTokens: [(String, String, String)] = [
    ("%Lx", "unterminatedLink", "--truncation-token:1:1: error: link 0 opened here has no '%l'"),
    (
      "…\n", "invalidOptions",
      "--truncation-token: error: the truncation token may not hold a line break"
    ),
    (
      "…\u{1C}", "invalidOptions",
      "--truncation-token: error: the truncation token may not hold a paragraph separator"
    ),
  ]

  @Test("A token that cannot be used exits 65 with the error document", arguments: badTokens)
  func badToken(_ token: String, _ kind: String, _ diagnostic: String) throws {
    // The text fits: the token is checked whether or not it is drawn.
    let result = try run(
      LayoutCommand.self, ["--json", "--max-lines", "2", "--truncation-token", token, "--", "Hi"])
    #expect(result.status == 65)
    #expect(result.standardError.hasPrefix(diagnostic), "\(result.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect((document["error"] as? [String: Any])?["kind"] as? String == kind)
    let plain = try run(LayoutCommand.self, ["--truncation-token", token, "--", "Hi"])
    #expect(plain.status == 65)
    #expect(plain.standardOutput.isEmpty)
  }

  // MARK: The token, tapped

  @Test func aTapOnTheTokenLinkIsOnTheToken() throws {
    let arguments = Self.box + ["--max-lines", "2", "--truncation-token", "… %{more}Lmore%l"]
    let layout = try decode(
      try run(LayoutCommand.self, ["--json"] + arguments + ["--", Self.text]).standardOutput)
    let truncation = try #require(layout.truncation)
    let link = try #require(layout.links.first { $0.isToken })
    #expect(link.index == 1)  // after the text's one link
    let rect = try #require(link.rects.first)
    let first = try #require(layout.lines.first)
    let points = [(rect.x + rect.width / 2, rect.y + rect.height / 2), (first.x + 3, first.y + 5)]
    let result = try run(
      HitCommand.self,
      arguments + points.flatMap { ["--at", "\($0.0),\($0.1)"] } + ["--", Self.text])
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    try #require(records.count == 2)
    #expect(records[0]["link"] as? Int == 1)
    #expect(records[0]["inToken"] as? Bool == true)
    #expect(records[0]["characterIndex"] as? Int == truncation.location)
    #expect(records[1]["inToken"] as? Bool == false)
    #expect(records[1]["characterIndex"] as? Int == 0)
  }

  // MARK: The listing

  /// Each mode's truncated line, as `galley layout` lists it.
  static let listings: [(String, String)] = [
    ("tail", #"truncated "over the lazy dog. Pac⟨…⟩""#),
    ("head", #"truncated "⟨…⟩uick daft zebras jump.""#),
    ("middle", #"truncated "over the la⟨…⟩ebras jump.""#),
    ("clip", #"truncated "over the lazy dog. Pack my ""#),
  ]

  @Test("The listing shows what the truncated line shows", arguments: listings)
  func listing(_ mode: String, _ expected: String) throws {
    let text =
      "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. "
      + "How vexingly quick daft zebras jump."
    let result = try run(
      LayoutCommand.self,
      Self.box + [
        "--max-lines", "2", "--truncate", mode, "--truncation-token", "… %{more}Lmore%l", "--",
        text,
      ])
    #expect(result.status == 0)
    let last = try #require(
      result.standardOutput.split(separator: "\n").first { $0.hasPrefix("line 1:") })
    #expect(last.hasSuffix(expected), "\(last)")
  }
}
