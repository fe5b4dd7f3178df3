import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

/// Why a request failed, as the HTTP status and the error document the service answers with,
/// made in one place from each library's error.
///
/// The body is `galley`'s own error document, `{"schemaVersion": 1, "error": {…}}`: a markup
/// error's `Codable` form (kind, offset, length, line, column, utf8Offset, message), a font
/// error with suggestions, or `{"kind", "message"}` (with `field` for a bad request).
package struct ServiceFailure: Error, Hashable, Sendable {
  /// The HTTP status: 400, 413, 422 or 503.
  package var status: Int
  /// The error's kind, such as `invalidRequest` or `unknownCode`.
  package var kind: String
  /// The error document, JSON.
  package var body: String

  /// A request that cannot be read (400).
  ///
  /// - Parameter error: The error, naming the field.
  package init(_ error: RequestError) {
    status = 400
    kind = "invalidRequest"
    body = JSONOutput.encodeDocument(
      ErrorDocument(
        error: ["kind": kind, "field": error.field, "message": error.description]))
  }

  /// Markup that does not format (422).
  ///
  /// - Parameter error: The markup error.
  package init(_ error: MarkupError) {
    status = 422
    kind = error.kind.rawValue
    body = JSONOutput.errorDocument(error)
  }

  /// A font problem, such as an unknown family with `strict` (422).
  ///
  /// - Parameter error: The font error.
  package init(_ error: FontSetError) {
    status = 422
    kind = error.kind.rawValue
    body = JSONOutput.errorDocument(error)
  }

  /// Any other problem with the input, such as an image over the pixel limit (422), or the
  /// server being saturated (503).
  ///
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - kind: The error's kind.
  ///   - message: The message.
  package init(status: Int, kind: String, _ message: String) {
    self.status = status
    self.kind = kind
    body = JSONOutput.errorDocument(kind: kind, message)
  }

  /// A layout problem (422).
  ///
  /// - Parameter error: The layout error.
  package init(_ error: LayoutError) {
    self.init(status: 422, kind: error.kind.rawValue, error.message)
  }

  /// A drawing problem, such as an image over the renderer's limits (422).
  ///
  /// - Parameter error: The render error.
  package init(_ error: RenderError) {
    self.init(status: 422, kind: error.kind.rawValue, error.message)
  }
}
