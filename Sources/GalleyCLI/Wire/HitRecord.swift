import GalleyLayout

/// One point of `galley hit`, which prints an array of them.
///
/// ```json
/// {"x": 5, "y": 5, "link": 0, "characterIndex": 0, "caretIndex": 0,
///  "caretAffinity": "downstream", "inToken": false}
/// ```
///
/// `link` and `characterIndex` are written as `null` when nothing is there, not left out. On
/// the truncation token, `inToken` is `true` and `characterIndex` is the truncation's location.
struct HitRecord: Encodable {
  /// The point's x, in layout points.
  var x: Double
  /// The point's y, in layout points.
  var y: Double
  /// The index of the link hit, or `nil`.
  var link: Int?
  /// The UTF-16 offset of the character under the point, or `nil`.
  var characterIndex: Int?
  /// The UTF-16 offset of the caret position nearest the point.
  var caretIndex: Int
  /// The character the caret belongs to: `upstream` (the one before it) or `downstream`
  /// (the one after it), which places it at a direction boundary or a wrapped line's end.
  var caretAffinity: CaretPosition.Affinity
  /// Whether the point is on the truncation token's glyphs.
  var inToken: Bool

  private enum CodingKeys: String, CodingKey {
    case x, y, link, characterIndex, caretIndex, caretAffinity, inToken
  }

  /// Encodes every key, with `null` for a missing link or character.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(link, forKey: .link)  // null when absent
    try container.encode(characterIndex, forKey: .characterIndex)
    try container.encode(caretIndex, forKey: .caretIndex)
    try container.encode(caretAffinity, forKey: .caretAffinity)
    try container.encode(inToken, forKey: .inToken)
  }
}
