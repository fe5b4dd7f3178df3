import GalleyFonts

/// `galley font --for-text … --json`: the primary face and the face that draws each run.
///
/// ```json
/// {"schemaVersion": 1, "face": {…ResolvedFaceRecord…},
///  "runs": [{"location": 0, "length": 4, "text": "abc ", "primary": true, "face": {…}}]}
/// ```
struct FallbackDocument: Encodable {
  /// One run of the text and the face that draws it.
  struct Run: Encodable {
    /// The run's start, in UTF-16 code units.
    var location: Int
    /// The run's length, in UTF-16 code units.
    var length: Int
    /// The run's text.
    var text: String
    /// Whether the primary face draws it.
    var primary: Bool
    /// The face that draws it; the key is left out when no installed face can.
    var face: FaceRecord?
  }

  /// The version of this document's shape.
  var schemaVersion = 1
  /// The face the family, weight and italic resolve to.
  var face: ResolvedFaceRecord
  /// The runs, in text order.
  var runs: [Run]

  /// The document for the fallback runs of a text.
  ///
  /// - Parameters:
  ///   - face: The primary face.
  ///   - text: The text.
  ///   - runs: Its runs, from `FontSet.fallbackRuns(for:primary:language:)`.
  init(face: ResolvedFaceRecord, text: String, runs: [FallbackRun]) {
    self.face = face
    self.runs = runs.map { run in
      Run(
        location: run.utf16Range.lowerBound, length: run.utf16Range.count,
        text: String(text[run.range]), primary: run.isPrimary, face: run.face.map(FaceRecord.init))
    }
  }
}
