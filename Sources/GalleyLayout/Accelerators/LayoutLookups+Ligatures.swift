extension LayoutLookups {
  /// Adds to `following` every glyph that comes right after `glyph` in a ligature of the
  /// ligature substitution subtable at `offset`.
  ///
  /// - Returns: `false` when the subtable is malformed.
  func addGlyphs(
    after glyph: UInt32, inSubtable offset: Int, to following: inout Set<UInt32>
  ) -> Bool {
    forEachLigature(inSubtable: offset) { components in
      for (previous, next) in zip(components, components.dropFirst()) where previous == glyph {
        following.insert(next)
      }
    }
  }

  /// The first two glyphs of every ligature of the ligature substitution subtable at
  /// `offset` (the second `nil` for a ligature of one glyph), or `nil` when malformed.
  ///
  /// A ligature forms only where its glyphs follow each other, so a text in which no such
  /// pair of glyphs is found next to each other (and no one-glyph ligature's glyph at all)
  /// never gets one; pair shaping keeps such a face's pairs apart (``PairLocality``).
  func ligatureStarts(inSubtable offset: Int) -> [(first: UInt32, second: UInt32?)]? {
    var starts: [(first: UInt32, second: UInt32?)] = []
    let isWellFormed = forEachLigature(inSubtable: offset) { components in
      starts.append((components[0], components.count > 1 ? components[1] : nil))
    }
    return isWellFormed ? starts : nil
  }

  /// Calls `body` with the glyphs of every ligature of the ligature substitution subtable at
  /// `offset`, the covered first glyph first.
  ///
  /// - Returns: `false` when the subtable is malformed.
  private func forEachLigature(inSubtable offset: Int, _ body: ([UInt32]) -> Void) -> Bool {
    guard u16(offset) == 1, let coverageOffset = u16(offset + 2),
      let setCount = u16(offset + 4), let covered = coverage(at: offset + coverageOffset)
    else { return false }
    // Offsets in a broken table may point at the same ligatures again and again: at most a
    // million components are read, about twenty times what a large font has.
    var budget = 1_000_000
    for (first, index) in covered where index < setCount {
      guard let setOffset = u16(offset + 6 + 2 * index) else { return false }
      let set = offset + setOffset
      guard let ligatureCount = u16(set) else { return false }
      for ligature in 0..<ligatureCount {
        guard let relative = u16(set + 2 + 2 * ligature),
          let componentCount = u16(set + relative + 2)
        else { return false }
        budget -= componentCount + 1
        guard budget >= 0 else { return false }
        // The components: the covered first glyph, then componentCount - 1 glyph ids.
        var components = [first]
        for component in 1..<max(componentCount, 1) {
          guard let next = u16(set + relative + 4 + 2 * (component - 1)) else { return false }
          components.append(UInt32(next))
        }
        body(components)
      }
    }
    return true
  }
}
