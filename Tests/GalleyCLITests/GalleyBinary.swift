import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `galley` executable, for end-to-end checks of output and exit status.
///
/// `galley` answers `font` and `fonts` itself and starts `galley-engine` for anything else,
/// so these checks go through both, as a user's command does.
struct GalleyBinary {
  let url: URL

  /// Finds an executable next to the test bundle (the build products folder).
  ///
  /// - Parameter name: `galley`, or `galley-engine` to run the engine directly.
  /// - Throws: When the executable was not built.
  init(named name: String = "galley") throws {
    let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    var candidates = [arguments0.deletingLastPathComponent()]
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    let found = candidates.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    url = try #require(found, "the \(name) executable was not built")
  }

  /// Runs an executable at a path, such as a copy of `galley`.
  ///
  /// - Parameter url: The executable.
  init(url: URL) { self.url = url }

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
  /// status and peak resident memory, as GNU `time` (`/usr/bin/time -f %M`, from the `time`
  /// package the setup installs) reports it for its child.
  ///
  /// `wait4`'s `ru_maxrss` for a child this process spawns is not the child's own peak: the
  /// child starts in this process's memory (posix_spawn shares it until `exec`), and the
  /// kernel counts that memory's high-water mark as the child's when it execs. So a child of
  /// the test runner, hundreds of megabytes with the suites beside it, looked as large.
  /// `time` is a small process: `galley`, forked from it, starts from a few hundred
  /// kilobytes.
  ///
  /// - Parameter arguments: The arguments.
  /// - Returns: The exit status and the peak resident bytes.
  /// - Throws: When the process cannot be started or `time` gives no figure.
  func peakResidentBytes(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
    let time = "/usr/bin/time"
    try #require(
      FileManager.default.isExecutableFile(atPath: time),
      "\(time) is missing: scripts/setup.sh installs Debian's time package")
    let report = try temporaryFile(Data(), name: "peak.txt")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv =
      ([time, "-f", "%M", "-o", report.path, url.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, time, &actions, nil, argv, envp)
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      try #require(errno == EINTR, "waitpid failed: \(errno)")
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    // time writes "Command exited with non-zero status N" before the figure when galley fails.
    let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n")
    let kilobytes = try #require(lines.last.flatMap { Int($0) }, "time wrote \(lines)")
    return (exitStatus, kilobytes * 1024)
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
