import Foundation
import GalleySupport
import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

#if canImport(Glibc)
import Glibc
#endif

/// How `--input`, `--fontset` and `--fontconfig` files are read: every problem names the file
/// and the reason, sizes are checked before reading, and pipes work.
@Suite("Input files")
struct InputFileTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  /// A kind of bad file, made in a scratch folder.
  enum BadFile: String, CaseIterable, CustomTestStringConvertible {
    case missing, directory, notUTF8, oversized

    var testDescription: String { rawValue }

    /// Makes the file in `folder` and returns its path.
    func make(in folder: URL, size: Int) throws -> String {
      let url = folder.appendingPathComponent("file-\(rawValue)")
      switch self {
      case .missing: break
      case .directory:
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      case .notUTF8: try Data([0x61, 0x62, 0xFF, 0x63]).write(to: url)
      case .oversized: try FileFixtures.sparseFile(at: url, size: size)
      }
      return url.path
    }

    /// The reason the message must give.
    func reason(size: Int, limit: Int) -> String {
      switch self {
      case .missing: "no such file"
      case .directory: "is a directory, not a file"
      case .notUTF8: "is not valid UTF-8 (bad byte at offset 2)"
      case .oversized: "is \(size) bytes; the limit is \(limit)"
      }
    }
  }

  /// Which option reads the file, with the size that is over its limit.
  enum Reader: String, CaseIterable, CustomTestStringConvertible {
    case input, fontset, fontconfig

    var testDescription: String { "--\(rawValue)" }

    var limit: Int {
      switch self {
      case .input: InputOptions.maximumInputBytes
      case .fontset: 4 << 20
      case .fontconfig: FontSources.maximumFontconfigBytes
      }
    }

    /// Runs the command that reads `path` with this option.
    func run(_ path: String, configuration: String) throws -> CommandOutcome {
      switch self {
      case .input: try FormatCommand.parse(["--input", path]).execute()
      case .fontset:
        try FontCommand.parse(["sans", "--fontconfig", configuration, "--fontset", path]).execute()
      case .fontconfig: try FontCommand.parse(["sans", "--fontconfig", path]).execute()
      }
    }

    /// The message: `path: error: reason` for markup, `error: <kind> file 'path': reason` else.
    func message(_ path: String, _ reason: String) -> String {
      switch self {
      case .input: "\(path): error: \(reason)"
      case .fontset: "error: FontSets file '\(path)': \(reason)"
      case .fontconfig: "error: fontconfig file '\(path)': \(reason)"
      }
    }
  }

  @Test(arguments: Reader.allCases, BadFile.allCases)
  func problemsNameTheFileAndTheReason(reader: Reader, file: BadFile) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let size = reader.limit + 44 << 20
    let path = try file.make(in: folder, size: size)
    let start = ContinuousClock.now
    let outcome = try reader.run(path, configuration: try Self.configuration.get())
    #expect(outcome.status == 65)
    #expect(
      outcome.standardError == reader.message(path, file.reason(size: size, limit: reader.limit)))
    if file == .oversized {
      // Refused from its size alone: reading 300 MiB would take far longer.
      #expect(ContinuousClock.now - start < .seconds(2))
    }
  }

  @Test func unreadableFileSaysPermissionDenied() throws {
    #expect(FileError(errno: EACCES).reason == "permission denied")
    #expect(FileError(errno: EACCES).kind == .permissionDenied)
    // Root reads any file, so only another user can see the message end to end.
    guard geteuid() != 0 else { return }
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("secret.galley")
    try Data("hi".utf8).write(to: url)
    chmod(url.path, 0)
    let outcome = try FormatCommand.parse(["--input", url.path]).execute()
    #expect(outcome.standardError == "\(url.path): error: permission denied")
  }

  @Test func markupFromAFIFO() throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("markup.fifo")
    try FileFixtures.fifo(at: fifo)
    let writer = FIFOPeer.writing(fifo, Data("%Bhi%b".utf8))
    let outcome = try FormatCommand.parse(["--json", "--input", fifo.path]).execute()
    _ = writer.finish()
    #expect(outcome.status == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("\"text\" : \"hi\""))
  }

  @Test func markupFromAProcessSubstitutionPipe() throws {
    // What `galley format --input <(printf Hi)` does: the shell passes /dev/fd/N of a pipe.
    let result = try GalleyBinary().runInShell(
      #"exec "$0" format --json --input <(printf '%%Ihi%%i')"#)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"italic\" : true"))
  }

  /// A leading byte order mark is not text, in a file or on standard input; one later on is.
  @Test func aLeadingByteOrderMarkIsDropped() throws {
    let result = try GalleyBinary().runInShell(
      #"printf '\357\273\277%%Bhi' | "$0" format --json --input - && "#
        + #"TMPDIR=${TMPDIR:-/tmp}; printf 'a\357\273\277b' > "$TMPDIR/bom-$$.txt" && "#
        + #"printf '\357\273\277%%Ifile' > "$TMPDIR/bom-lead-$$.txt" && "#
        + #""$0" format --json --input "$TMPDIR/bom-$$.txt" && "#
        + #""$0" format --json --input "$TMPDIR/bom-lead-$$.txt"; status=$?; "#
        + #"rm -f "$TMPDIR/bom-$$.txt" "$TMPDIR/bom-lead-$$.txt"; exit $status"#)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"text\" : \"hi\""))
    #expect(result.standardOutput.contains("\"text\" : \"a\u{FEFF}b\""))
    #expect(result.standardOutput.contains("\"text\" : \"file\""))
  }

  /// Markup given as an argument that is not UTF-8 is refused, as a file is, rather than read
  /// with its bad bytes replaced.
  @Test func anArgumentThatIsNotUTF8IsRefused() throws {
    let result = try GalleyBinary().runInShell(#"exec "$0" format -- "$(printf 'ab\377cd')""#)
    #expect(result.status == 65)
    #expect(
      result.standardError.contains("<argument>: error: is not valid UTF-8 (bad byte at offset 2)"),
      "\(result.standardError)")
    let replacement = try GalleyBinary().run(["format", "--json", "--", "ok \u{FFFD}"])
    #expect(replacement.status == 0, "a real U+FFFD is text: \(replacement.standardError)")
  }

  /// A FIFO's size is unknown: it is read up to the limit and one byte more, then refused.
  @Test(arguments: [(10, true), (11, false)])
  func pipesAreReadUpToTheLimit(length: Int, accepted: Bool) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("data.fifo")
    try FileFixtures.fifo(at: fifo)
    let writer = FIFOPeer.writing(fifo, Data(repeating: 0x61, count: length))
    let result = Result { () throws(FileError) in
      try BoundedFileReader.read(path: fifo.path, limit: 10)
    }
    _ = writer.finish()
    switch result {
    case .success(let bytes): #expect(accepted && bytes.count == length)
    case .failure(let error): #expect(!accepted && error.reason == "is over 10 bytes")
    }
  }

  @Test(arguments: [(10, true), (11, false)])
  func regularFilesAreCheckedBySize(length: Int, accepted: Bool) throws {
    let folder = try FileFixtures.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("data")
    try Data(repeating: 0x61, count: length).write(to: url)
    let result = Result { () throws(FileError) in
      try BoundedFileReader.read(path: url.path, limit: 10)
    }
    switch result {
    case .success(let bytes): #expect(accepted && bytes.count == length)
    case .failure(let error): #expect(!accepted && error.reason == "is 11 bytes; the limit is 10")
    }
  }
}
