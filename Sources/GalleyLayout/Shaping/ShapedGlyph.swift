/// One glyph from HarfBuzz, in logical (text) order, positions in 26.6 pixels.
struct ShapedGlyph: Hashable, Sendable {
  var glyph: UInt32
  /// UTF-8 offset into the paragraph of the cluster this glyph belongs to.
  var cluster: Int
  var xAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
  /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: breaking before this glyph's cluster needs
  /// re-shaping.
  var isUnsafeToBreak: Bool
}

extension [ShapedGlyph] {
  /// Appends a word's glyphs, whose clusters count from the word's start, with their clusters
  /// moved to the word's offset in the paragraph.
  mutating func append<Glyphs: Collection<ShapedGlyph>>(word: Glyphs, at offset: Int) {
    for glyph in word {
      var placed = glyph
      placed.cluster += offset
      append(placed)
    }
  }
}
