import GalleyFonts
import GalleyMarkup

/// The output of itemization: a range of the text with one face, size and set of attributes.
///
/// Read by the shaper.
struct TextItem {
  /// UTF-8 offsets into the text.
  var utf8Range: Range<Int>
  /// The index of the attributed run the item comes from.
  var runIndex: Int
  var face: FaceDescriptor
  var attributes: TextAttributes
  var synthesizedItalic: Bool
  var synthesizedBold: Bool
}

/// Splits formatted text into items: by attribute run, then by the face that draws each part
/// (the run's resolved face, or a fallback face for characters it lacks).
enum Itemizer {
  static func items(
    of text: FormattedText, fonts: FontSet, language: String?
  ) -> [TextItem] {
    var items: [TextItem] = []
    items.reserveCapacity(text.runs.count)
    for (runIndex, run) in text.runs.enumerated() {
      let attributes = run.attributes
      // Weights were validated by the formatter; a hand-made run with a bad one gets regular.
      let primary =
        (try? fonts.resolve(
          family: attributes.family, weight: attributes.weight, italic: attributes.isItalic))
        ?? (try? fonts.resolve(family: attributes.family))
      guard let primary else { continue }
      let utf8 = text.string.utf8
      for part in fonts.fallbackRuns(for: text[run], primary: primary, language: language) {
        // The parts' indices are indices of the whole text.
        let start = utf8.distance(from: utf8.startIndex, to: part.range.lowerBound)
        let end = utf8.distance(from: utf8.startIndex, to: part.range.upperBound)
        let face = part.face ?? primary.face
        items.append(
          TextItem(
            utf8Range: start..<end, runIndex: runIndex, face: face, attributes: attributes,
            synthesizedItalic: attributes.isItalic && face.slant == .upright,
            synthesizedBold: primary.requestedWeight - face.weight >= 200))
      }
    }
    return items
  }
}
