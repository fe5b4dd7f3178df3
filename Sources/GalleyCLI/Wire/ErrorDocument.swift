import GalleyMarkup

/// What a command prints with `--json` when it fails: `{"schemaVersion": 1, "error": …}`.
///
/// The detail is one of:
/// - a ``MarkupError`` in its `Codable` form: `kind`, `offset`, `length`, `line`, `column`,
///   `utf8Offset`, `message`;
/// - `{"kind": …, "message": …}` for a problem with no markup position;
/// - a ``FontErrorDetail``, which adds `suggestions`.
struct ErrorDocument<Detail: Encodable>: Encodable {
  /// The version of this document's shape.
  var schemaVersion = FormattedText.schemaVersion
  /// What went wrong.
  var error: Detail
}
