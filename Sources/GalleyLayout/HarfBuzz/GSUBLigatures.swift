/// Reads the ligature lookups of a face's `GSUB` table: which glyphs follow a given glyph
/// inside a ligature.
///
/// HarfBuzz's public API collects a lookup's glyphs but does not say which lookup type they
/// come from or in what order a ligature takes them; the word cache needs both to tell a
/// ligature that starts with the space (DejaVu Sans' spacing Arabic harakat: space + fatha)
/// from a lookup that reaches across any space. Every offset is checked against the table's
/// length and the work is bounded: a malformed table gives `nil` (or `false`), and the caller
/// shapes runs whole.
struct GSUBLigatures {
  /// The `GSUB` table's bytes.
  let table: UnsafeRawBufferPointer

  /// The lookup type of a ligature substitution.
  static let ligatureType = 4
  /// The lookup type of an extension, which points at a subtable of another type.
  static let extensionType = 7

  /// A big-endian 16-bit number at `offset`, or `nil` past the end.
  private func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= table.count else { return nil }
    return Int(table[offset]) << 8 | Int(table[offset + 1])
  }

  /// A big-endian 32-bit number at `offset`, or `nil` past the end.
  private func u32(_ offset: Int) -> Int? {
    guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
    return high << 16 | low
  }

  /// The type of lookup `index` and the offsets of its subtables in the table (an extension's
  /// own subtables followed), or `nil` when the table is malformed.
  func lookup(_ index: Int) -> (type: Int, subtables: [Int])? {
    guard let listOffset = u16(8), let count = u16(listOffset), index < count,
      let relative = u16(listOffset + 2 + 2 * index)
    else { return nil }
    let lookup = listOffset + relative
    guard let declared = u16(lookup), let subtableCount = u16(lookup + 4) else { return nil }
    var type = declared
    var subtables: [Int] = []
    for subtable in 0..<subtableCount {
      guard let relative = u16(lookup + 6 + 2 * subtable) else { return nil }
      var offset = lookup + relative
      if declared == Self.extensionType {
        // Every extension subtable of a lookup has the same type.
        guard u16(offset) == 1, let inner = u16(offset + 2), let extended = u32(offset + 4),
          subtable == 0 || inner == type
        else { return nil }
        type = inner
        offset += extended
      }
      subtables.append(offset)
    }
    return (type, subtables)
  }

  /// The glyphs of a coverage table, each with its coverage index, or `nil` when malformed.
  private func coverage(at offset: Int) -> [(glyph: UInt32, index: Int)]? {
    guard let format = u16(offset), let count = u16(offset + 2) else { return nil }
    var glyphs: [(glyph: UInt32, index: Int)] = []
    switch format {
    case 1:
      for index in 0..<count {
        guard let glyph = u16(offset + 4 + 2 * index) else { return nil }
        glyphs.append((UInt32(glyph), index))
      }
    case 2:
      for range in 0..<count {
        let record = offset + 4 + 6 * range
        guard let start = u16(record), let end = u16(record + 2), let first = u16(record + 4),
          start <= end
        else { return nil }
        // Ranges may overlap in a broken table: no more entries than there are glyph ids.
        guard glyphs.count + end - start < 65_536 else { return nil }
        for glyph in start...end { glyphs.append((UInt32(glyph), first + glyph - start)) }
      }
    default: return nil
    }
    return glyphs
  }

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
