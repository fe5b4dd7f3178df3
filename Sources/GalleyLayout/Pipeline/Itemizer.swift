import GalleyFonts
import GalleyMarkup

/// The output of itemization: a range of the text with one face and one attributed run.
///
/// Read by the shaper. Plain data, so the later stages copy it for free: the attributes are
/// `text.runs[runIndex].attributes` and the face is `faces[faceIndex]` of ``Itemization``.
struct TextItem {
  /// UTF-8 offsets into the text.
  var utf8Range: Range<Int>
  /// The index of the attributed run the item comes from.
  var runIndex: Int
  /// The index of the item's face in ``Itemization/faces``.
  var faceIndex: Int
  var synthesizedItalic: Bool
  var synthesizedBold: Bool
}

/// The items of a text and the faces they use, each face once.
struct Itemization {
  var items: [TextItem]
  var faces: [FaceDescriptor]
}

/// Splits formatted text into items: by attribute run, then by the face that draws each part
/// (the run's resolved face, or a fallback face for characters it lacks).
enum Itemizer {
  static func items(
    of text: FormattedText, fonts: FontSet, language: String?
  ) -> Itemization {
    var items: [TextItem] = []
    items.reserveCapacity(text.runs.count)
    // A text uses few faces and few styles, so short linear searches (string equality is a
    // pointer comparison for the shared strings) beat hashing paths and names for every run.
    var faces: [FaceDescriptor] = []
    var styles: [(family: String, weight: Int, isItalic: Bool, face: ResolvedFace)] = []
    for (runIndex, run) in text.runs.enumerated() {
      let attributes = run.attributes
      let primary: ResolvedFace
      if let known = styles.first(where: {
        $0.weight == attributes.weight && $0.isItalic == attributes.isItalic
          && $0.family == attributes.family
      }) {
        primary = known.face
      } else {
        // Weights and names were validated by the formatter; a hand-made run with a bad one
        // gets regular, then sans-serif: a run is never dropped.
        let resolved =
          (try? fonts.resolve(
            family: attributes.family, weight: attributes.weight, italic: attributes.isItalic))
          ?? (try? fonts.resolve(family: attributes.family))
          ?? (try? fonts.resolve(family: "sans-serif"))
        guard let resolved else { continue }  // only when no font is installed at all
        if styles.count < 64 {
          styles.append((attributes.family, attributes.weight, attributes.isItalic, resolved))
        }
        primary = resolved
      }
      let parts = fonts.fallbackRuns(
        for: text[run], utf8Offset: run.utf8Range.lowerBound,
        utf16Offset: run.utf16Range.lowerBound, primary: primary, language: language)
      for part in parts {
        let face = part.face ?? primary.face
        let index: Int
        if let known = faces.firstIndex(where: { $0.index == face.index && $0.file == face.file }) {
          index = known
        } else {
          index = faces.count
          faces.append(face)
        }
        items.append(
          TextItem(
            utf8Range: part.utf8Range, runIndex: runIndex, faceIndex: index,
            synthesizedItalic: attributes.isItalic && face.slant == .upright,
            synthesizedBold: primary.requestedWeight - face.weight >= 200))
      }
    }
    return Itemization(items: items, faces: faces)
  }
}
