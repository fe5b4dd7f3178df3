import GalleySupport

/// What text starts in before any code changes it: the request's `defaults` object, the CLI's
/// `--default-family`, `--default-size`, `--default-weight`, `--default-color` and
/// `--default-background`, and the layout commands' `--font-description`.
package struct RequestDefaults: Codable, Hashable, Sendable {
  /// The family (default `sans-serif`).
  package var family: String?
  /// The size in points (default 17).
  package var size: Double?
  /// A ladder step in -3…3, a CSS weight in 100…1000, or a name such as `semibold`.
  package var weight: JSONValue?
  /// The text color (default black).
  package var color: String?
  /// The background color (none by default).
  package var background: String?
  /// The text's font in one string (`FontDescription`): its parts set what `family`, `size`
  /// and `weight` leave unset, and the layout's features, coordinates and width.
  package var fontDescription: String?

  /// Defaults that change nothing.
  package init() {}

  /// Decodes the object, refusing unknown fields.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError`, whose coding path names the field.
  package init(from decoder: any Decoder) throws {
    let fields = try FieldKeys(decoder)
    let object = fields.container
    for key in fields.keys {
      switch key.stringValue {
      case "family": family = try object.decode(String?.self, forKey: key)
      case "size": size = try object.decode(Double?.self, forKey: key)
      case "weight": weight = try object.decode(JSONValue?.self, forKey: key)
      case "color": color = try object.decode(String?.self, forKey: key)
      case "background": background = try object.decode(String?.self, forKey: key)
      case "fontDescription":
        fontDescription = try object.decode(String?.self, forKey: key)
      default: throw fields.unknown(key)
      }
    }
  }

}
