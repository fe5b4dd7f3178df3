import GalleyMarkup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The small JSON documents `galley` prints (errors, fonts, hits, render summaries), with
/// stable formatting: sorted keys, pretty-printed, slashes unescaped.
enum JSONOutput {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `{"error": {"kind": …, "offset": …, "message": …, …}}`.
  static func errorDocument(_ error: MarkupError) -> String {
    encode(ErrorDocument(error: error))
  }

  /// `{"error": {"kind": …, "message": …}}` for problems that have no markup position.
  static func errorDocument(kind: String, _ message: String) -> String {
    encode(ErrorDocument(error: ["kind": kind, "message": message]))
  }

  /// What is printed instead of a document that cannot be encoded.
  static let encodingFailure =
    #"{"error": {"kind": "internal", "message": "JSON encoding failed"}}"#

  /// Any document, with the same formatting.
  ///
  /// Large documents (layouts, formatted text) go through ``JSONDocument`` instead, which
  /// writes the same bytes without building the whole document first.
  static func encodeDocument(_ value: some Encodable) -> String { encode(value) }

  private static func encode(_ value: some Encodable) -> String {
    do {
      return String(decoding: try encoder().encode(value), as: UTF8.self)
    } catch {
      // Every value here is made of strings, numbers and arrays, which always encode.
      return encodingFailure
    }
  }
}

/// `{"schemaVersion": 1, "error": …}`.
private struct ErrorDocument<Detail: Encodable>: Encodable {
  var schemaVersion = FormattedText.schemaVersion
  var error: Detail
}
