import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
  ///
  /// - Parameters:
  ///   - arguments: The command line after `galley`.
  ///   - input: The bytes for standard input.
  ///   - environment: Variables added to the test's environment.
  ///   - directory: The working directory, or `nil` for the test's.
  /// - Returns: The exit status and both outputs as text.
  /// - Throws: When the process cannot be started.
  func run(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> Result {
    try runForBytes(arguments, input: input, environment: environment, in: directory).result
  }

  /// Runs `galley` and also returns standard output's raw bytes, for binary output.
  ///
  /// - Parameters:
  ///   - arguments: The command line after `galley`.
  ///   - input: The bytes for standard input.
  ///   - environment: Variables added to the test's environment.
  ///   - directory: The working directory, or `nil` for the test's.
  /// - Returns: The result, and standard output's bytes.
  /// - Throws: When the process cannot be started.
  func runForBytes(
    _ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
    in directory: URL? = nil
  ) throws -> (result: Result, standardOutput: Data) {
    try launch(url, arguments, input: input, environment: environment, in: directory)
  }

  /// Runs a bash script in which `"$0"` is the `galley` executable, for shell features such
  /// as process substitution (`<(…)`).
  ///
  /// - Parameter script: The script.
  /// - Returns: The exit status and both outputs as text.
  /// - Throws: When the process cannot be started.
  func runInShell(_ script: String) throws -> Result {
    try launch(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script, url.path], input: Data(), environment: [:],
      in: nil
    ).result
  }

  private func launch(
    _ executable: URL, _ arguments: [String], input: Data, environment: [String: String],
    in directory: URL?
  ) throws -> (result: Result, standardOutput: Data) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let directory { process.currentDirectoryURL = directory }
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
    let result = Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: errors, as: UTF8.self))
    return (result, output)
  }
}

extension GalleyBinary {
  /// Runs `galley` with standard output and error sent to `/dev/null` and returns its exit
  /// status and peak resident memory (`wait4`'s `ru_maxrss` for this one child).
  ///
  /// - Parameter arguments: The arguments.
  /// - Returns: The exit status and the peak resident bytes.
  /// - Throws: When the process cannot be started.
  func peakResidentBytes(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = ([url.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, url.path, &actions, nil, argv, envp)
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      try #require(errno == EINTR, "wait4 failed: \(errno)")
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (exitStatus, usage.ru_maxrss * 1024)
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
