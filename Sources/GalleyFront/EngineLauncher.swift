#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `galley-engine`, the executable with every command, in place of this process.
///
/// The engine is found next to this executable (through `/proc/self/exe`, so a symbolic link
/// to `galley` elsewhere works), and gets the same arguments, environment and open files
/// with `execv`. The process keeps its id, so the caller sees the engine's output, exit
/// status and resource use as `galley`'s.
enum EngineLauncher {
  /// The engine's file name.
  static let executableName = "galley-engine"

  /// Replaces this process with the engine; returns only when that fails.
  ///
  /// - Returns: The message for standard error when the engine cannot be started.
  static func execute() -> String {
    let path = enginePath()
    execv(path, CommandLine.unsafeArgv)
    let reason = String(cString: strerror(errno))
    return "error: cannot start '\(path)': \(reason); "
      + "build it with 'swift build --product \(executableName)'"
  }

  /// The engine's path: this executable's folder and ``executableName``.
  static func enginePath() -> String {
    let executable = currentExecutable() ?? CommandLine.arguments.first ?? ""
    guard let slash = executable.lastIndex(of: "/") else { return executableName }
    return executable[...slash] + executableName
  }

  /// This executable's path, with symbolic links resolved, or `nil` without `/proc`.
  private static func currentExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
