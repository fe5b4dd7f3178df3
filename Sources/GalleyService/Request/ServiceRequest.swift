import GalleyJobs
import GalleySupport

/// The one request shape of every `POST` endpoint.
///
/// Its fields are named after the CLI's long options in camelCase:
///
/// ```json
/// {"markup": "Tap %Lhere%l", "plain": false, "lenient": false, "strict": false,
///  "fonts": ["DejaVu Sans"], "colors": ["#1A5FB4"],
///  "defaults": {"family": "DejaVu Sans", "size": 13, "weight": "bold", "color": "black"},
///  "layout": {"width": 300, "maxLines": 2, …}, "render": {"format": "png", "scale": 2, …},
///  "variants": {"pressed": {"offset": [0, 2]}}, "points": [{"x": 10, "y": 5}], "tolerance": 0}
/// ```
///
/// Only `markup` is required; every other field takes the CLI's default. `layout` and
/// `render` are read by ``LayoutFields`` and ``RenderFields``; ``PreparedRequest`` checks the
/// rest. An unknown field is an error, so a misspelt option is never silently ignored.
package struct ServiceRequest: Codable, Hashable, Sendable {
  /// The markup (or plain text with `plain`).
  package var markup: String
  /// Take the markup as plain text: `%` has no meaning (`--plain`).
  package var plain: Bool?
  /// Accept ported DAAttributedStringFormatter strings and warn instead of failing
  /// (`--lenient`).
  package var lenient: Bool?
  /// Fail for a family that is not installed and has no alias (`--strict`).
  package var strict: Bool?
  /// The font table, `%0F` first (`--font`).
  package var fonts: [String]?
  /// The color table, `%0C` first (`--color`).
  package var colors: [String]?
  /// What text starts in (`--default-family`, `--default-size`, …).
  package var defaults: RequestDefaults?
  /// The layout options (`galley layout`'s), by name.
  package var layout: [String: JSONValue]?
  /// The render options (`galley render`'s), by name.
  package var render: [String: JSONValue]?
  /// Named variants of the label (`galley render --variants`): each the `render` fields it
  /// changes; `POST /v1/render` then answers a PNG sprite sheet and its atlas.
  package var variants: [String: JSONValue]?
  /// The names of ``variants`` in the order the body gives them (the sheet's order), which
  /// ``RequestDecoder`` reads from the body; never read from a request's fields.
  package var variantOrder: [String]?
  /// The points to hit-test (`galley hit --at`).
  package var points: [RequestPoint]?
  /// Also hit links whose rectangle is within this many points (`galley hit --tolerance`).
  package var tolerance: Double?

  /// A request with the markup and every default.
  ///
  /// - Parameter markup: The markup.
  package init(markup: String) { self.markup = markup }

  /// Decodes a request, refusing unknown fields.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError`, whose coding path names the field.
  package init(from decoder: any Decoder) throws {
    let fields = try FieldKeys(decoder)
    let object = fields.container
    var markup: String?
    for key in fields.keys {
      switch key.stringValue {
      case "markup": markup = try object.decode(String.self, forKey: key)
      case "plain": plain = try object.decode(Bool?.self, forKey: key)
      case "lenient": lenient = try object.decode(Bool?.self, forKey: key)
      case "strict": strict = try object.decode(Bool?.self, forKey: key)
      case "fonts": fonts = try object.decode([String]?.self, forKey: key)
      case "colors": colors = try object.decode([String]?.self, forKey: key)
      case "defaults": defaults = try object.decode(RequestDefaults?.self, forKey: key)
      case "layout": layout = try object.decode([String: JSONValue]?.self, forKey: key)
      case "render": render = try object.decode([String: JSONValue]?.self, forKey: key)
      case "variants": variants = try object.decode([String: JSONValue]?.self, forKey: key)
      case "points": points = try object.decode([RequestPoint]?.self, forKey: key)
      case "tolerance": tolerance = try object.decode(Double?.self, forKey: key)
      default: throw fields.unknown(key)
      }
    }
    guard let markup else {
      throw DecodingError.keyNotFound(
        FieldKeys.AnyKey(stringValue: "markup"),
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "is required"))
    }
    self.markup = markup
  }

}
