/// A request the service cannot read: malformed JSON, a field of the wrong type, an unknown
/// field or a value out of range, with the field's path (`layout.width`).
///
/// The service answers it with HTTP 400 and an error document whose detail is
/// `{"kind": "invalidRequest", "field": "layout.width", "message": "…"}`.
package struct RequestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The field's path, such as `layout.width` or `points[2].x`; empty for the whole body.
  package var field: String
  /// What is wrong, without the field, such as `must be a number`.
  package var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - field: The field's path, or an empty string for the whole body.
  ///   - message: What is wrong.
  package init(field: String, _ message: String) {
    self.field = field
    self.message = message
  }

  /// `layout.width: must be a number`, or the message alone for the whole body.
  package var description: String { field.isEmpty ? message : "\(field): \(message)" }
}
