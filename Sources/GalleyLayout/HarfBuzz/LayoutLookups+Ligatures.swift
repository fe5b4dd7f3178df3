extension LayoutLookups {
  /// Adds to `following` every glyph that comes right after `glyph` in a ligature of the
  /// ligature substitution subtable at `offset`.
  ///
  /// - Returns: `false` when the subtable is malformed.
  func addGlyphs(
    after glyph: UInt32, inSubtable offset: Int, to following: inout Set<UInt32>
  ) -> Bool {
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
        var previous = first
        for component in 1..<max(componentCount, 1) {
          guard let next = u16(set + relative + 4 + 2 * (component - 1)) else { return false }
          if previous == glyph { following.insert(UInt32(next)) }
          previous = UInt32(next)
        }
      }
    }
    return true
  }
}
