internal import GalleySupport

/// What line breaking and assembly know of hyphens: where automatic hyphenation may break a
/// word, and the hyphen drawn at a hyphenated line's end.
///
/// The hyphen is U+2010 (or `-` where the face lacks it) shaped in the font, features and
/// spacing of the item that holds the character before the break, so it counts in the line's
/// width exactly as it is drawn.
struct LineHyphens {
  /// Automatic hyphenation, or `nil` (``LayoutOptions/Hyphens/auto`` with a dictionary).
  var hyphenator: Hyphenator?
  /// The hyphen's glyphs for a line that breaks at a UTF-8 offset, in logical order, their
  /// clusters the start of the character before the break; and that item's index.
  var glyphs: (Int) -> (item: Int, glyphs: [ShapedGlyph])
  /// Whether a word split between grapheme clusters, because it fits no line, draws a hyphen
  /// (``LayoutOptions/hyphenatesEmergencyBreaks``).
  var hyphenatesEmergencyBreaks = false

  /// No hyphens: for line breaking without shaped items (tests, truncation windows).
  static var none: LineHyphens { LineHyphens(hyphenator: nil, glyphs: { _ in (0, []) }) }

  /// The advance (26.6) of the hyphen drawn at a break at `offset`.
  func advance(_ offset: Int) -> Int64 {
    glyphs(offset).glyphs.reduce(0) { $0 + Int64($1.xAdvance) }
  }
}

extension LineHyphens {
  /// The hyphens of a layout's items.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - items: The shaped items, in text order.
  ///   - hyphenator: Automatic hyphenation, or `nil`.
  ///   - emergencyBreaks: Whether emergency breaks draw a hyphen.
  ///   - shape: Shapes the hyphen for an item (``Shaping/hyphen(after:)``).
  init(
    paragraph: Paragraph, items: [ShapedItem], hyphenator: Hyphenator?, emergencyBreaks: Bool,
    shape: @escaping (ShapedItem) -> [ShapedGlyph]
  ) {
    self.hyphenator = hyphenator
    hyphenatesEmergencyBreaks = emergencyBreaks
    let last = LastHyphen()
    glyphs = { offset in
      // The character before the break: its item draws the hyphen.
      let before = paragraph.scalarStart(before: offset)
      let index = items.partitioningIndex { $0.item.utf8Range.upperBound > before }
      guard index < items.count else { return (0, []) }
      if last.item != index {
        last.item = index
        last.glyphs = shape(items[index])
      }
      var glyphs = last.glyphs
      for glyph in glyphs.indices { glyphs[glyph].cluster = before }
      return (index, glyphs)
    }
  }
}

/// The last item whose hyphen was asked for, and its glyphs: line breaking asks again and
/// again for the same item's.
private final class LastHyphen {
  var item = -1
  var glyphs: [ShapedGlyph] = []
}
