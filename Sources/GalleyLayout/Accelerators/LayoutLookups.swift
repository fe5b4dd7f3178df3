/// Reads the lookup list of a face's `GSUB` or `GPOS` table: each lookup's type, flags and
/// subtables, and the coverage tables inside them.
///
/// HarfBuzz's public API collects a lookup's glyphs but does not say which lookup type they
/// come from, at which glyph a lookup starts, or in what order a ligature takes them. The word
/// cache needs the ligatures to tell one that starts with the space (DejaVu Sans' spacing
/// Arabic harakat: space + fatha) from a lookup that reaches across any space
/// (``addGlyphs(after:inSubtable:to:)``); pair shaping needs the glyphs each lookup starts at
/// (``LayoutLookups/triggers(of:)``). Every offset is checked against the table's length and
/// the work is bounded: a malformed table gives `nil` (or `false`), and the caller shapes with
/// HarfBuzz alone.
struct LayoutLookups {
  /// The table's bytes.
  let table: UnsafeRawBufferPointer
  /// Whether the table is `GPOS` (whose extension lookup type is 9) rather than `GSUB` (7).
  var isPositioning = false

  /// The lookup type of a ligature substitution.
  static let ligatureType = 4

  /// The lookup type of an extension, which points at a subtable of another type.
  var extensionType: Int { isPositioning ? 9 : 7 }

  /// A big-endian 16-bit number at `offset`, or `nil` past the end.
  func u16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= table.count else { return nil }
    return Int(table[offset]) << 8 | Int(table[offset + 1])
  }

  /// A big-endian 32-bit number at `offset`, or `nil` past the end.
  private func u32(_ offset: Int) -> Int? {
    guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
    return high << 16 | low
  }

  /// The type and flags of lookup `index` and the offsets of its subtables in the table (an
  /// extension's own subtables followed), or `nil` when the table is malformed.
  func lookup(_ index: Int) -> (type: Int, flags: Int, subtables: [Int])? {
    guard let listOffset = u16(8), let count = u16(listOffset), index < count,
      let relative = u16(listOffset + 2 + 2 * index)
    else { return nil }
    let lookup = listOffset + relative
    guard let declared = u16(lookup), let flags = u16(lookup + 2),
      let subtableCount = u16(lookup + 4)
    else { return nil }
    var type = declared
    var subtables: [Int] = []
    for subtable in 0..<subtableCount {
      guard let relative = u16(lookup + 6 + 2 * subtable) else { return nil }
      var offset = lookup + relative
      if declared == extensionType {
        // Every extension subtable of a lookup has the same type.
        guard u16(offset) == 1, let inner = u16(offset + 2), let extended = u32(offset + 4),
          subtable == 0 || inner == type
        else { return nil }
        type = inner
        offset += extended
      }
      subtables.append(offset)
    }
    return (type, flags, subtables)
  }

  /// The glyphs of a coverage table, each with its coverage index, or `nil` when malformed.
  func coverage(at offset: Int) -> [(glyph: UInt32, index: Int)]? {
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
}
