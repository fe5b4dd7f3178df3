import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyCheckCLI

/// `galley check`'s exit statuses and outputs.
@Suite struct CheckCommandTests {
  static let folder = HermeticFonts.packageRoot + "/Tests/Catalogs"

  func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let fonts = ["--fontconfig", try HermeticFonts.configurationFile()]
    let command = try CheckCommand.parse(arguments + fonts)
    let outcome = command.execute()
    return (outcome.status, outcome.standardOutput, outcome.standardError)
  }

  /// Writes a file in a fresh folder and returns its path.
  func file(_ name: String, _ contents: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-check-\(UUID().uuidString)")
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: url)
    return url.path
  }

  @Test func passes() throws {
    let spec = try file("spec.json", #"{"labels": [{"keys": "*", "layout": {"width": 300}}]}"#)
    let catalog = try file("de.json", #"{"hello": "Hallo"}"#)
    let english = catalog.replacingOccurrences(of: "de.json", with: "en.json")
    try Data(#"{"hello": "Hello"}"#.utf8).write(to: URL(fileURLWithPath: english))
    let result = try run(["--spec", spec, catalog, english])
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("checked 2 strings in 2 locales (2 files): all pass\n"))
  }

  @Test func failsWithOne() throws {
    let result = try run([
      "--spec", Self.folder + "/spec.json", Self.folder + "/sparkle", "--json", "-",
    ])
    #expect(result.status == 1)
    let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    #expect(json?["version"] as? Int == 1)
    #expect(json?["passed"] as? Bool == false)
    #expect((json?["failures"] as? [Any])?.isEmpty == false)
  }

  @Test func writesTheJSONReportToAFile() throws {
    let output = try file("out/report.json", "old")
    let result = try run([
      "--spec", Self.folder + "/spec.json", Self.folder + "/transmission", "--json", output,
    ])
    #expect(result.status == 1)
    let written = try String(contentsOfFile: output, encoding: .utf8)
    #expect(written.hasPrefix("{"))
    #expect(result.output.contains("checked "))
  }

  @Test(arguments: [
    (#"{"labels": [{"keys": 5}]}"#, "labels[0].keys"),
    ("not json", "not a JSON object"),
    (
      #"{"labels": [{"keys": "*", "defaults": {"fontDescription": "Inter 9999999"}}]}"#,
      "fontDescription"
    ),
  ])
  func badSpecIsUsage(spec: String, message: String) throws {
    let path = try file("spec.json", spec)
    let result = try run(["--spec", path, Self.folder + "/sparkle"])
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func missingSpecIsUsage() throws {
    let result = try run(["--spec", "/nonexistent/spec.json", Self.folder + "/sparkle"])
    #expect(result.status == 64)
    #expect(result.error.contains("no such file"))
  }

  @Test(arguments: [
    ("values/strings.xml", "<resources><string name=\"a\">x</resources>", "mismatch"),
    ("de.json", "[1, 2]", "not a JSON object"),
    ("de.lproj/A.strings", "\"a\" = ;", ":1: expected the value of \"a\""),
    ("po/de.po", "msgid \"a\"\nmsgstr b\n", ":2: expected a string"),
    ("notes.txt", "hello", "is not a catalog"),
  ])
  func badCatalogIsDataError(name: String, contents: String, message: String) throws {
    let spec = try file("spec.json", #"{"labels": []}"#)
    let catalog = try file(name, contents)
    let result = try run(["--spec", spec, catalog])
    #expect(result.status == 65)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func missingCatalogIsDataError() throws {
    let spec = try file("spec.json", #"{"labels": []}"#)
    let result = try run(["--spec", spec, "/nonexistent/catalogs"])
    #expect(result.status == 65)
  }

  @Test func badOptions() {
    #expect(throws: (any Error).self) { try CheckCommand.parse(["--spec", "s.json"]) }
    #expect(throws: (any Error).self) {
      try CheckCommand.parse(["--spec", "s.json", "--source-locale", "english!", "x"])
    }
  }
}

/// `galley check` on the machine's own fonts (the system's fontconfig configuration).
///
/// Every fixture is checked, in every locale and pseudo-locale, with an HTML report, and
/// nothing fails but the checks. What the results are depends on the machine; that it runs
/// does not.
@Suite struct CheckSystemFontsSmokeTests {
  @Test(arguments: FixtureTests.fixtures)
  func checksWithTheMachinesFonts(fixture: String) throws {
    let folder = HermeticFonts.packageRoot + "/Tests/Catalogs"
    let html = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-check-smoke-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: html) }
    let command = try CheckCommand.parse([
      "--spec", folder + "/spec.json", "--pseudo", "--html", html, "--json", "-",
      folder + "/" + fixture,
    ])
    let outcome = command.execute()
    #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.standardError)")
    let report = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
    #expect((report as? [String: Any])?["version"] as? Int == 1)
    #expect(FileManager.default.fileExists(atPath: html + "/index.html"))
  }
}
