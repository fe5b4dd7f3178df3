import GalleyTools

extension Failure {
  /// A request that cannot be read: `{"kind": "invalidRequest", "field", "message"}`.
  ///
  /// - Parameter error: The error, naming the field.
  package init(_ error: RequestError) {
    self = .invalidRequest(field: error.field, error.message)
  }
}
