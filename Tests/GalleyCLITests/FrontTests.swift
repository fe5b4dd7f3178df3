import Foundation
import GalleyTestSupport
import Testing

/// `galley` answers the usual `font` and `fonts` command lines in a small process and starts
/// `galley-engine` for everything else: the answers, messages and statuses must be the
/// engine's, byte for byte, and the small process must not load the engine's libraries.
@Suite("galley and galley-engine")
struct FrontTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// Runs a command line with `galley` and with `galley-engine` and expects the same result.
  private func expectSameResult(
    _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let front = try GalleyBinary().run(arguments)
    let engine = try GalleyBinary(named: "galley-engine").run(arguments)
    #expect(front.status == engine.status, "\(arguments)", sourceLocation: sourceLocation)
    #expect(
      front.standardOutput == engine.standardOutput, "\(arguments)",
      sourceLocation: sourceLocation)
    #expect(
      front.standardError == engine.standardError, "\(arguments)",
      sourceLocation: sourceLocation)
  }

  @Test func fontAnswersAreTheEngines() throws {
    let path = try Self.configuration.get()
    for arguments in [
      ["font", "Lato", "--weight", "1"], ["font", "Nope Sans"],
      ["font", "Nope Sans", "--strict", "--json"], ["font", "--json", "serif", "--italic"],
      ["font", "Lato", "--for-text", "Hi 男孩 😀", "--json"], ["fonts", "--family", "Lato"],
      ["fonts", "--family", "Latto", "--json"], ["fonts"],
    ] {
      try expectSameResult(arguments + ["--fontconfig", path])
    }
  }

  @Test func messagesAndOtherCommandsAreTheEngines() throws {
    for arguments in [
      [], ["--help"], ["--version"], ["help", "font"], ["font", "--help"], ["fonts", "-h"],
      ["layout", "--help"], ["font"], ["font", "x", "--bogus"], ["font", "x", "--weight", "1001"],
      ["fonts", "--family", ""], ["format", "--", "%Bbold"], ["format", "--", "%5C"],
      ["layout", "--width", "-3", "--", "x"], ["nonsense"],
    ] {
      try expectSameResult(arguments)
    }
  }

  @Test func theFrontLoadsNoneOfTheEnginesLibraries() throws {
    // The dynamic loader lists the libraries it would load, and runs nothing.
    let trace = ["LD_TRACE_LOADED_OBJECTS": "1"]
    let front = try GalleyBinary().run([], environment: trace).standardOutput
    #expect(front.contains("libfontconfig"))
    for library in ["libharfbuzz", "libcairo", "libpixman", "libicuuc", "libswiftCore"] {
      #expect(!front.contains(library), "galley loads \(library)")
    }
    let engine = try GalleyBinary(named: "galley-engine").run([], environment: trace)
    #expect(engine.standardOutput.contains("libharfbuzz"))
  }

  @Test func aMissingEngineIsReported() throws {
    let path = try Self.configuration.get()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-front-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("galley")
    try FileManager.default.copyItem(at: try GalleyBinary().url, to: alone)

    let layout = try GalleyBinary(url: alone).run(["layout", "--width", "100", "--", "x"])
    #expect(layout.status == 69)
    #expect(layout.standardOutput.isEmpty)
    #expect(
      layout.standardError
        == "error: cannot start '\(folder.resolvingSymlinksInPath().path)/galley-engine': No such file or directory; "
        + "build it with 'swift build --product galley-engine'\n")
    let font = try GalleyBinary(url: alone).run(["font", "Lato", "--fontconfig", path])
    #expect(font.status == 0)
    #expect(font.standardOutput.hasPrefix("Lato Regular (Lato-Regular)"))
  }
}
