import GalleySupport

extension CommandOutcome {
  /// Prints the outcome: its output to standard output, then its message to standard error.
  ///
  /// - Returns: The exit status: the outcome's, or `EX_DATAERR` (65) when standard output
  ///   cannot take the bytes, or `EX_SOFTWARE` (70) when a document broke off.
  package func write() -> Int32 {
    switch output {
    case .text(let text):
      if !text.isEmpty { print(text) }
    case .document(let document):
      if let failure = Self.stream(document) { return failure }
    case .bytes(let bytes):
      do {
        try FileDescriptor.standardOutput.writeAll(bytes)
      } catch {
        printError("error: cannot write to standard output: \(error.reason)")
        return ExitStatus.dataError
      }
    }
    if !standardError.isEmpty { printError(standardError) }
    return status
  }

  /// Writes a document to standard output in chunks as it is encoded, then a newline.
  ///
  /// A number that cannot be written (NaN or an infinity) fails the document as
  /// `JSONEncoder` did: the error object is printed instead, or, once part of the document
  /// is out, the output stops and the command exits with `EX_SOFTWARE`.
  ///
  /// - Parameter document: The document.
  /// - Returns: 70 when the document broke off, or `nil`.
  private static func stream(_ document: any StreamedDocument) -> Int32? {
    var isStarted = false
    do {
      try document.write(chunkSize: 1 << 16) { chunk in
        isStarted = true
        writeStandardOutput(chunk)
      }
      [UInt8(ascii: "\n")].withUnsafeBytes(writeStandardOutput)
    } catch {
      guard isStarted else {
        print(JSONOutput.encodingFailure)
        return nil
      }
      printError("error: \(error)")
      return ExitStatus.software
    }
    return nil
  }
}
