import ArgumentParser
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// `galley` reads the usual `font` and `fonts` command lines without argument-parser
/// (`FontCommandLine`); whatever it reads must mean what argument-parser makes of it.
@Suite("galley's own reading of font command lines")
struct FontCommandLineTests {
  /// What argument-parser makes of a command line, as `galley-engine` parses it.
  private enum Parsed: Equatable {
    case font(FontQuery)
    case fonts(FontsQuery)
    case other
    case failure
  }

  private func parsed(_ arguments: [String]) -> Parsed {
    do {
      switch try GalleyCommand.parseAsRoot(arguments) {
      case let command as FontCommand: return .font(command.query)
      case let command as FontsCommand: return .fonts(command.query)
      default: return .other
      }
    } catch {
      return .failure
    }
  }

  /// Checks that a command line read here means what argument-parser makes of it.
  ///
  /// - Returns: Whether the command line was read here.
  @discardableResult
  private func expectAgreement(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    switch FontCommandLine(arguments) {
    case .font(let query)?:
      #expect(parsed(arguments) == .font(query), "\(arguments)", sourceLocation: sourceLocation)
    case .fonts(let query)?:
      #expect(parsed(arguments) == .fonts(query), "\(arguments)", sourceLocation: sourceLocation)
    case nil:
      return false
    }
    return true
  }

  @Test(arguments: [
    ["font", "DejaVu Sans"],
    ["font", "--json", "serif"], ["font", "DejaVu Sans Bold 12", "--describe"],
    ["font", "Lato", "--weight", "-1", "--italic"],
    ["font", "Lato", "--weight", "semibold", "--strict", "--json"],
    ["font", "DejaVu Sans", "--for-text", "Hi 男孩", "--language", "ja"],
    ["font", "x", "--fontset", "a.json", "--fontset", "b.json", "--no-built-in-aliases"],
    ["font", "x", "--fontconfig", "fonts.conf", "--font-dir", "d", "--font-file", "f.ttf"],
    ["fonts"],
    ["fonts", "--family", "Lato", "--json"],
    ["fonts", "--fontconfig", "fonts.conf", "--font-dir", "d", "--font-dir", "e"],
  ])
  func usualCommandLinesAreReadAsArgumentParserReadsThem(arguments: [String]) {
    #expect(expectAgreement(arguments), "\(arguments) was left to argument-parser")
  }

  @Test(arguments: [
    [], ["layout", "--width", "100", "--", "x"], ["--help"], ["help", "font"], ["font"],
    ["font", "--help"], ["font", "x", "-h"], ["font", "a", "b"], ["font", "--weight=1", "x"],
    ["font", "x", "--json", "--json"], ["font", "--", "-x"], ["font", "x", "--weight"],
    ["font", "x", "--weight", "1", "--weight", "2"], ["font", "x", "--weight", "heavyish"],
    ["font", "x", "--weight", "1001"], ["font", "x", "--language", ""],
    ["font", "x", "--for-text", "-y"], ["font", "x", "--version"], ["font", " "],
    ["fonts", "x"], ["fonts", "--family"], ["fonts", "--family", ""], ["fonts", "--help"],
    ["font", "x", "--generate-completion-script", "bash"], ["font", "x", "--bogus"],
  ])
  func otherCommandLinesAreLeftToArgumentParser(arguments: [String]) {
    #expect(FontCommandLine(arguments) == nil, "\(arguments)")
  }

  /// Random command lines from words that matter to either reader: whatever is read here
  /// must be what argument-parser reads.
  @Test func randomCommandLinesAgree() {
    let words = [
      "Lato", "DejaVu Sans", "help", "font", "fonts", "-", "--", "-h", "--help", "--json",
      "--italic", "--strict", "--weight", "1", "-1", "-3", "bold", "950", "x", "--for-text",
      "--language", "ja", "", " ", "--fontconfig", "f.conf", "--fontset", "--font-dir",
      "--font-file", "--no-built-in-aliases", "--family", "--weight=2", "-x", "--version",
      "--json=true", "-i", "--describe", "Lato Bold 12",
    ]
    var random = SeededGenerator(seed: 16)
    var read = 0
    for _ in 0..<4000 {
      var arguments = [Bool.random(using: &random) ? "font" : "fonts"]
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        arguments.append(words.randomElement(using: &random) ?? "")
      }
      if expectAgreement(arguments) { read += 1 }
    }
    #expect(read > 100, "only \(read) random command lines were read")
  }
}
