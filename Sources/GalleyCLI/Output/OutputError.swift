/// Why `galley render` cannot write one of its outputs, as one lower-case message.
struct OutputError: Error, Hashable {
  /// The message, such as `cannot write 'a.png': it is read-only`.
  var message: String

  /// The message as a sentence, for a usage error.
  ///
  /// For example, `Cannot write 'a.png': it is read-only.`
  var sentence: String { message.prefix(1).uppercased() + message.dropFirst() + "." }

  /// An error about one path.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - reason: Why, without the path.
  init(path: String, _ reason: String) {
    message = "cannot write '\(path)': \(reason)"
  }

  /// An error with a message of its own.
  ///
  /// - Parameter message: The whole message.
  init(message: String) {
    self.message = message
  }
}
