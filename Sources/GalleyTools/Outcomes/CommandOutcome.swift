/// What a command prints and its exit status; an `Error` so a failed step can carry it.
package struct CommandOutcome: Error {
  /// What goes to standard output.
  package enum Output: Sendable {
    /// Text, printed with a final newline unless empty.
    case text(String)
    /// A JSON document, written as it is encoded, then a newline.
    case document(any StreamedDocument)
    /// Bytes written as they are, with no newline, such as the image of `galley render -o -`.
    case bytes([UInt8])
  }

  /// What goes to standard output.
  package var output: Output
  /// What goes to standard error, with a final newline unless empty.
  package var standardError: String
  /// The exit status.
  package var status: Int32

  /// Creates an outcome that prints text.
  ///
  /// - Parameters:
  ///   - standardOutput: The text for standard output.
  ///   - standardError: The text for standard error.
  ///   - status: The exit status.
  package init(standardOutput: String, standardError: String, status: Int32) {
    self.output = .text(standardOutput)
    self.standardError = standardError
    self.status = status
  }

  /// Creates an outcome that prints a JSON document.
  ///
  /// - Parameters:
  ///   - document: The document for standard output.
  ///   - standardError: The text for standard error.
  ///   - status: The exit status.
  package init(document: any StreamedDocument, standardError: String = "", status: Int32 = 0) {
    self.output = .document(document)
    self.standardError = standardError
    self.status = status
  }

  /// Creates an outcome that writes bytes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes for standard output.
  ///   - standardError: The text for standard error.
  ///   - status: The exit status.
  package init(bytes: [UInt8], standardError: String = "", status: Int32 = 0) {
    self.output = .bytes(bytes)
    self.standardError = standardError
    self.status = status
  }

  /// The bytes of a ``Output/bytes(_:)`` output, or none.
  package var standardOutputBytes: [UInt8] {
    guard case .bytes(let bytes) = output else { return [] }
    return bytes
  }

  /// Standard output as one string (a document is encoded whole), for tests; setting it
  /// replaces the output with text.
  package var standardOutput: String {
    get {
      switch output {
      case .text(let text): text
      case .document(let document): String(decoding: document.bytes, as: UTF8.self)
      case .bytes: ""
      }
    }
    set { output = .text(newValue) }
  }
}

extension CommandOutcome {
  /// The outcome of a failure: its error document on standard output, its diagnostic on
  /// standard error, and its category's exit status
  /// (``Failure/Category/exitStatus``).
  ///
  /// - Parameter failure: The failure.
  package init(_ failure: Failure) {
    self.init(
      standardOutput: failure.document, standardError: failure.diagnostic,
      status: failure.category.exitStatus)
  }
}
