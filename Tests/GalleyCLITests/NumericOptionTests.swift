import Foundation
import GalleyTestSupport
import Testing

/// Every option that takes a number or a pair takes a negative value, and a value out of range
/// gets a range message, never "Missing value".
@Suite("Numeric options")
struct NumericOptionTests {
  /// Options whose values are not numbers: names, colors, paths and choices.
  static let nonNumeric: Set<String> = [
    "font", "color", "default-family", "default-color", "default-background", "input",
    "for-text", "language", "fontset", "font-dir", "font-file", "fontconfig", "family", "align",
    "vertical-align", "wrap", "wrap-style", "hyphens", "kerning-table", "truncate",
    "truncation-token",
    "o", "output", "format", "json", "background", "shadow-color", "glow-color",
    "inner-shadow-color", "gradient", "gradient-type", "outline-color", "outline-join",
    "outline-mode", "link-color", "png-compression", "direction", "accelerators", "features",
    "variations", "font-description", "draw-order", "text-color", "variants", "atlas",
    "cache-dir",
  ]

  /// Options whose value is a pair `X,Y`.
  static let pairs: Set<String> = [
    "at", "shadow-offset", "inner-shadow-offset", "gradient-start", "gradient-end", "glyph-scale",
    "offset",
  ]

  /// The options of each subcommand, from the parser's own description of the command line.
  static func options(of binary: GalleyBinary) throws -> [(command: String, option: String)] {
    let dump = try binary.run(["--experimental-dump-help"])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
    let command = try #require(root["command"] as? [String: Any])
    var found: [(String, String)] = []
    for subcommand in command["subcommands"] as? [[String: Any]] ?? [] {
      let name = try #require(subcommand["commandName"] as? String)
      for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
        guard argument["kind"] as? String == "option",
          let names = argument["names"] as? [[String: Any]],
          let option = names.first?["name"] as? String
        else { continue }
        found.append((name, option))
      }
    }
    return found
  }

  @Test func negativeValuesReachTheRangeChecks() throws {
    let binary = try GalleyBinary()
    let fontconfig = try HermeticFonts.configurationFile()
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-negative-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let numeric = try Self.options(of: binary).filter { !Self.nonNumeric.contains($0.option) }
    #expect(numeric.count >= 30)
    for (command, option) in numeric {
      let value = Self.pairs.contains(option) ? "-1,1" : "-1"
      var arguments = [command, "--\(option)", value]
      if command != "format" { arguments += ["--fontconfig", fontconfig] }
      if option.hasPrefix("gradient-") { arguments += ["--gradient", "#000000,#FFFFFF"] }
      switch command {
      case "font": arguments.append("serif")
      case "fonts": break
      case "render": arguments += ["-o", output, "--", "Hi"]
      case "hit": arguments += option == "at" ? ["--", "Hi"] : ["--at", "1,1", "--", "Hi"]
      default: arguments += ["--", "Hi"]
      }
      let result = try binary.run(arguments)
      #expect(!result.standardError.contains("Missing value"), "\(command) --\(option)")
      if result.status != 0 {
        #expect(result.status == 64, "\(command) --\(option): \(result.standardError)")
        #expect(
          result.standardError.contains("must") || result.standardError.contains("neither"),
          "\(command) --\(option): \(result.standardError)")
      }
    }
  }
}

/// Family names have one limit everywhere: the font set's.
@Suite("Family name options")
struct FamilyNameOptionTests {
  static let long = String(repeating: "A", count: 257)

  @Test(arguments: [
    ["layout", "--family", long, "--", "hi"], ["layout", "--default-family", long, "--", "hi"],
    ["layout", "--font", long, "--", "hi"],
    ["render", "-o", "x.png", "--family", long, "--", "hi"],
    ["hit", "--at", "1,1", "--family", long, "--", "hi"], ["font", long],
    ["fonts", "--family", long], ["format", "--default-family", long, "--", "hi"],
    ["layout", "--family", " ", "--", "hi"], ["font", ""],
  ])
  func longAndEmptyNamesAreUsageErrors(arguments: [String]) throws {
    let result = try GalleyBinary().run(arguments)
    #expect(result.status == 64, "\(arguments.prefix(3)): \(result.standardError)")
    #expect(
      result.standardError.contains("family names have 1 to 256 bytes")
        || result.standardError.contains("must not be empty"), "\(result.standardError)")
  }

  @Test func markupFamiliesHaveTheSameLimit() throws {
    let result = try GalleyBinary().run([
      "layout", "--fontconfig", try HermeticFonts.configurationFile(), "--",
      "%{\(Self.long)}Fhi",
    ])
    #expect(result.status == 65)
    #expect(result.standardError.contains("family names have 1 to 256 bytes"))
  }
}
