import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleySupport

/// The bytes the CLI printed before ``JSONWriter``: `JSONEncoder` with the CLI's formatting,
/// over the same flat documents it encoded.
enum EncoderReference {
  /// `JSONEncoder` bytes of any value, or `nil` when the encoder refuses it.
  static func encode(_ value: some Encodable) -> [UInt8]? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try? Array(encoder.encode(value))
  }

  /// The layout document, with `image` for `galley render --json`.
  static func layout(_ layout: Layout, image: ImageGeometry? = nil) -> [UInt8]? {
    encode(LayoutDocument(layout: layout, image: image))
  }

  /// The format document, with `warnings` in lenient mode.
  static func formatted(_ text: FormattedText, warnings: [MarkupError]? = nil) -> [UInt8]? {
    encode(FormatDocument(text: text, warnings: warnings))
  }

  /// ``JSONWriter`` bytes of whatever `body` writes, or `nil` when it throws.
  static func written(
    _ body: (inout JSONWriter) throws(JSONWriter.NonFiniteNumber) -> Void
  ) -> [UInt8]? {
    var writer = JSONWriter()
    do {
      try body(&writer)
    } catch {
      return nil
    }
    return writer.bytes
  }
}

/// A layout with an optional `image` member, as `galley render --json` encoded it.
private struct LayoutDocument: Encodable {
  var layout: Layout
  var image: ImageGeometry?

  private enum CodingKeys: String, CodingKey { case image }

  /// The layout's members, then `image` in the same object.
  func encode(to encoder: any Encoder) throws {
    try layout.encode(to: encoder)
    if let image {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(image, forKey: .image)
    }
  }
}

/// Formatted text with optional warnings, as `galley format --json` encoded it.
private struct FormatDocument: Encodable {
  var text: FormattedText
  var warnings: [MarkupError]?

  private enum CodingKeys: String, CodingKey { case warnings }

  /// The text's members, then `warnings` in the same object.
  func encode(to encoder: any Encoder) throws {
    try text.encode(to: encoder)
    if let warnings {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(warnings, forKey: .warnings)
    }
  }
}
