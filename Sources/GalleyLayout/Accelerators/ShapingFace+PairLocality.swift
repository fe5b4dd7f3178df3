internal import CHarfBuzz

extension ShapingFace {
  /// The characters of ``PairAlphabet`` whose shaping in this face, for left-to-right Latin
  /// and Common runs, depends on each pair of neighbours alone, so that ``PairShapes`` may put
  /// a run together from pairs shaped once; and the pairs of them that start a ligature.
  ///
  /// A character is a member when the face maps it to a glyph (not `.notdef`), `GDEF` does
  /// not class that glyph as a mark, ligature or component, and no default lookup (see
  /// ``defaultLookups(_:table:rightToLeft:adding:)``, with the lookups of the features `added`)
  /// can start at it but single adjustments, pair
  /// adjustments that leave the pair's second glyph alone and skip no base glyph, and
  /// ligatures of two glyphs or more that skip no base glyph. Those ligatures' first two
  /// glyphs are kept apart (``PairLocality/ligatureStarts``). Then HarfBuzz substitutes
  /// nothing in a run of members without such a pair, and each glyph's position is its
  /// advance plus what the pairs it starts add: HarfBuzz's result for the pair (this glyph,
  /// the next), whatever comes before. The face must also be shaped with its OpenType lookups
  /// alone (``shapesWithOpenTypeLookupsAlone(_:)``).
  ///
  /// For DejaVu Sans that is every character but the soft hyphen, with `ff`, `fi` and `fl`
  /// kept apart. A malformed table gives no member: HarfBuzz shapes everything. The
  /// corresponding C functions are `hb_font_get_nominal_glyph`,
  /// `hb_ot_layout_get_glyph_class` and `hb_face_reference_table`.
  static func checkPairLocality(_ face: OpaquePointer, adding added: [UInt32] = [])
    -> PairLocality
  {
    guard shapesWithOpenTypeLookupsAlone(face), let font = hb_font_create(face) else {
      return PairLocality()
    }
    defer { hb_font_destroy(font) }
    hb_ot_font_set_funcs(font)
    // The alphabet's glyphs, each with the characters that map to it.
    var candidates: [UInt32: [Int]] = [:]
    for index in 0..<PairAlphabet.count where PairAlphabet.scalar(index) != 0xAD {
      var glyph: hb_codepoint_t = 0
      guard hb_font_get_nominal_glyph(font, PairAlphabet.scalar(index), &glyph) != 0,
        glyph != 0
      else { continue }
      let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
      guard
        glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED
          || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
      else { continue }
      candidates[glyph, default: []].append(index)
    }
    var ligatures: [(first: UInt32, second: UInt32)] = []
    guard
      removeTriggers(
        face, positioning: false, adding: added, from: &candidates, ligatures: &ligatures),
      removeTriggers(
        face, positioning: true, adding: added, from: &candidates, ligatures: &ligatures)
    else { return PairLocality() }
    var locality = PairLocality()
    for indices in candidates.values {
      for index in indices { locality.members.insert(index) }
    }
    for (first, second) in ligatures {
      for start in candidates[first] ?? [] {
        for next in candidates[second] ?? [] {
          locality.ligatureStarts.insert(PairKey(first: start, second: next))
          locality.ligatureFirsts.insert(start)
        }
      }
    }
    return locality
  }

  /// Removes from `candidates` the glyphs at which a default lookup of `GSUB` (or, with
  /// `positioning`, of `GPOS`) can start, but the adjustments pair shaping reproduces and the
  /// ligatures whose first two glyphs it can keep apart (added to `ligatures`).
  ///
  /// - Returns: `false` when a lookup cannot be read.
  private static func removeTriggers(
    _ face: OpaquePointer, positioning: Bool, adding added: [UInt32],
    from candidates: inout [UInt32: [Int]], ligatures: inout [(first: UInt32, second: UInt32)]
  ) -> Bool {
    let tableTag = tag(positioning ? "GPOS" : "GSUB")
    guard
      let indices = defaultLookups(face, table: tableTag, rightToLeft: false, adding: added)
    else { return false }
    guard !indices.isEmpty else { return true }
    let blob = hb_face_reference_table(face, tableTag)
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length) else { return false }
    let lookups = LayoutLookups(
      table: UnsafeRawBufferPointer(start: data, count: Int(length)), isPositioning: positioning)
    for index in indices {
      guard let lookup = lookups.lookup(Int(index)) else { return false }
      for subtable in lookup.subtables {
        if positioning && isPairLocal(lookup, subtable, in: lookups) { continue }
        // A ligature that skips no base glyph forms only where its first two glyphs touch.
        if !positioning, lookup.type == LayoutLookups.ligatureType, lookup.flags & 2 == 0,
          let starts = lookups.ligatureStarts(inSubtable: subtable)
        {
          for start in starts where candidates[start.first] != nil {
            if let second = start.second {
              ligatures.append((start.first, second))
            } else {
              candidates[start.first] = nil
            }
          }
          continue
        }
        // A sequence that needs a glyph no member has never matches a run of members.
        if let sequence = lookups.sequenceCoverages(ofSubtable: subtable, type: lookup.type),
          sequence.contains(where: { coverage in !coverage.contains { candidates[$0] != nil } })
        {
          continue
        }
        // Rules are read only for contextual lookups (GSUB 5 and 6, GPOS 7 and 8).
        let isContextual =
          lookup.type == (positioning ? 7 : 5) || lookup.type == (positioning ? 8 : 6)
        let possible =
          isContextual
          ? lookups.possibleTriggers(
            ofSubtable: subtable, type: lookup.type, allowed: Set(candidates.keys)) : nil
        guard let triggers = possible ?? lookups.triggers(ofSubtable: subtable, type: lookup.type)
        else { return false }
        for glyph in triggers { candidates[glyph] = nil }
      }
    }
    return true
  }

  /// Whether a `GPOS` subtable adjusts each glyph from that glyph and the next alone: a single
  /// adjustment, or a pair adjustment of the first glyph only in a lookup that skips no base
  /// glyph (`IgnoreBaseGlyphs`, flag 2, would make pairs of glyphs that are not neighbours).
  private static func isPairLocal(
    _ lookup: (type: Int, flags: Int, subtables: [Int]), _ subtable: Int,
    in lookups: LayoutLookups
  ) -> Bool {
    switch lookup.type {
    case 1: return true
    case 2:
      return lookup.flags & 2 == 0 && lookups.secondValueFormat(ofPairSubtable: subtable) == 0
    default: return false
    }
  }
}
