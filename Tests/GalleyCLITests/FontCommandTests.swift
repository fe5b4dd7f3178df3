import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

@Suite("galley font and galley fonts")
struct FontCommandTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  private func font(_ arguments: [String]) throws -> CommandOutcome {
    let path = try Self.configuration.get()
    return try FontCommand.parse(arguments + ["--fontconfig", path]).execute()
  }

  private func fonts(_ arguments: [String]) throws -> CommandOutcome {
    let path = try Self.configuration.get()
    return try FontsCommand.parse(arguments + ["--fontconfig", path]).execute()
  }

  private func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func jsonHasTheDocumentedKeys() throws {
    let result = try font(["Lato", "--weight", "-1", "--italic", "--json"])
    #expect(result.status == 0)
    let face = try object(result.standardOutput)
    #expect(face["file"] as? String == HermeticFonts.fontPath("lato/Lato-LightItalic.ttf"))
    #expect(face["index"] as? Int == 0)
    #expect(face["family"] as? String == "Lato")
    #expect(face["style"] as? String == "Light Italic")
    #expect(face["postscriptName"] as? String == "Lato-LightItalic")
    #expect(face["weight"] as? Int == 300)
    #expect(face["italic"] as? Bool == true)
    #expect(face["synthesizedItalic"] as? Bool == false)
    #expect(face["synthesizedBold"] as? Bool == false)
    #expect(face["substituted"] as? Bool == false)
  }

  @Test func readableOutputGolden() throws {
    let result = try font(["Droid Sans Fallback", "--weight", "3", "--italic"])
    #expect(result.status == 0)
    try expectGolden(result.standardOutput, named: "font-synthesized.txt")
  }

  @Test func substitutionWarnsAndStrictFails() throws {
    let substituted = try font(["Latto", "--json"])
    #expect(substituted.status == 0)
    #expect(try object(substituted.standardOutput)["substituted"] as? Bool == true)
    #expect(substituted.standardError.contains("warning: no installed family is named 'Latto'"))

    let strict = try font(["Latto", "--strict", "--json"])
    #expect(strict.status == 65)
    let error = try #require(try object(strict.standardOutput)["error"] as? [String: Any])
    #expect(error["kind"] as? String == "unknownFamily")
    #expect(error["suggestions"] as? [String] == ["Lato"])
    #expect(
      strict.standardError == "error: no installed family is named 'Latto' (did you mean 'Lato'?)")
  }

  @Test func aliasAndFontsetFile() throws {
    let helvetica = try object(try font(["Helvetica", "--weight", "1", "--json"]).standardOutput)
    #expect(helvetica["family"] as? String == "Liberation Sans")
    #expect(helvetica["matchedBy"] as? String == "alias")
    let noAliases = try font(["Helvetica", "--no-built-in-aliases", "--strict"])
    #expect(noAliases.status == 65)

    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-cli-fontset.json")
    try Data(#"{"schemaVersion": 1, "aliases": {"Brand": ["Lato"]}}"#.utf8).write(to: url)
    let brand = try object(try font(["Brand", "--fontset", url.path, "--json"]).standardOutput)
    #expect(brand["family"] as? String == "Lato")
    try Data(#"{"schemaVersion": 1, "aliases": {"Brand": "Lato"}}"#.utf8).write(to: url)
    let bad = try font(["Brand", "--fontset", url.path])
    #expect(bad.status == 65)
    #expect(bad.standardError.contains("key 'aliases.Brand'"))
  }

  @Test func forTextShowsFallbackRuns() throws {
    let result = try font(["DejaVu Sans", "--for-text", "Hi 男孩 😀", "--json"])
    #expect(result.status == 0)
    let runs = try #require(try object(result.standardOutput)["runs"] as? [[String: Any]])
    let families = runs.map { ($0["face"] as? [String: Any])?["family"] as? String }
    #expect(families == ["DejaVu Sans", "Droid Sans Fallback", "DejaVu Sans", "Noto Color Emoji"])
    #expect(runs.map { $0["location"] as? Int } == [0, 3, 5, 6])
    #expect(runs.first?["primary"] as? Bool == true)
    let listing = try font(["DejaVu Sans", "--for-text", "Hi 男孩"])
    try expectGolden(listing.standardOutput, named: "font-for-text.txt")
  }

  @Test(arguments: [
    ["Lato", "--weight", "4"], ["Lato", "--weight", "1001"], ["Lato", "--weight", "boldest"],
    ["Lato", "--language", ""], [], ["Lato", "--frobnicate"],
  ])
  func badFlagsAreUsageErrors(arguments: [String]) {
    do {
      _ = try FontCommand.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(FontCommand.exitCode(for: error) == ExitCode(64))
    }
  }

  @Test func missingFontDirectoryIsADataError() throws {
    let result = try font(["Lato", "--font-dir", "/nonexistent/fonts"])
    #expect(result.status == 65)
    #expect(result.standardError.contains("'/nonexistent/fonts' is not a directory"))
  }

  @Test func fontsListsLadderAndFaces() throws {
    let result = try fonts(["--family", "Lato", "--json"])
    #expect(result.status == 0)
    let families = try #require(try object(result.standardOutput)["families"] as? [[String: Any]])
    #expect(families.count == 1)
    let ladder = try #require(families.first?["ladder"] as? [[String: Any]])
    #expect(
      ladder.map { $0["style"] as? String } == [
        "Hairline", "Thin", "Light", "Regular", "Bold", "Heavy", "Black",
      ])
    #expect((families.first?["faces"] as? [Any])?.count == 18)
    try expectGolden(
      try self.fonts(["--family", "DejaVu Sans"]).standardOutput, named: "fonts-dejavu-sans.txt")
  }

  @Test func fontsListsEveryFamilyAndRefusesUnknownOnes() throws {
    let all = try fonts([])
    #expect(all.status == 0)
    #expect(all.standardOutput.contains("Lato (18 faces)"))
    #expect(all.standardOutput.contains("Droid Sans Fallback (1 face)"))
    let unknown = try fonts(["--family", "Latto"])
    #expect(unknown.status == 65)
    #expect(unknown.standardError.contains("did you mean 'Lato'"))
  }

  /// A variable face reports its axes, its named instances and the coordinates the weight
  /// set; a static face has none of the three keys.
  @Test func jsonReportsAVariableFacesAxes() throws {
    let face = try object(try font(["Inter", "--weight", "550", "--json"]).standardOutput)
    #expect(face["variations"] as? String == "wght=550")
    let axes = try #require(face["axes"] as? [[String: Any]])
    #expect(axes.map { $0["tag"] as? String } == ["wght", "slnt"])
    #expect(axes.first?["min"] as? Double == 100)
    #expect(axes.first?["default"] as? Double == 400)
    #expect(axes.first?["max"] as? Double == 900)
    let instances = try #require(face["instances"] as? [[String: Any]])
    #expect(instances.count == 18)
    #expect(instances.contains { $0["name"] as? String == "Semi Bold Italic" })
    #expect(instances.first?["variations"] as? String == "wght=100,slnt=0")
    let lato = try object(try font(["Lato", "--json"]).standardOutput)
    #expect(lato["axes"] == nil && lato["instances"] == nil && lato["variations"] == nil)
  }

  /// The family may be a Pango description or a fontconfig pattern; `--describe` prints
  /// the face in Pango's form; a description Pango would misread is a usage error with a
  /// suggestion.
  @Test func familiesMayBeDescriptions() throws {
    let boldOblique = HermeticFonts.fontPath("dejavu/DejaVuSans-BoldOblique.ttf")
    for description in ["DejaVu Sans Bold Oblique", "DejaVu Sans:bold:oblique"] {
      let face = try object(try font([description, "--json"]).standardOutput)
      #expect(face["file"] as? String == boldOblique, "\(description)")
      #expect(face["description"] as? String == "DejaVu Sans Bold Oblique")
    }
    let described = try font(["DejaVu Sans, Noto Sans Condensed Bold 12 #tnum", "--describe"])
    #expect(described.standardOutput == "DejaVu Sans Bold Semi-Condensed 12 #tnum")
    let inter = try font(["Inter Semi Bold 13 @wght=550", "--describe"])
    #expect(inter.standardOutput == "Inter Semi-Bold 13 @wght=550")
    // --weight and --italic go over the description's style words.
    let overridden = try font(["Lato Thin", "--weight", "bold", "--italic", "--describe"])
    #expect(overridden.standardOutput == "Lato Bold Italic")
    let path = try Self.configuration.get()
    let misread = try GalleyBinary().run(["font", "Inter 550 20", "--fontconfig", path])
    #expect(misread.status == 64)
    #expect(misread.standardError.contains("did you mean 'Inter weight=550 20'?"))
  }

  @Test func executableResolvesWithAHermeticConfiguration() throws {
    let path = try Self.configuration.get()
    let result = try GalleyBinary().run(["font", "Lato", "--weight", "1", "--fontconfig", path])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("Lato Bold (Lato-Bold)"))
    let strict = try GalleyBinary().run(["font", "Nope Sans", "--strict", "--fontconfig", path])
    #expect(strict.status == 65)
  }
}
