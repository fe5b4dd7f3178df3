import ArgumentParser
import Foundation
import GalleyMarkup
import GalleySupport
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

@Suite("galley format")
struct FormatCommandTests {
  private func outcome(_ arguments: [String]) throws -> CommandOutcome {
    let command = try FormatCommand.parse(arguments)
    return command.execute()
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let result = try outcome([
      "--json", "--font", "DejaVu Serif", "--color", "#1A5FB4", "--", "Hi %0F%0C%LYou%l!",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "Hi You!")
    let runs = try #require(object["runs"] as? [[String: Any]])
    #expect(runs.count == 3)
    let link = runs[1]
    #expect(link["location"] as? Int == 3)
    #expect(link["length"] as? Int == 3)
    #expect(link["family"] as? String == "DejaVu Serif")
    #expect(link["size"] as? Int == 17)
    #expect(link["weight"] as? Int == 0)
    #expect(link["italic"] as? Bool == false)
    #expect(link["color"] as? String == "#1A5FB4FF")
    #expect(link["background"] is NSNull)
    #expect(link["underline"] as? String == "none")
    #expect(link["link"] as? Int == 0)
    #expect(runs[0]["link"] is NSNull)
    let links = try #require(object["links"] as? [[String: Any]])
    #expect(links.count == 1)
    #expect(links[0]["index"] as? Int == 0)
    #expect(links[0]["location"] as? Int == 3)
    #expect(links[0]["length"] as? Int == 3)
    #expect(links[0]["target"] is NSNull)
  }

  @Test func jsonGolden() throws {
    let result = try outcome([
      "--json", "--font", "DejaVu Sans", "--font", "DejaVu Serif", "--color", "#1A5FB4",
      "--default-background", "lightyellow", "--",
      "%BBold%b, %Iitalic%i, %1Fserif%f, %{https://example.com/a%20b}L%0C%1Ulink%u%c%l, "
        + "%{12.5}Ssmall%s, %XX%x, %10Kwide%k, x%{3}R2%r, 😀 100%%",
    ])
    #expect(result.status == 0)
    try expectGolden(result.standardOutput, named: "format-everything.json")
  }

  @Test func listingGolden() throws {
    let result = try outcome([
      "--font", "DejaVu Serif", "--", "Say \"%0Fhi%f\"\t%{#FF8800}Dto%d %{https://x.y}Lme%l\n",
    ])
    #expect(result.status == 0)
    try expectGolden(result.standardOutput, named: "format-listing.txt")
  }

  @Test func markupErrorShowsCaretAndExits65() throws {
    let result = try outcome(["--", "😀 ab %5B"])
    #expect(result.status == 65)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError == """
        <argument>:1:6: error: '%5B' takes no argument
          😀 ab %5B
                ^~~
        """)
  }

  @Test func markupErrorAsJSON() throws {
    let result = try outcome(["--json", "--", "line one\nx%{nope}C"])
    #expect(result.status == 65)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["kind"] as? String == "invalidArgument")
    #expect(error["offset"] as? Int == 10)
    #expect(error["line"] as? Int == 2)
    #expect(error["column"] as? Int == 2)
    #expect((error["message"] as? String)?.contains("%{nope}C") == true)
    #expect(result.standardError.contains("<argument>:2:2: error:"))
  }

  @Test func lenientPrintsWarningsAndSucceeds() throws {
    let result = try outcome(["--lenient", "--json", "--", "a%Qb%9Cc"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "aQbc")
    let warnings = try #require(object["warnings"] as? [[String: Any]])
    #expect(warnings.map { $0["kind"] as? String } == ["unknownCode", "indexOutOfRange"])
    #expect(result.standardError.contains("warning: unknown code '%Q'"))
  }

  @Test(arguments: [
    [String](),  // no markup at all
    ["--input", "x", "--", "y"],  // both sources
    ["--default-size", "0", "--", "x"],
    ["--default-size", "1001", "--", "x"],
    ["--default-weight", "50", "--", "x"],
    ["--default-family", " ", "--", "x"],
    ["--font", "", "--", "x"],
    ["--color", "#12", "--", "x"],
    ["--color", "notacolor", "--", "x"],
    ["--default-size", "big", "--", "x"],
    ["--frobnicate", "--", "x"],
  ])
  func badFlagsAreUsageErrors(arguments: [String]) {
    #expect(throws: (any Error).self) { try FormatCommand.parse(arguments) }
    do {
      _ = try FormatCommand.parse(arguments)
    } catch {
      #expect(FormatCommand.exitCode(for: error) == ExitCode(64), "\(arguments)")
    }
  }

  @Test func readsFilesAndRejectsInvalidUTF8() throws {
    let good = try temporaryFile(Data("%Bhi%b\n".utf8))
    let ok = try outcome(["--input", good.path])
    #expect(ok.status == 0)
    #expect(ok.standardOutput.contains("\"hi\""))

    let bad = try temporaryFile(Data([0x61, 0x62, 0xFF, 0x63]))
    let failed = try outcome(["--input", bad.path])
    #expect(failed.status == 65)
    #expect(failed.standardError == "\(bad.path): error: is not valid UTF-8 (bad byte at offset 2)")

    let missing = try outcome(["--input", "/nonexistent/galley/input"])
    #expect(missing.status == 65)
    #expect(missing.standardError == "/nonexistent/galley/input: error: no such file")

    let folder = try outcome(["--input", FileManager.default.temporaryDirectory.path])
    #expect(folder.status == 65)
    #expect(folder.standardError.contains("is a directory"))
  }

  @Test(arguments: [
    ([UInt8](), nil as Int?),
    ([0x61, 0x62], nil),
    ([0xC3, 0xA9], nil),
    ([0xF0, 0x9F, 0x98, 0x80, 0x61], nil),
    ([0x61, 0xC3], 1),  // truncated sequence
    ([0xED, 0xA0, 0x80], 0),  // encoded surrogate
    ([0xC0, 0xAF], 0),  // overlong
    ([0x61, 0x80], 1),  // stray continuation
  ])
  func utf8Validation(bytes: [UInt8], expected: Int?) {
    #expect(UTF8Validation.firstInvalidOffset(in: bytes) == expected)
  }
}

@Suite("galley executable")
struct GalleyExecutableTests {
  @Test func formatsAndExitsZero() throws {
    let result = try GalleyBinary().run(["format", "--json", "--", "%Bhi%b"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"text\" : \"hi\""))
  }

  @Test func markupErrorExits65() throws {
    let result = try GalleyBinary().run(["format", "--", "50% off"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("<argument>:1:3: error:"))
  }

  @Test func badFlagExits64() throws {
    let result = try GalleyBinary().run(["format", "--default-size", "-4", "--", "x"])
    #expect(result.status == 64)
  }

  @Test func unknownSubcommandExits64() throws {
    let result = try GalleyBinary().run(["frobnicate"])
    #expect(result.status == 64)
  }

  @Test func readsStandardInput() throws {
    let result = try GalleyBinary().run(
      ["format", "--json", "--input", "-"], input: Data("%Ihi%i".utf8))
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"italic\" : true"))
  }

  @Test func invalidUTF8OnStandardInputExits65() throws {
    let result = try GalleyBinary().run(
      ["format", "--json", "--input", "-"], input: Data([0x25, 0x42, 0xFE]))
    #expect(result.status == 65)
    #expect(result.standardOutput.contains("\"kind\" : \"invalidInput\""))
    #expect(result.standardError.contains("<stdin>: error: is not valid UTF-8"))
  }
}
