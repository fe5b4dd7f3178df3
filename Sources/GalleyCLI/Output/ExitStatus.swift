import ArgumentParser

/// The exit statuses of `galley`, from BSD's `sysexits.h`.
enum ExitStatus {
  /// `EX_USAGE`, for a wrong command line; argument-parser uses it for `ValidationError`.
  static let usage = ExitCode(64)
  /// `EX_DATAERR`, for wrong input: markup, or a file's contents.
  static let dataError = ExitCode(65)
}
