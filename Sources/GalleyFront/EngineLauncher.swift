#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `galley-engine`, the executable with every command, or `galley-check` for
/// `galley check`, in place of this process.
///
/// The executable is found next to this one (through `/proc/self/exe`, so a symbolic link
/// to `galley` elsewhere works), and gets the same arguments (`galley-check` those after
/// `check`), environment and open files with `execv`. The process keeps its id, so the
/// caller sees its output, exit status and resource use as `galley`'s.
enum EngineLauncher {
  /// The engine's file name.
  static let executableName = "galley-engine"
  /// The file name of the executable of `galley check`.
  static let checkExecutableName = "galley-check"

  /// Replaces this process with the engine, or with `galley-check` when the first argument
  /// is `check`; returns only when that fails.
  ///
  /// - Returns: The message for standard error when the executable cannot be started.
  static func execute() -> String {
    let arguments = CommandLine.arguments
    guard arguments.count > 1, arguments[1] == "check" else {
      return execute(executableName, argv: CommandLine.unsafeArgv)
    }
    let path = enginePath(checkExecutableName)
    var argv = ([path] + arguments.dropFirst(2)).map { strdup($0) }
    argv.append(nil)
    return execute(checkExecutableName, argv: &argv)
  }

  /// Replaces this process with an executable next to this one.
  private static func execute(
    _ name: String, argv: UnsafePointer<UnsafeMutablePointer<CChar>?>
  ) -> String {
    let path = enginePath(name)
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    return "error: cannot start '\(path)': \(reason); "
      + "build it with 'swift build --product \(name)'"
  }

  /// An executable's path: this executable's folder and the name (``executableName`` by
  /// default).
  static func enginePath(_ name: String = executableName) -> String {
    let executable = currentExecutable() ?? CommandLine.arguments.first ?? ""
    guard let slash = executable.lastIndex(of: "/") else { return name }
    return executable[...slash] + name
  }

  /// This executable's path, with symbolic links resolved, or `nil` without `/proc`.
  private static func currentExecutable() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
