import GalleyFonts

/// The `error` object of a font problem: `{"kind": …, "message": …, "suggestions": […]}`.
package struct FontErrorDetail: Encodable, Sendable {
  /// The ``FontSetError/Kind`` raw value, such as `unknownFamily`.
  package var kind: String
  /// The message, without suggestions.
  package var message: String
  /// Installed family names close to the one asked for; empty when none.
  package var suggestions: [String]

  /// The detail of a font error.
  ///
  /// - Parameter error: The error.
  package init(_ error: FontSetError) {
    kind = error.kind.rawValue
    message = error.message
    suggestions = error.suggestions
  }
}
