import GalleyFonts
import GalleyMarkup

/// Why a piece of work failed, as data: what kind of failure it is, its message, the error
/// document `galley --json` prints and `galley-server` answers with, and the diagnostic
/// `galley` prints on standard error.
///
/// Every tool reports every failure as one of these; ``Category`` maps it to an exit status
/// and an HTTP status in one table (``Category/exitStatus`` and ``Category/httpStatus``).
package struct Failure: Error, Hashable, Sendable {
  /// The failure's category, which decides its exit and HTTP statuses.
  package var category: Category
  /// The error document's `kind`, such as `unknownCode`, `imageTooLarge` or `invalidRequest`.
  package var kind: String
  /// The message, for people, without position or suggestions.
  package var message: String
  /// The error document, `{"schemaVersion": 1, "error": {…}}`, without a final newline.
  package var document: String
  /// What `galley` prints on standard error, such as `file.txt:1:5: error: …` and a caret line.
  package var diagnostic: String

  /// A failure with its parts given.
  ///
  /// - Parameters:
  ///   - category: The category.
  ///   - kind: The kind.
  ///   - message: The message.
  ///   - document: The error document; by default `{"kind", "message"}`.
  ///   - diagnostic: The standard error text; by default `error: MESSAGE`.
  package init(
    _ category: Category, kind: String, _ message: String, document: String? = nil,
    diagnostic: String? = nil
  ) {
    self.category = category
    self.kind = kind
    self.message = message
    self.document = document ?? JSONOutput.errorDocument(kind: kind, message)
    self.diagnostic = diagnostic ?? "error: \(message)"
  }

  /// Markup that does not format: the markup error's `Codable` form, and its position and
  /// caret in the diagnostic.
  ///
  /// - Parameters:
  ///   - error: The markup error.
  ///   - markup: The markup it was found in.
  ///   - source: What the markup is called in the diagnostic: a file name, `<argument>` or an
  ///     option such as `--truncation-token`.
  package init(_ error: MarkupError, in markup: String, source: String) {
    self.init(
      .markup, kind: error.kind.rawValue, error.message,
      document: JSONOutput.errorDocument(error),
      diagnostic: Diagnostics.render(error, in: markup, source: source))
  }

  /// A font problem, such as an unknown family asked for strictly, with its suggestions.
  ///
  /// - Parameter error: The font error.
  package init(_ error: FontSetError) {
    self.init(
      .fonts, kind: error.kind.rawValue, error.message,
      document: JSONOutput.errorDocument(error), diagnostic: Diagnostics.render(error))
  }

  /// An input file that cannot be read.
  ///
  /// - Parameter error: The error, with the file's name.
  package init(_ error: InputError) {
    self.init(.input, kind: "invalidInput", error.message, diagnostic: Diagnostics.render(error))
  }

  /// A request field that cannot be used: `{"kind": "invalidRequest", "field", "message"}`.
  ///
  /// - Parameters:
  ///   - field: The field's path, such as `layout.width`; empty for the whole body.
  ///   - message: What is wrong, without the field.
  /// - Returns: The failure, in the request category.
  package static func invalidRequest(field: String, _ message: String) -> Failure {
    let sentence = field.isEmpty ? message : "\(field): \(message)"
    return Failure(
      .request, kind: "invalidRequest", sentence,
      document: JSONOutput.encodeDocument(
        ErrorDocument(error: ["kind": "invalidRequest", "field": field, "message": sentence])))
  }
}
