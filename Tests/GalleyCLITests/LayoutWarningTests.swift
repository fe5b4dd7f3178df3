import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// `layout`, `hit` and `render` honour `--lenient`, and say when they use another family than
/// the one asked for (or refuse, with `--strict`), as `galley font` does.
@Suite("Layout warnings: lenient markup and substituted families")
struct LayoutWarningTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// Runs one of the three commands with the hermetic fonts.
  private func run(_ command: String, _ arguments: [String]) throws -> CommandOutcome {
    let common = ["--fontconfig", try Self.configuration.get()]
    switch command {
    case "layout": return try LayoutCommand.parse(common + arguments).execute()
    case "hit": return try HitCommand.parse(common + ["--at", "1,1"] + arguments).execute()
    default:
      let output = FileManager.default.temporaryDirectory
        .appendingPathComponent("galley-warning-\(UUID().uuidString).png").path
      defer { try? FileManager.default.removeItem(atPath: output) }
      return try RenderCommand.parse(common + ["-o", output] + arguments).execute()
    }
  }

  @Test(arguments: ["layout", "hit", "render"])
  func lenientMarkupWarnsAndGoesOn(command: String) throws {
    let strict = try run(command, ["--", "50% off %9Cnow"])
    #expect(strict.status == 65)
    let lenient = try run(command, ["--lenient", "--", "50% off %9Cnow"])
    #expect(lenient.status == 0, "\(lenient.standardError)")
    #expect(lenient.standardError.contains("<argument>:1:3: warning: unknown code '% '"))
    #expect(lenient.standardError.contains("warning: color 9 is not in the table"))
  }

  /// A coordinate on an axis the face lacks is a warning, once per face and axis; the layout
  /// goes on with the face's own coordinates.
  @Test(arguments: ["layout", "hit", "render"])
  func missingAxesAreNamed(command: String) throws {
    let result = try run(
      command,
      [
        "--family", "DejaVu Sans", "--variations", "wght=550", "--",
        "hi %{opsz=20}Vthere %{Inter}Fyou%v and %{Inter}Fme",
      ])
    #expect(result.status == 0)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "warning: 'DejaVu Sans Book' has no 'wght' axis; 'wght=550' is ignored",
        "warning: 'DejaVu Sans Book' has no 'opsz' axis; 'opsz=20' is ignored",
        "warning: 'Inter Regular' has no 'opsz' axis; 'opsz=20' is ignored",
      ], "\(result.standardError)")
    let quiet = try run(command, ["--family", "Inter", "--variations", "wght=550", "--", "hi"])
    #expect(quiet.standardError.isEmpty)
  }

  @Test(arguments: ["layout", "hit", "render"])
  func substitutedFamiliesAreNamed(command: String) throws {
    let result = try run(command, ["--family", "Avenirr", "--", "hi %{Zapfinoo}Fthere"])
    #expect(result.status == 0)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 2, "\(result.standardError)")
    #expect(
      lines.first?.hasPrefix("warning: no installed family is named 'Avenirr'; using '") == true)
    #expect(lines.last?.hasPrefix("warning: no installed family is named 'Zapfinoo'") == true)
    // Installed families, aliases and generic families are not substitutes.
    let quiet = try run(command, ["--family", "Helvetica", "--", "hi %{serif}Fthere %{Lato}Fyou"])
    #expect(quiet.status == 0)
    #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
  }

  @Test(arguments: ["layout", "hit", "render"])
  func strictRefusesSubstitutes(command: String) throws {
    let json = command == "layout" ? ["--json"] : []
    let result = try run(command, json + ["--strict", "--", "hi %{Latto}Fthere"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("no installed family is named 'Latto'"))
    #expect(result.standardError.contains("did you mean 'Lato'"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect((document["error"] as? [String: Any])?["kind"] as? String == "unknownFamily")
  }
}
