import ArgumentParser
import GalleyTools

/// A command whose work is a pure function from its options to a ``CommandOutcome``, so tests
/// can run it in-process; `run()` only prints the outcome and exits with its status.
protocol OutcomeCommand: ParsableCommand {
  /// Does the command's work without touching the process's streams.
  func execute() -> CommandOutcome
}

extension OutcomeCommand {
  /// Prints the outcome of ``execute()`` and exits with its status.
  ///
  /// - Throws: `ExitCode` for a status other than 0.
  func run() throws {
    let status = execute().write()
    if status != 0 { throw ExitCode(status) }
  }
}
