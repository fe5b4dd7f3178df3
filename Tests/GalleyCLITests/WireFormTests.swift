import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// The bytes of each small JSON document `galley` prints (the shapes in `Sources/GalleyCLI/Wire`),
/// pinned by goldens; the large layout and format documents have goldens of their own.
@Suite("JSON wire forms")
struct WireFormTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// Runs a `galley` command line in-process, as the process would print it.
  ///
  /// - Parameters:
  ///   - arguments: The subcommand and its arguments.
  ///   - fonts: Whether to pass the hermetic fonts (after the subcommand's name).
  /// - Returns: The outcome.
  /// - Throws: When the arguments do not parse or the font configuration cannot be written.
  private func run(_ arguments: [String], fonts: Bool = true) throws -> CommandOutcome {
    let fontArguments = fonts ? ["--fontconfig", try Self.configuration.get()] : []
    let parsed = try GalleyCommand.parseAsRoot(
      Array(arguments.prefix(1)) + fontArguments + arguments.dropFirst())
    return try #require(parsed as? any OutcomeCommand).execute()
  }

  @Test(arguments: [
    ("wire-font.json", ["font", "DejaVu Sans Mono", "--weight", "1", "--italic", "--json"], 0),
    (
      "wire-font-for-text.json",
      ["font", "DejaVu Sans", "--for-text", "a\u{65E5}\u{10FFFD}", "--json"], 0
    ),
    ("wire-fonts.json", ["fonts", "--family", "DejaVu Sans Mono", "--json"], 0),
    ("wire-hit.json", ["hit", "--at", "5,5", "--at", "500,5", "--", "%{https://x}Lworld%l"], 0),
    ("wire-error-font.json", ["fonts", "--family", "DejaVu Sans Mnoo", "--json"], 65),
    ("wire-error-input.json", ["layout", "--json", "--input", "/nonexistent/markup.txt"], 65),
  ])
  func documentIsUnchanged(golden: String, arguments: [String], status: Int32) throws {
    let outcome = try run(arguments)
    #expect(outcome.status == status, "\(outcome.standardError)")
    try expectGolden(outcome.standardOutput + "\n", named: golden)
  }

  @Test func markupErrorIsUnchanged() throws {
    let outcome = try run(["format", "--json", "--", "ab %Q"], fonts: false)
    #expect(outcome.status == 65)
    try expectGolden(outcome.standardOutput + "\n", named: "wire-error-markup.json")
  }

  @Test func renderSummaryIsUnchanged() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-wire-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try run([
      "render", "-o", folder.appendingPathComponent("a.png").path, "--scale", "2",
      "--shadow-blur", "2", "--", "Hi",
    ])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    let summary = outcome.standardOutput.replacingOccurrences(of: folder.path, with: "<folder>")
    try expectGolden(summary + "\n", named: "wire-render-summary.json")
  }
}
