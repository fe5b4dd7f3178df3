import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

@Suite("galley layout and galley hit")
struct LayoutCommandTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  private func layout(_ arguments: [String]) throws -> CommandOutcome {
    try LayoutCommand.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  private func hit(_ arguments: [String]) throws -> CommandOutcome {
    try HitCommand.parse(["--fontconfig", try Self.configuration.get()] + arguments).execute()
  }

  private func object(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test func layoutJSONHasTheDocumentedShape() throws {
    let result = try layout([
      "--json", "--width", "120", "--family", "DejaVu Sans", "--size", "13", "--",
      "Tap %{https://x.y}Lhere now%l please",
    ])
    #expect(result.status == 0)
    let document = try #require(try object(result.standardOutput) as? [String: Any])
    #expect(document["schemaVersion"] as? Int == 1)
    let size = try #require(document["size"] as? [String: Any])
    #expect(size["width"] as? Double == 120)
    let lines = try #require(document["lines"] as? [[String: Any]])
    let line = try #require(lines.first)
    for key in ["location", "length", "x", "y", "width", "height", "baseline", "runs"] {
      #expect(line[key] != nil, "\(key)")
    }
    let run = try #require((line["runs"] as? [[String: Any]])?.first)
    let font = try #require(run["font"] as? [String: Any])
    #expect(font["family"] as? String == "DejaVu Sans")
    #expect(font["size"] as? Double == 13)
    let glyph = try #require((run["glyphs"] as? [[String: Any]])?.first)
    for key in ["id", "x", "y", "advance", "cluster"] { #expect(glyph[key] != nil, "\(key)") }
    let link = try #require((document["links"] as? [[String: Any]])?.first)
    #expect(link["location"] as? Int == 4)
    #expect(link["length"] as? Int == 8)
    #expect(link["target"] as? String == "https://x.y")
    #expect((link["rects"] as? [Any])?.isEmpty == false)
    #expect(document["decorations"] is [Any])
    #expect(document["backgrounds"] is [Any])
  }

  @Test func theBoxOptionsReachTheLayout() throws {
    let result = try layout([
      "--json", "--width", "120", "--height", "90", "--insets", "10,8,6,4", "--vertical-align",
      "bottom", "--", "Tap %Lhere%l",
    ])
    #expect(result.status == 0)
    let document = try #require(try object(result.standardOutput) as? [String: Any])
    let size = try #require(document["size"] as? [String: Any])
    #expect(size["width"] as? Double == 120)
    #expect(size["height"] as? Double == 90)
    let line = try #require((document["lines"] as? [[String: Any]])?.first)
    #expect(line["x"] as? Double == 8)
    let y = try #require(line["y"] as? Double)
    let height = try #require(line["height"] as? Double)
    #expect(y + height == 84)
    // The same box through hit: the link is where the layout put it.
    let hits = try hit([
      "--width", "120", "--height", "90", "--insets", "10,8,6,4", "--vertical-align", "bottom",
      "--at", "45,\(y + height / 2)", "--", "Tap %Lhere%l",
    ])
    #expect(hits.standardOutput.contains("\"link\" : 0"))
  }

  @Test func justifyStretchesWrappedLinesToTheWidth() throws {
    let markup = "Tap %Lhere%l for more text that wraps over several lines"
    let arguments = ["--json", "--width", "110", "--insets", "0,5,0,5", "--", markup]
    let justified = try layout(["--align", "justify"] + arguments)
    #expect(justified.status == 0)
    let document = try #require(try object(justified.standardOutput) as? [String: Any])
    let lines = try #require(document["lines"] as? [[String: Any]])
    #expect(lines.count > 2)
    for line in lines {
      let end = try #require(line["x"] as? Double) + (try #require(line["width"] as? Double))
      if line["breakReason"] as? String == "wrap" {
        #expect(end == 105)
      } else {
        #expect(end < 105)
      }
    }
    let left = try layout(["--align", "left"] + arguments)
    #expect(left.standardOutput != justified.standardOutput)
  }

  /// Box options that cannot be used, and a word of each message.
  static let badBoxes: [([String], String)] = [
    (["--insets", "1,2"], "is invalid for '--insets"),
    (["--insets", "1,2,3,x"], "is invalid for '--insets"),
    (["--insets", "-1"], "top inset must be at least 0"),
    (["--height", "5", "--insets", "3,0,3,0"], "at least the top and bottom insets"),
    (["--width", "20", "--insets", "0,10,0,10"], "larger than the left and right insets"),
    (["--height", "nan"], "height must be above 0"),
    (["--vertical-align", "middle"], "vertical-align"),
  ]

  @Test("Bad box options exit 64 with a message", arguments: badBoxes)
  func badBoxOptions(_ arguments: [String], _ message: String) throws {
    let result = try GalleyBinary().run(
      ["layout", "--fontconfig", try Self.configuration.get()] + arguments + ["--", "Hi"])
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  /// Kerning table files that cannot be used, and a word of each message.
  static let badKerningTables: [(String, String)] = [
    ("{\"ab\": 1}", "must be exactly one character"),
    ("{\"a\": true}", "must hold a JSON object of numbers"),
    ("[1, 2]", "must hold a JSON object of numbers"),
    ("not json", "must hold a JSON object of numbers"),
    ("{\"a\": 50}", "kerning of U+61 must be within"),
  ]

  @Test("Bad kerning tables exit 64 with a message", arguments: badKerningTables)
  func badKerningTable(_ contents: String, _ message: String) throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-kerning-\(UUID().uuidString).json")
    try Data(contents.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try GalleyBinary().run([
      "layout", "--fontconfig", try Self.configuration.get(), "--kerning-table", file.path, "--",
      "Hi",
    ])
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test func aKerningTableWidensItsCharacters() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-kerning-\(UUID().uuidString).json")
    try Data("{\"a\": 1}".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let plain = try layout(["--json", "--", "aaa"]).standardOutput
    let kerned = try layout(["--json", "--kerning-table", file.path, "--", "aaa"]).standardOutput
    func line(_ json: String) throws -> [String: Any] {
      let document = try #require(try object(json) as? [String: Any])
      return try #require((document["lines"] as? [[String: Any]])?.first)
    }
    let run = try #require((try line(plain)["runs"] as? [[String: Any]])?.first)
    let size = try #require((run["font"] as? [String: Any])?["size"] as? Double)
    let added =
      try #require(try line(kerned)["width"] as? Double) - (line(plain)["width"] as? Double ?? 0)
    #expect(added == 3 * size)
  }

  @Test func plainTextIgnoresCodes() throws {
    let result = try layout(["--plain", "--", "100% %B"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"100% %B\""))
  }

  @Test func hitReportsLinkAndCharacter() throws {
    let result = try hit([
      "--width", "200", "--family", "DejaVu Sans", "--size", "13", "--at", "30,7", "--at",
      "500,500",
      "--at", "30,-3", "--tolerance", "4", "--", "Tap %Lhere%l",
    ])
    #expect(result.status == 0)
    let hits = try #require(try object(result.standardOutput) as? [[String: Any]])
    #expect(hits.count == 3)
    #expect(hits[0]["link"] as? Int == 0)
    #expect(hits[0]["characterIndex"] as? Int == 4)
    #expect(hits[1]["link"] is NSNull)
    #expect(hits[1]["characterIndex"] is NSNull)
    #expect(hits[1]["caretIndex"] as? Int == 8)
    #expect(hits[2]["link"] as? Int == 0)
  }

  @Test(arguments: [
    ["--width", "0", "--", "x"], ["--width", "-3", "--", "x"], ["--size", "0", "--", "x"],
    ["--line-height-multiple", "0", "--", "x"], ["--align", "justified", "--", "x"],
    ["--width", "nan", "--", "x"],
  ])
  func badLayoutFlagsAreUsageErrors(arguments: [String]) {
    _ = layoutUsageError(arguments)
  }

  @Test(arguments: [
    ["--", "x"], ["--at", "1", "--", "x"], ["--at", "a,b", "--", "x"],
    ["--at", "1,2,3", "--", "x"],
    ["--at", "1,2", "--tolerance", "-1", "--", "x"],
  ])
  func badHitFlagsAreUsageErrors(arguments: [String]) {
    do {
      _ = try HitCommand.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(HitCommand.exitCode(for: error) == ExitCode(64))
    }
  }

  @Test func badInputIsADataError() throws {
    let markup = try layout(["--json", "--", "%Q"])
    #expect(markup.status == 65)
    #expect(markup.standardOutput.contains("\"unknownCode\""))
    let fonts = try layout(["--font-dir", "/nonexistent/fonts", "--", "x"])
    #expect(fonts.status == 65)
    #expect(fonts.standardOutput.isEmpty)
  }

  @Test func executableLaysOutAndExits() throws {
    let path = try Self.configuration.get()
    let ok = try GalleyBinary().run([
      "layout", "--json", "--width", "100", "--fontconfig", path, "--", "hello",
    ])
    #expect(ok.status == 0)
    let bad = try GalleyBinary().run(["hit", "--fontconfig", path, "--", "hello"])
    #expect(bad.status == 64)
  }
}
