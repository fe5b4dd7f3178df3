import ArgumentParser

/// What a command prints and its exit status; an `Error` so a failed step can carry it.
struct CommandOutcome: Error, Equatable {
  var standardOutput: String
  var standardError: String
  var status: Int32
}

/// A command whose work is a pure function from its options to a ``CommandOutcome``, so tests
/// can run it in-process; `run()` only prints the outcome and exits with its status.
protocol OutcomeCommand: ParsableCommand {
  /// Does the command's work without touching the process's streams.
  func execute() -> CommandOutcome
}

extension OutcomeCommand {
  func run() throws {
    let outcome = execute()
    if !outcome.standardOutput.isEmpty { print(outcome.standardOutput) }
    if !outcome.standardError.isEmpty { printError(outcome.standardError) }
    if outcome.status != 0 { throw ExitCode(outcome.status) }
  }
}
