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
package struct HitRecord: Encodable, Sendable {
  /// The point's x, in layout points.
  package var x: Double
  /// The point's y, in layout points.
  package var y: Double
  /// The index of the link hit, or `nil`.
  package var link: Int?
  /// The UTF-16 offset of the character under the point, or `nil`.
  package var characterIndex: Int?
  /// The UTF-16 offset of the caret position nearest the point.
  package var caretIndex: Int
  /// The character the caret belongs to: `upstream` (the one before it) or `downstream`
  /// (the one after it), which places it at a direction boundary or a wrapped line's end.
  package var caretAffinity: CaretPosition.Affinity
  /// Whether the point is on the truncation token's glyphs.
  package var inToken: Bool

  /// A record of one point.
  ///
  /// - Parameters:
  ///   - x: The point's x, in layout points.
  ///   - y: The point's y, in layout points.
  ///   - link: The index of the link hit, or `nil`.
  ///   - characterIndex: The UTF-16 offset of the character under the point, or `nil`.
  ///   - caretIndex: The UTF-16 offset of the nearest caret position.
  ///   - caretAffinity: The character that caret belongs to.
  ///   - inToken: Whether the point is on the truncation token.
  package init(
    x: Double, y: Double, link: Int?, characterIndex: Int?, caretIndex: Int,
    caretAffinity: CaretPosition.Affinity, inToken: Bool
  ) {
    self.caretAffinity = caretAffinity
    self.x = x
    self.y = y
    self.link = link
    self.characterIndex = characterIndex
    self.caretIndex = caretIndex
    self.inToken = inToken
  }

  /// What a hit tester finds at one point: the one way `galley hit` and `POST /v1/hit` make
  /// their records.
  ///
  /// - Parameters:
  ///   - tester: The layout's hit tester.
  ///   - x: The point's x, in layout points.
  ///   - y: The point's y.
  ///   - tolerance: How far from a link rectangle a point may be and still hit it.
  package init(hitting tester: HitTester, x: Double, y: Double, tolerance: Double) {
    let caret = tester.caretPosition(atX: x, y: y)
    self.init(
      x: x, y: y, link: tester.link(atX: x, y: y, tolerance: tolerance),
      characterIndex: tester.characterIndex(atX: x, y: y), caretIndex: caret.index,
      caretAffinity: caret.affinity, inToken: tester.isOnToken(atX: x, y: y))
  }

  private enum CodingKeys: String, CodingKey {
    case x, y, link, characterIndex, caretIndex, caretAffinity, inToken
  }

  /// Encodes every key, with `null` for a missing link or character.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  package func encode(to encoder: any Encoder) throws {
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
