/// What text starts in before any code changes it: the request's `defaults` object, the CLI's
/// `--default-family`, `--default-size`, `--default-weight`, `--default-color` and
/// `--default-background`.
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

  /// Defaults that change nothing.
  package init() {}

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case family, size, weight, color, background
  }

  /// Decodes the object, refusing unknown fields.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError`, whose coding path names the field.
  package init(from decoder: any Decoder) throws {
    try UnknownKeys.check(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    family = try container.decodeIfPresent(String.self, forKey: .family)
    size = try container.decodeIfPresent(Double.self, forKey: .size)
    weight = try container.decodeIfPresent(JSONValue.self, forKey: .weight)
    color = try container.decodeIfPresent(String.self, forKey: .color)
    background = try container.decodeIfPresent(String.self, forKey: .background)
  }
}
