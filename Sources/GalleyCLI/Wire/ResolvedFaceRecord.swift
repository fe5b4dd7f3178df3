import GalleyFonts

/// A resolved face as `galley font --json` prints it: the ``FaceRecord`` keys, then how the
/// face was found, in one object.
///
/// ```json
/// {…FaceRecord keys…, "italic": false, "synthesizedItalic": false, "synthesizedBold": false,
///  "substituted": false, "matchedBy": "installed", "requestedFamily": "DejaVu Sans",
///  "requestedWeight": 400}
/// ```
struct ResolvedFaceRecord: Encodable {
  /// The face; its keys are written at the top level.
  var face: FaceRecord
  /// Whether the face slants (italic or oblique).
  var italic: Bool
  /// Whether italic is synthesized by slanting an upright face.
  var synthesizedItalic: Bool
  /// Whether bold is synthesized by emboldening a lighter face.
  var synthesizedBold: Bool
  /// Whether fontconfig substituted another family for one that is not installed.
  var substituted: Bool
  /// How the family was found, such as `installed` or `alias`.
  var matchedBy: String
  /// The family asked for.
  var requestedFamily: String
  /// The CSS weight asked for.
  var requestedWeight: Int

  /// The record of a resolved face.
  ///
  /// - Parameter resolved: The resolved face.
  init(_ resolved: ResolvedFace) {
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
  func encode(to encoder: any Encoder) throws {
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
