import ArgumentParser
import Testing

@testable import GalleyCLI

/// The message of `galley layout` arguments that must be refused as a usage error (exit 64),
/// or `nil` after recording an issue when they are accepted or end otherwise.
///
/// - Parameters:
///   - arguments: The command line after `galley layout`.
///   - sourceLocation: Where the caller's issues are reported.
/// - Returns: The error's message.
func layoutUsageError(
  _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
  do {
    _ = try LayoutCommand.parse(arguments)
    Issue.record("accepted \(arguments)", sourceLocation: sourceLocation)
    return nil
  } catch {
    let status = LayoutCommand.exitCode(for: error)
    #expect(status == ExitCode(64), "\(arguments)", sourceLocation: sourceLocation)
    return status == ExitCode(64) ? LayoutCommand.message(for: error) : nil
  }
}
