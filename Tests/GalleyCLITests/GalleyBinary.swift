import Foundation
import Testing

/// Runs the built `galley` executable, for end-to-end checks of output and exit status.
struct GalleyBinary {
  let url: URL

  /// Finds `galley` next to the test bundle (the build products folder).
  init() throws {
    let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    var candidates = [arguments0.deletingLastPathComponent()]
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    let found = candidates.map { $0.appendingPathComponent("galley") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    url = try #require(found, "the galley executable was not built")
  }

  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs `galley` with `arguments`, feeding `input` to its standard input.
  func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: errors, as: UTF8.self))
  }
}

/// A temporary file that is removed when the value is discarded by the test.
func temporaryFile(_ contents: Data, name: String = "input.galley") throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("galley-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent(name)
  try contents.write(to: url)
  return url
}
