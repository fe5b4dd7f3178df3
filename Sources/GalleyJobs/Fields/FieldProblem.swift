/// Why one field's value cannot be used, before the field's name is known: `must be a number`.
///
/// ``FieldTable`` turns it into a ``RequestError`` that names the field.
package struct FieldProblem: Error, Hashable, Sendable {
  /// The message, such as `must be one of left, right, center`.
  package var message: String

  /// Creates a problem.
  ///
  /// - Parameter message: The message.
  package init(_ message: String) { self.message = message }
}
