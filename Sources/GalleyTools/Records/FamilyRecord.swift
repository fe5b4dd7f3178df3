import GalleyFonts

/// One family of `galley fonts --json`: the face each ladder step gives, and every face.
///
/// ```json
/// {"name": "DejaVu Sans",
///  "ladder": [{"step": -3, "style": "ExtraLight", "weight": 200, "synthesizedBold": false}, …],
///  "faces": [{…FaceRecord…}, …]}
/// ```
package struct FamilyRecord: Encodable, Sendable {
  /// One step of the weight ladder.
  package struct Step: Encodable, Sendable {
    /// The ladder step, -3…3.
    package var step: Int
    /// The style name of the face the step gives.
    package var style: String
    /// That face's CSS weight.
    package var weight: Int
    /// Whether bold is synthesized because the face is 200 or more lighter than asked.
    package var synthesizedBold: Bool
  }

  /// The installed family name.
  package var name: String
  /// The ladder's steps, from -3 to 3.
  package var ladder: [Step]
  /// Every face of the family.
  package var faces: [FaceRecord]

  /// The record of one family.
  ///
  /// - Parameters:
  ///   - name: The installed family name.
  ///   - ladderFamily: The name whose ladder is shown: an alias may have its own.
  ///   - fonts: The font set.
  package init(name: String, ladderFamily: String, fonts: FontSet) {
    self.name = name
    ladder = fonts.ladder(forFamily: ladderFamily).map { step, resolved in
      Step(
        step: step, style: resolved.face.style, weight: resolved.face.weight,
        synthesizedBold: resolved.synthesizedBold)
    }
    faces = fonts.faces(inFamily: name).map(FaceRecord.init)
  }
}
