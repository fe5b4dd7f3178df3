import GalleyMarkup

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON documents `galley` prints, with stable formatting: sorted keys, pretty-printed,
/// slashes unescaped.
enum JSONOutput {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The formatted text, plus `warnings` when some were given (lenient mode).
  static func document(_ text: FormattedText, warnings: [MarkupError]? = nil) -> String {
    encode(FormatDocument(text: text, warnings: warnings))
  }

  /// `{"error": {"kind": …, "offset": …, "message": …, …}}`.
  static func errorDocument(_ error: MarkupError) -> String {
    encode(ErrorDocument(error: error))
  }

  /// `{"error": {"kind": …, "message": …}}` for problems that have no markup position.
  static func errorDocument(kind: String, _ message: String) -> String {
    encode(ErrorDocument(error: ["kind": kind, "message": message]))
  }

  /// Any document, with the same formatting.
  static func encodeDocument(_ value: some Encodable) -> String { encode(value) }

  private static func encode(_ value: some Encodable) -> String {
    do {
      return String(decoding: try encoder().encode(value), as: UTF8.self)
    } catch {
      // Every value here is made of strings, numbers and arrays, which always encode.
      return #"{"error": {"kind": "internal", "message": "JSON encoding failed"}}"#
    }
  }
}

/// `{"schemaVersion": 1, "error": …}`.
private struct ErrorDocument<Detail: Encodable>: Encodable {
  var schemaVersion = FormattedText.schemaVersion
  var error: Detail
}

/// Formatted text with optional warnings, encoded as one flat object.
private struct FormatDocument: Encodable {
  var text: FormattedText
  var warnings: [MarkupError]?

  private enum CodingKeys: String, CodingKey { case warnings }

  func encode(to encoder: any Encoder) throws {
    try text.encode(to: encoder)
    if let warnings {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(warnings, forKey: .warnings)
    }
  }
}
