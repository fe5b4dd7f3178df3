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
  /// The bidi embedding level (UAX #9) of the item's characters: even is left to right, odd
  /// right to left; 0 for every item of a text without bidi.
  var level: UInt8 = 0
  /// Whether the item starts a paragraph (not the first), so it is shaped apart from the
  /// items before it (see ``Paragraph/paragraphStarts``).
  var startsParagraph = false
}

/// The items of a text and the faces they use, each face once.
struct Itemization {
  var items: [TextItem]
  var faces: [FaceDescriptor]
  /// The coordinates each face of ``faces`` is drawn at for its items' weight and italic
  /// (``GalleyFonts/FaceStyling``): a face at two coordinates is two entries.
  var faceVariations: [FontVariations]

  /// Cuts the items at `offsets`, and marks the items that start there, so the text on either
  /// side is shaped apart.
  ///
  /// - Parameter offsets: Ascending UTF-8 offsets at scalar boundaries (see
  ///   ``Paragraph/paragraphStarts``).
  mutating func split(at offsets: [Int]) {
    guard !offsets.isEmpty else { return }
    var result: [TextItem] = []
    result.reserveCapacity(items.count + offsets.count)
    var next = 0
    for item in items {
      var rest = item
      while next < offsets.count, offsets[next] < rest.utf8Range.upperBound {
        let offset = offsets[next]
        if offset > rest.utf8Range.lowerBound {
          var head = rest
          head.utf8Range = rest.utf8Range.lowerBound..<offset
          result.append(head)
          rest.utf8Range = offset..<rest.utf8Range.upperBound
        }
        if offset == rest.utf8Range.lowerBound { rest.startsParagraph = true }
        next += 1
      }
      result.append(rest)
    }
    items = result
  }
}

/// Splits formatted text into items: by attribute run, then by the face that draws each part
/// (the run's resolved face, or a fallback face for characters it lacks), then by bidi level.
enum Itemizer {
  /// The items of a text.
  ///
  /// - Parameters:
  ///   - text: The text and its runs.
  ///   - fonts: The fonts to resolve the runs' families with.
  ///   - language: A BCP 47 tag for fallback, or `nil`; a run's own (`%{de}G`) goes over it.
  ///   - width: The width in percent every run's face is resolved at
  ///     (``LayoutOptions/fontWidth``).
  ///   - levels: The text's bidi levels, or `nil` when it needs none (every item at level 0).
  ///   - spanLanguages: Whether some run may set its own language (else none is read).
  /// - Returns: The items in text order and their faces.
  static func items(
    of text: FormattedText, fonts: FontSet, language: String?, width: Int = 100,
    levels: BidiLevels? = nil, spanLanguages: Bool = true
  ) -> Itemization {
    var items: [TextItem] = []
    items.reserveCapacity(text.runs.count)
    // A text uses few faces and few styles, so short linear searches (string equality is a
    // pointer comparison for the shared strings) beat hashing paths and names for every run.
    var faces: [FaceDescriptor] = []
    var faceVariations: [FontVariations] = []
    // The stylings of fallback faces, found once per face, weight and italic.
    var fallbackStylings:
      [(file: String, index: Int, weight: Int, italic: Bool, styling: FaceStyling)] =
        []
    var styles:
      [(family: String, weight: Int, isItalic: Bool, language: String?, face: ResolvedFace)] = []
    // Only a FontSets file with families per language makes the language choose the family.
    let languageFamilies = fonts.hasLanguageFamilies
    for (runIndex, run) in text.runs.enumerated() {
      let attributes = run.attributes
      let runLanguage = spanLanguages ? attributes.language ?? language : language
      let styleLanguage = languageFamilies ? runLanguage : nil
      let primary: ResolvedFace
      if let known = styles.first(where: {
        $0.weight == attributes.weight && $0.isItalic == attributes.isItalic
          && $0.family == attributes.family && $0.language == styleLanguage
      }) {
        primary = known.face
      } else {
        // Weights and names were validated by the formatter; a hand-made run with a bad one
        // gets regular, then sans-serif: a run is never dropped.
        let resolved =
          (try? fonts.resolve(
            family: attributes.family, weight: attributes.weight, italic: attributes.isItalic,
            width: width, language: styleLanguage))
          ?? (try? fonts.resolve(family: attributes.family))
          ?? (try? fonts.resolve(family: "sans-serif"))
        guard let resolved else { continue }  // only when no font is installed at all
        if styles.count < 64 {
          styles.append(
            (attributes.family, attributes.weight, attributes.isItalic, styleLanguage, resolved))
        }
        primary = resolved
      }
      let parts = fonts.fallbackRuns(
        for: text[run], utf8Offset: run.utf8Range.lowerBound,
        utf16Offset: run.utf16Range.lowerBound, primary: primary,
        language: runLanguage)
      for part in parts {
        let item: TextItem
        if let fallback = part.face, !part.isPrimary {
          let styling = Self.styling(
            of: fallback, weight: primary.requestedWeight, italic: attributes.isItalic,
            fonts: fonts, known: &fallbackStylings)
          item = TextItem(
            utf8Range: part.utf8Range, runIndex: runIndex,
            faceIndex: Self.index(
              of: fallback, at: styling.variations, in: &faces, variations: &faceVariations),
            synthesizedItalic: styling.synthesizesItalic,
            synthesizedBold: styling.synthesizesBold)
        } else {
          item = TextItem(
            utf8Range: part.utf8Range, runIndex: runIndex,
            faceIndex: Self.index(
              of: primary.face, at: primary.variations, in: &faces, variations: &faceVariations),
            synthesizedItalic: primary.synthesizedItalic, synthesizedBold: primary.synthesizedBold)
        }
        if let levels {
          append(item, splitAtLevelsOf: levels, to: &items)
        } else {
          items.append(item)
        }
      }
    }
    return Itemization(items: items, faces: faces, faceVariations: faceVariations)
  }

  /// The number of `face` at `variations` in the itemization's faces, added when new.
  private static func index(
    of face: FaceDescriptor, at variations: FontVariations, in faces: inout [FaceDescriptor],
    variations faceVariations: inout [FontVariations]
  ) -> Int {
    for index in faces.indices
    where faces[index].index == face.index && faceVariations[index] == variations
      && faces[index].file == face.file
    {
      return index
    }
    faces.append(face)
    faceVariations.append(variations)
    return faces.count - 1
  }

  /// How a fallback face draws a weight and italic (``GalleyFonts/FaceStyling``), found once
  /// per face, weight and italic in `known` (at most 64).
  private static func styling(
    of face: FaceDescriptor, weight: Int, italic: Bool, fonts: FontSet,
    known: inout [(file: String, index: Int, weight: Int, italic: Bool, styling: FaceStyling)]
  ) -> FaceStyling {
    for entry in known
    where entry.weight == weight && entry.italic == italic && entry.index == face.index
      && entry.file == face.file
    {
      return entry.styling
    }
    let styling = fonts.styling(of: face, weight: weight, italic: italic)
    if known.count < 64 { known.append((face.file, face.index, weight, italic, styling)) }
    return styling
  }

  /// Appends an item cut where the bidi level changes, each part with its level.
  private static func append(
    _ item: TextItem, splitAtLevelsOf levels: BidiLevels, to items: inout [TextItem]
  ) {
    var run = levels.runIndex(containing: item.utf8Range.lowerBound)
    var start = item.utf8Range.lowerBound
    while start < item.utf8Range.upperBound, run < levels.runs.count {
      let level = levels.runs[run]
      var part = item
      part.utf8Range = start..<min(item.utf8Range.upperBound, level.utf8Range.upperBound)
      part.level = level.level
      items.append(part)
      start = part.utf8Range.upperBound
      run += 1
    }
  }
}
