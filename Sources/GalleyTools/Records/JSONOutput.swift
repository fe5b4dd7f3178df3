import GalleyFonts
import GalleyMarkup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every JSON document `galley` prints and `galley-server` returns, with stable formatting:
/// sorted keys, pretty-printed, slashes unescaped.
///
/// The shapes, each defined in this target (`GalleyTools`) unless the table says otherwise:
///
/// | command (endpoint) | document |
/// |---|---|
/// | `galley format --json` (`POST /v1/format`) | `JSONDocument.formatted` (in `GalleyJobs`): `FormattedText`'s `Codable` form, written by its `writeJSON(into:warnings:)` |
/// | `galley layout --json` (`POST /v1/layout`), `galley render --json FILE` | `JSONDocument.layout` (in `GalleyJobs`): `Layout`'s `Codable` form (with `image` for render), written by its `writeJSON(into:image:)` |
/// | `galley font --json` (`GET /v1/font`) | ``ResolvedFaceRecord`` (a ``FaceRecord`` and how it was found) |
/// | `galley font --for-text … --json` | `FallbackDocument` (in `GalleyCLI`) |
/// | `galley fonts --json` (`GET /v1/fonts`) | ``FamiliesDocument`` of ``FamilyRecord``s |
/// | `galley hit` (`POST /v1/hit`) | an array of `HitRecord`s (in `GalleyJobs`) |
/// | `galley render` | `RenderSummary` (in `GalleyCLI`) |
/// | any failure with `--json` | ``ErrorDocument``, made by the `errorDocument` functions below |
package enum JSONOutput {
  /// An encoder with `galley`'s formatting.
  ///
  /// - Returns: A new encoder.
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `{"schemaVersion": 1, "error": {"kind": …, "offset": …, "message": …, …}}`.
  ///
  /// - Parameter error: The markup error.
  /// - Returns: The document.
  package static func errorDocument(_ error: MarkupError) -> String {
    encode(ErrorDocument(error: error))
  }

  /// `{"schemaVersion": 1, "error": {"kind": …, "message": …}}` for problems that have no
  /// markup position.
  ///
  /// - Parameters:
  ///   - kind: The error's kind, such as `invalidInput`.
  ///   - message: The message.
  /// - Returns: The document.
  package static func errorDocument(kind: String, _ message: String) -> String {
    encode(ErrorDocument(error: ["kind": kind, "message": message]))
  }

  /// `{"schemaVersion": 1, "error": {"kind", "message", "suggestions"}}`.
  ///
  /// - Parameter error: The font error.
  /// - Returns: The document.
  package static func errorDocument(_ error: FontSetError) -> String {
    encode(ErrorDocument(error: FontErrorDetail(error)))
  }

  /// What is printed instead of a document that cannot be encoded.
  package static let encodingFailure =
    #"{"error": {"kind": "internal", "message": "JSON encoding failed"}}"#

  /// Any document, with the same formatting.
  ///
  /// Large documents (layouts, formatted text) go through ``JSONDocument`` instead, which
  /// writes the same bytes without building the whole document first.
  ///
  /// - Parameter value: The document.
  /// - Returns: Its JSON text, without a final newline.
  package static func encodeDocument(_ value: some Encodable) -> String { encode(value) }

  private static func encode(_ value: some Encodable) -> String {
    do {
      return String(decoding: try encoder().encode(value), as: UTF8.self)
    } catch {
      // Every value here is made of strings, numbers and arrays, which always encode.
      return encodingFailure
    }
  }
}
