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

  @Test func theFrontIsAStaticExecutable() throws {
    // Without a PT_INTERP program header (3) the kernel starts the executable without the
    // dynamic loader, so no shared library is mapped: not HarfBuzz, cairo or ICU, nor any other.
    let front = try Self.programHeaderTypes(of: GalleyBinary().url)
    #expect(!front.isEmpty)
    #expect(!front.contains(3), "galley is dynamically linked")
    let engine = try Self.programHeaderTypes(of: GalleyBinary(named: "galley-engine").url)
    #expect(engine.contains(3))
  }

  /// The `p_type` of each program header of a 64-bit little-endian ELF file.
  private static func programHeaderTypes(of url: URL) throws -> [UInt32] {
    let bytes = [UInt8](try Data(contentsOf: url))
    func integer(at offset: Int, size: Int) -> Int {
      (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2
    else { return [] }
    let start = integer(at: 32, size: 8)  // e_phoff
    let size = integer(at: 54, size: 2)  // e_phentsize
    let count = integer(at: 56, size: 2)  // e_phnum
    guard start + size * count <= bytes.count else { return [] }
    return (0..<count).map { UInt32(integer(at: start + size * $0, size: 4)) }
  }

  @Test func aMissingEngineIsReported() throws {
    let path = try Self.configuration.get()
    // A hard link beside the build, not a copy: a copy's descriptor, open for writing, can be
    // inherited by a process another test starts meanwhile, and running the copy then fails
    // with "text file busy".
    let binary = try GalleyBinary().url
    let folder = binary.deletingLastPathComponent()
      .appendingPathComponent("galley-front-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let alone = folder.appendingPathComponent("galley")
    try FileManager.default.linkItem(at: binary, to: alone)

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
