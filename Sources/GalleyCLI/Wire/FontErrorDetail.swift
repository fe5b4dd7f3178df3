import GalleyFonts

/// The `error` object of a font problem: `{"kind": …, "message": …, "suggestions": […]}`.
struct FontErrorDetail: Encodable {
  /// The ``FontSetError/Kind`` raw value, such as `unknownFamily`.
  var kind: String
  /// The message, without suggestions.
  var message: String
  /// Installed family names close to the one asked for; empty when none.
  var suggestions: [String]

  /// The detail of a font error.
  ///
  /// - Parameter error: The error.
  init(_ error: FontSetError) {
    kind = error.kind.rawValue
    message = error.message
    suggestions = error.suggestions
  }
}
