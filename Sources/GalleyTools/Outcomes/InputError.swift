/// A file that could not be used as input.
package struct InputError: Error {
  /// The file as the user named it, or `<stdin>`.
  package var path: String
  /// Why, without the path, such as `no such file`.
  package var message: String

  /// An error for an input file.
  ///
  /// - Parameters:
  ///   - path: The file as the user named it, or `<stdin>`.
  ///   - message: Why, without the path.
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}
