extension LayoutLookups {
  /// The glyphs at which a subtable of lookup type `type` can start to apply: the first
  /// coverage HarfBuzz tests at the current glyph (the mark coverage of a mark attachment, the
  /// first input coverage of a contextual lookup), or `nil` when the subtable is malformed or
  /// of a type or format this reader does not know.
  ///
  /// A lookup none of whose subtables starts at any glyph of a text leaves the text alone.
  func triggers(ofSubtable offset: Int, type: Int) -> [UInt32]? {
    guard let format = u16(offset) else { return nil }
    let coverageOffset: Int?
    switch (isPositioning, type, format) {
    // Context lookups: format 3 lists a coverage per input glyph.
    case (false, 5, 3), (true, 7, 3): coverageOffset = u16(offset + 6)
    // Chained context, format 3: the backtrack coverages, then the input ones.
    case (false, 6, 3), (true, 8, 3):
      guard let backtrack = u16(offset + 2) else { return nil }
      coverageOffset = u16(offset + 6 + 2 * backtrack)
    // Every other known type and format has its coverage right after the format.
    case (false, 1...6, 1...2), (false, 8, 1), (true, 1, 1...2), (true, 2, 1...2),
      (true, 3...6, 1), (true, 7...8, 1...2):
      coverageOffset = u16(offset + 2)
    default: return nil
    }
    guard let coverageOffset, let covered = coverage(at: offset + coverageOffset) else {
      return nil
    }
    return covered.map(\.glyph)
  }

  /// The value format of the second glyph of a pair adjustment subtable (`GPOS` type 2), or
  /// `nil` when malformed.
  ///
  /// When it is not 0, HarfBuzz moves past the pair's second glyph after applying it, so that
  /// glyph cannot start a pair of the same lookup: the adjustments are no longer a function of
  /// each pair alone.
  func secondValueFormat(ofPairSubtable offset: Int) -> Int? {
    guard let format = u16(offset), (1...2).contains(format) else { return nil }
    return u16(offset + 6)
  }

  /// The coverage tables of a context or chained context subtable in format 3 (`GSUB` 5 and
  /// 6, `GPOS` 7 and 8), backtrack, input and lookahead, each as its glyphs; `nil` for other
  /// types and formats, or when malformed.
  ///
  /// Such a subtable matches only a sequence with a glyph from each coverage; when one holds
  /// no glyph a text can have, it never applies to that text.
  func sequenceCoverages(ofSubtable offset: Int, type: Int) -> [[UInt32]]? {
    guard u16(offset) == 3 else { return nil }
    // Each list of coverage offsets: how many, and where the offsets start.
    var lists: [(count: Int, start: Int)] = []
    switch (isPositioning, type) {
    case (false, 5), (true, 7):
      guard let count = u16(offset + 2) else { return nil }
      lists = [(count, offset + 6)]
    case (false, 6), (true, 8):
      var cursor = offset + 2
      for _ in 0..<3 {
        guard let count = u16(cursor) else { return nil }
        lists.append((count, cursor + 2))
        cursor += 2 + 2 * count
      }
    default: return nil
    }
    var coverages: [[UInt32]] = []
    for list in lists {
      for index in 0..<list.count {
        guard let relative = u16(list.start + 2 * index),
          let covered = coverage(at: offset + relative)
        else { return nil }
        coverages.append(covered.map(\.glyph))
      }
    }
    return coverages
  }
}
