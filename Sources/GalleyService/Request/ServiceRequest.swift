/// The one request shape of every `POST` endpoint.
///
/// Its fields are named after the CLI's long options in camelCase:
///
/// ```json
/// {"markup": "Tap %Lhere%l", "plain": false, "lenient": false, "strict": false,
///  "fonts": ["DejaVu Sans"], "colors": ["#1A5FB4"],
///  "defaults": {"family": "DejaVu Sans", "size": 13, "weight": "bold", "color": "black"},
///  "layout": {"width": 300, "maxLines": 2, …}, "render": {"format": "png", "scale": 2, …},
///  "points": [{"x": 10, "y": 5}], "tolerance": 0}
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
  /// The points to hit-test (`galley hit --at`).
  package var points: [RequestPoint]?
  /// Also hit links whose rectangle is within this many points (`galley hit --tolerance`).
  package var tolerance: Double?

  /// A request with the markup and every default.
  ///
  /// - Parameter markup: The markup.
  package init(markup: String) { self.markup = markup }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case markup, plain, lenient, strict, fonts, colors, defaults, layout, render, points
    case tolerance
  }

  /// Decodes a request, refusing unknown fields.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError`, whose coding path names the field.
  package init(from decoder: any Decoder) throws {
    try UnknownKeys.check(decoder, known: CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    markup = try container.decode(String.self, forKey: .markup)
    plain = try container.decodeIfPresent(Bool.self, forKey: .plain)
    lenient = try container.decodeIfPresent(Bool.self, forKey: .lenient)
    strict = try container.decodeIfPresent(Bool.self, forKey: .strict)
    fonts = try container.decodeIfPresent([String].self, forKey: .fonts)
    colors = try container.decodeIfPresent([String].self, forKey: .colors)
    defaults = try container.decodeIfPresent(RequestDefaults.self, forKey: .defaults)
    layout = try container.decodeIfPresent([String: JSONValue].self, forKey: .layout)
    render = try container.decodeIfPresent([String: JSONValue].self, forKey: .render)
    points = try container.decodeIfPresent([RequestPoint].self, forKey: .points)
    tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
  }
}
