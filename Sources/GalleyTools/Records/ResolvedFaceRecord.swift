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
  /// The coordinates set on a variable face for the weight and italic asked, such as
  /// `wght=550`; empty for none.
  package var variations: String
  /// A variable face's design axes; empty for a face that is not variable.
  package var axes: [FontAxis]
  /// A variable face's named instances: each one's style and coordinates.
  package var instances: [InstanceRecord]
  /// The face in Pango's form, such as `DejaVu Sans Bold Oblique 12`.
  package var description: String

  /// One named instance of a variable font.
  package struct InstanceRecord: Encodable, Sendable {
    /// The style name, such as `Semi Bold`.
    package var name: String
    /// Its coordinates, such as `wght=600,slnt=0`.
    package var variations: String
  }

  /// The record of a resolved face.
  ///
  /// - Parameters:
  ///   - resolved: The resolved face.
  ///   - fonts: The font set it comes from, for a variable face's axes and instances.
  ///   - description: The face in Pango's form (``GalleyFonts/FontSet/describe(_:asked:)``).
  package init(_ resolved: ResolvedFace, in fonts: FontSet, description: String) {
    face = FaceRecord(resolved.face)
    italic = resolved.face.slant != .upright
    synthesizedItalic = resolved.synthesizedItalic
    synthesizedBold = resolved.synthesizedBold
    substituted = resolved.isSubstituted
    matchedBy = resolved.matchedBy.rawValue
    requestedFamily = resolved.requestedFamily
    requestedWeight = resolved.requestedWeight
    variations = resolved.variations.description
    self.description = description
    axes = fonts.axes(of: resolved.face)
    instances = fonts.namedInstances(of: resolved.face).map {
      InstanceRecord(name: $0.name, variations: $0.coordinates.description)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case italic, synthesizedItalic, synthesizedBold, substituted, matchedBy
    case requestedFamily, requestedWeight, variations, axes, instances, description
  }

  /// Encodes the face's keys and the resolution's keys into one object; `variations`, `axes`
  /// and `instances` only for a variable face.
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
    try container.encode(description, forKey: .description)
    if !variations.isEmpty { try container.encode(variations, forKey: .variations) }
    if !axes.isEmpty {
      try container.encode(axes, forKey: .axes)
      try container.encode(instances, forKey: .instances)
    }
  }
}
