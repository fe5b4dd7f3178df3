import GalleyFonts

/// A resolved face as `galley font --json` prints it: the ``FaceRecord`` keys, then how the
/// face was found, in one object.
///
/// ```json
/// {…FaceRecord keys…, "italic": false, "synthesizedItalic": false, "synthesizedBold": false,
///  "substituted": false, "matchedBy": "installed", "requestedFamily": "DejaVu Sans",
///  "requestedWeight": 400}
/// ```
package struct ResolvedFaceRecord: Encodable, Sendable {
  /// The face; its keys are written at the top level.
  package var face: FaceRecord
  /// Whether the face slants (italic or oblique).
  package var italic: Bool
  /// Whether italic is synthesized by slanting an upright face.
  package var synthesizedItalic: Bool
  /// Whether bold is synthesized by emboldening a lighter face.
  package var synthesizedBold: Bool
  /// Whether fontconfig substituted another family for one that is not installed.
  package var substituted: Bool
  /// How the family was found, such as `installed` or `alias`.
  package var matchedBy: String
  /// The family asked for.
  package var requestedFamily: String
  /// The CSS weight asked for.
  package var requestedWeight: Int

  /// The record of a resolved face.
  ///
  /// - Parameter resolved: The resolved face.
  package init(_ resolved: ResolvedFace) {
    face = FaceRecord(resolved.face)
    italic = resolved.face.slant != .upright
    synthesizedItalic = resolved.synthesizedItalic
    synthesizedBold = resolved.synthesizedBold
    substituted = resolved.isSubstituted
    matchedBy = resolved.matchedBy.rawValue
    requestedFamily = resolved.requestedFamily
    requestedWeight = resolved.requestedWeight
  }

  private enum CodingKeys: String, CodingKey {
    case italic, synthesizedItalic, synthesizedBold, substituted, matchedBy
    case requestedFamily, requestedWeight
  }

  /// Encodes the face's keys and the resolution's keys into one object.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  package func encode(to encoder: any Encoder) throws {
    try face.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(italic, forKey: .italic)
    try container.encode(synthesizedItalic, forKey: .synthesizedItalic)
    try container.encode(synthesizedBold, forKey: .synthesizedBold)
    try container.encode(substituted, forKey: .substituted)
    try container.encode(matchedBy, forKey: .matchedBy)
    try container.encode(requestedFamily, forKey: .requestedFamily)
    try container.encode(requestedWeight, forKey: .requestedWeight)
  }
}
