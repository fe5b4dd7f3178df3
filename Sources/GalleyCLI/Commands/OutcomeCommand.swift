import ArgumentParser
import GalleyFiles
import GalleyJSON
import GalleyLayoutWire
import GalleyWire

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
    let outcome = execute()
    switch outcome.output {
    case .text(let text):
      if !text.isEmpty { print(text) }
    case .document(let document):
      try Self.stream(document)
    case .bytes(let bytes):
      do {
        try FileDescriptor.standardOutput.writeAll(bytes)
      } catch {
        printError("error: cannot write to standard output: \(error.reason)")
        throw ExitStatus.dataError
      }
    }
    if !outcome.standardError.isEmpty { printError(outcome.standardError) }
    if outcome.status != 0 { throw ExitCode(outcome.status) }
  }

  /// Writes a document to standard output in chunks as it is encoded, then a newline.
  ///
  /// A number that cannot be written (NaN or an infinity) fails the document as
  /// `JSONEncoder` did: the error object is printed instead, or, once part of the document
  /// is out, the output stops and the command exits with `EX_SOFTWARE`.
  ///
  /// - Parameter document: The document.
  /// - Throws: `ExitCode(70)` when the document broke off.
  private static func stream(_ document: JSONDocument) throws {
    var isStarted = false
    var writer = JSONWriter(chunkSize: 1 << 16) { chunk in
      isStarted = true
      writeStandardOutput(chunk)
    }
    do {
      try document.write(into: &writer)
      writer.finish()
      [UInt8(ascii: "\n")].withUnsafeBytes(writeStandardOutput)
    } catch {
      guard isStarted else { return print(JSONOutput.encodingFailure) }
      printError("error: \(error)")
      throw ExitCode(70)
    }
  }
}
