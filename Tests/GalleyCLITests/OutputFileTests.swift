import ArgumentParser
import Foundation
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

#if canImport(Glibc)
import Glibc
#endif

/// How `galley render` writes `-o` and `--json`: what it does to whatever is at the path.
@Suite("galley render output files")
struct OutputFileTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Parses and runs `galley render`; a usage error becomes status 64.
  private func render(_ arguments: [String]) throws -> CommandOutcome {
    let all = ["--fontconfig", try Self.configuration.get()] + arguments + ["--", "Hi"]
    do {
      return try RenderCommand.parse(all).execute()
    } catch {
      let message = RenderCommand.message(for: error)
      return CommandOutcome(
        standardOutput: "", standardError: message,
        status: RenderCommand.exitCode(for: error).rawValue)
    }
  }

  private func contents(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

  private func isPNG(_ url: URL) throws -> Bool {
    try contents(url).starts(with: Self.pngSignature)
  }

  /// The names in `folder`, hidden ones included.
  private func names(in folder: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  }

  @Test func devNullStaysACharacterDevice() throws {
    let outcome = try render(["--format", "png", "-o", "/dev/null"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(FileFixtures.type(of: URL(fileURLWithPath: "/dev/null")) == S_IFCHR)
  }

  @Test func fifoIsWrittenThrough() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("image.png")
    try FileFixtures.fifo(at: fifo)
    let reader = FIFOPeer.reading(fifo)
    let outcome = try render(["-o", fifo.path])
    let received = reader.finish()
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(received.starts(with: Self.pngSignature))
    #expect(FileFixtures.type(of: fifo) == S_IFIFO)
    #expect(try names(in: folder) == ["image.png"])
  }

  @Test(arguments: [true, false])
  func symbolicLinkIsFollowed(targetExists: Bool) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.png")
    let link = folder.appendingPathComponent("link.png")
    if targetExists { try Data("OLD".utf8).write(to: target) }
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.png")
    let outcome = try render(["-o", link.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(FileFixtures.type(of: link) == S_IFLNK)
    #expect(FileFixtures.type(of: target) == S_IFREG)
    #expect(try isPNG(target))
    #expect(try names(in: folder) == ["link.png", "target.png"])
  }

  @Test func readOnlyFileIsRefusedAndUnchanged() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("image.png")
    try Data("OLD".utf8).write(to: image)
    chmod(image.path, 0o444)
    let outcome = try render(["-o", image.path])
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("Cannot write '\(image.path)': it is read-only."))
    #expect(try contents(image) == Array("OLD".utf8))
    #expect(FileFixtures.permissions(of: image) == 0o444)
  }

  @Test(arguments: [0o600, 0o640, 0o755] as [mode_t])
  func replacedFileKeepsItsPermissions(permissions: mode_t) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("image.png")
    try Data("OLD".utf8).write(to: image)
    chmod(image.path, permissions)
    let outcome = try render(["-o", image.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(try isPNG(image))
    #expect(FileFixtures.permissions(of: image) == permissions)
  }

  @Test func hardLinksStillShareTheContent() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("first.png")
    let second = folder.appendingPathComponent("second.png")
    try Data("OLD, AND LONGER THAN NOTHING".utf8).write(to: first)
    try FileManager.default.linkItem(at: first, to: second)
    let outcome = try render(["-o", first.path])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(try isPNG(first))
    #expect(try contents(second) == contents(first))
    #expect(try names(in: folder) == ["first.png", "second.png"])
  }

  /// Ways to name one file twice: `-o` is `image.png`, `--json` is the row's path.
  @Test(arguments: ["./image.png", "sub/../image.png", "link.png", "image.png"], [true, false])
  func sameFileTwiceIsRefusedBeforeWriting(jsonPath: String, exists: Bool) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("image.png")
    if exists { try Data("OLD".utf8).write(to: image) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "image.png")
    let json = folder.path + "/" + jsonPath
    let outcome = try render(["-o", image.path, "--json", json])
    #expect(outcome.status == 64)
    #expect(outcome.standardError.contains("'--json' and '-o' name the same file"))
    #expect(
      try names(in: folder) == (exists ? ["image.png", "sub", "link.png"] : ["sub", "link.png"]))
    if exists { #expect(try contents(image) == Array("OLD".utf8)) }
  }

  @Test func theIssuesSameFileCommandKeepsTheOldFile() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("a.png")
    try Data("OLD\n".utf8).write(to: image)
    let result = try GalleyBinary().run(
      [
        "render", "--fontconfig", try Self.configuration.get(), "-o", "a.png", "--json", "./a.png",
        "--", "Hi",
      ],
      in: folder)
    #expect(result.status == 64)
    #expect(try contents(image) == Array("OLD\n".utf8))
    #expect(try names(in: folder) == ["a.png"])
  }

  @Test func failedWriteLeavesTheOldFileAndNoTemporaries() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let image = folder.appendingPathComponent("image.png")
    try Data("OLD".utf8).write(to: image)
    // /dev/full accepts the open and fails the write, after the image's temporary is written.
    let outcome = try render(["-o", image.path, "--json", "/dev/full"])
    #expect(outcome.status == 65)
    #expect(outcome.standardError == "error: cannot write '/dev/full': no space left on the device")
    #expect(try contents(image) == Array("OLD".utf8))
    #expect(try names(in: folder) == ["image.png"])
    let done = try render([
      "-o", image.path, "--json", folder.appendingPathComponent("a.json").path,
    ])
    #expect(done.status == 0)
    #expect(try names(in: folder) == ["image.png", "a.json"])
  }

  @Test func dashWritesTheImageToStandardOutput() throws {
    let outcome = try render(["--format", "png", "-o", "-"])
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutputBytes.starts(with: Self.pngSignature))
    #expect(outcome.standardOutput.isEmpty)

    let run = try GalleyBinary().runForBytes([
      "render", "--fontconfig", try Self.configuration.get(), "--format", "png", "-o", "-", "--",
      "Hi",
    ])
    #expect(run.result.status == 0, "\(run.result.standardError)")
    #expect(run.standardOutput == Data(outcome.standardOutputBytes))
    #expect(run.result.standardError.isEmpty)

    let failed = try GalleyBinary().runForBytes([
      "render", "--fontconfig", try Self.configuration.get(), "--format", "png", "-o", "-",
      "--width", "20000", "--", "wide",
    ])
    #expect(failed.result.status == 65)
    #expect(failed.standardOutput.isEmpty)
    #expect(failed.result.standardError.contains("16384"))
  }

  @Test(arguments: ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
  func pathsOfStandardOutput(path: String) throws {
    let file = try OutputFile.resolve(path)
    #expect(file.destination == .standardOutput)
  }

  @Test func standardOutputTwiceIsRefused() throws {
    let outcome = try render(["--format", "png", "-o", "-", "--json", "/dev/stdout"])
    #expect(outcome.status == 64)
  }

  @Test(arguments: [
    ("", "the output path is empty"),
    ("/", "cannot write '/': it is a directory"),
    (
      "/nonexistent/dir/x.png",
      "cannot write '/nonexistent/dir/x.png': the folder '/nonexistent/dir' does not exist"
    ),
    ("/dev/null/x.png", "cannot write '/dev/null/x.png': '/dev/null' is not a folder"),
  ])
  func unusablePaths(path: String, message: String) {
    #expect(throws: OutputError(message: message)) { try OutputFile.resolve(path) }
  }
}
