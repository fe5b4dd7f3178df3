/// How HarfBuzz shapes one pair of ``PairAlphabet`` characters in one font, script and
/// language: the first glyph's advance and offsets when the second follows it, and whether
/// the second glyph is unsafe to break before.
struct PairEntry: Sendable {
  var xAdvance: Int32 = 0
  var xOffset: Int32 = 0
  var yOffset: Int32 = 0
  /// Bit 0: the entry is known; bit 1: the second glyph is unsafe to break before.
  var flags: UInt8 = 0

  /// Whether the pair has been shaped.
  var isKnown: Bool { flags & 1 != 0 }
  /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` on the pair's second glyph.
  var secondIsUnsafe: Bool { flags & 2 != 0 }
}

/// A pair of ``PairAlphabet`` numbers (the second may be ``PairAlphabet/end``).
struct PairKey: Hashable {
  var first: Int
  var second: Int
}

/// A pair as HarfBuzz shaped it: its entry and the glyphs of its two characters (the second
/// glyph is 0 for the end).
struct LearnedPair {
  var key: PairKey
  var entry: PairEntry
  var firstGlyph: UInt32
  var secondGlyph: UInt32
}
