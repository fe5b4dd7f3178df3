import GalleyMarkup

/// What a command prints with `--json` when it fails: `{"schemaVersion": 1, "error": …}`.
///
/// The detail is one of:
/// - a ``MarkupError`` in its `Codable` form: `kind`, `offset`, `length`, `line`, `column`,
///   `utf8Offset`, `message`;
/// - `{"kind": …, "message": …}` for a problem with no markup position;
/// - a ``FontErrorDetail``, which adds `suggestions`.
package struct ErrorDocument<Detail: Encodable & Sendable>: Encodable, Sendable {
  /// The version of this document's shape.
  package var schemaVersion = FormattedText.schemaVersion
  /// What went wrong.
  package var error: Detail

  /// A document for an error.
  ///
  /// - Parameter error: What went wrong.
  package init(error: Detail) { self.error = error }
}
