internal import CHarfBuzz

extension ShapingFace {
  /// Where Latin and Common runs of this face (or, with `rightToLeft`, Hebrew and Arabic runs)
  /// may be cut into words that shape alone as they do inside the run, with the default lookups
  /// and those of the features `added`.
  ///
  /// Words shape alone when no lookup HarfBuzz applies to such text by default (the features it
  /// turns on for horizontal text, in the `latn`, `DFLT` and `dflt` scripts, or `hebr` and
  /// `arab` with the Arabic joining features, any language) involves the space glyph before, in
  /// or after its input; when no legacy `kern` table applies; and when there are no AAT tables,
  /// which HarfBuzz would use instead. DejaVu's fonts pass for Latin; Lato and Liberation Sans,
  /// which kern pairs with the space, do not.
  ///
  /// Where the only such lookups are ligatures, a word may still start anywhere but before a
  /// glyph that follows the space in one of them: DejaVu Sans makes the spacing forms of the
  /// Arabic harakat from a space and a haraka, so its Arabic words are cut everywhere but
  /// before a haraka.
  ///
  /// Collecting the lookups' glyphs takes a few milliseconds, so it is done once per face, on
  /// first use. The corresponding C functions are `hb_ot_layout_collect_lookups`,
  /// `hb_ot_layout_lookup_collect_glyphs`, `hb_ot_layout_table_get_feature_tags`,
  /// `hb_face_reference_table` and `hb_aat_layout_has_substitution`.
  static func checkWordSplitting(
    _ face: OpaquePointer, rightToLeft: Bool = false, adding added: [UInt32] = []
  ) -> WordSplitting {
    guard shapesWithOpenTypeLookupsAlone(face) else { return .never }
    guard let font = hb_font_create(face) else { return .never }
    defer { hb_font_destroy(font) }
    hb_ot_font_set_funcs(font)
    var space: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return .everywhere }
    guard
      let following = glyphsFollowingSpace(
        face, space: space, rightToLeft: rightToLeft, adding: added)
    else { return .never }
    guard !following.isEmpty else { return .everywhere }
    return .exceptBefore(
      WordStarts { scalar in
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 && following.contains(glyph)
      })
  }

  /// The glyphs that follow the space in the face's default ligatures for the scripts, or
  /// `nil` when a lookup other than a ligature involves the space (or the table is malformed).
  private static func glyphsFollowingSpace(
    _ face: OpaquePointer, space: hb_codepoint_t, rightToLeft: Bool, adding added: [UInt32]
  ) -> Set<UInt32>? {
    guard
      let gposLookups = defaultLookups(
        face, table: tag("GPOS"), rightToLeft: rightToLeft, adding: added),
      let gsubLookups = defaultLookups(
        face, table: tag("GSUB"), rightToLeft: rightToLeft, adding: added)
    else { return nil }
    guard let gpos = lookupsInvolving(space, face, table: tag("GPOS"), gposLookups),
      gpos.isEmpty,
      let gsub = lookupsInvolving(space, face, table: tag("GSUB"), gsubLookups)
    else { return nil }
    guard !gsub.isEmpty else { return [] }
    let blob = hb_face_reference_table(face, tag("GSUB"))
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length) else { return nil }
    let ligatures = LayoutLookups(table: UnsafeRawBufferPointer(start: data, count: Int(length)))
    var following: Set<UInt32> = []
    for index in gsub {
      guard let lookup = ligatures.lookup(index), lookup.type == LayoutLookups.ligatureType
      else { return nil }
      for subtable in lookup.subtables {
        guard ligatures.addGlyphs(after: space, inSubtable: subtable, to: &following) else {
          return nil
        }
      }
    }
    return following
  }

  /// The indices of the lookups among `lookups` (of `table`) whose glyphs (before, in or after
  /// the input) include `glyph`; `nil` when HarfBuzz cannot make a set.
  private static func lookupsInvolving(
    _ glyph: hb_codepoint_t, _ face: OpaquePointer, table: hb_tag_t, _ lookups: [UInt32]
  ) -> [Int]? {
    guard let before = hb_set_create(), let input = hb_set_create(), let after = hb_set_create()
    else { return nil }
    defer {
      hb_set_destroy(before)
      hb_set_destroy(input)
      hb_set_destroy(after)
    }
    var involving: [Int] = []
    for lookup in lookups {
      hb_set_clear(before)
      hb_set_clear(input)
      hb_set_clear(after)
      hb_ot_layout_lookup_collect_glyphs(face, table, lookup, before, input, after, nil)
      if hb_set_has(before, glyph) != 0 || hb_set_has(input, glyph) != 0
        || hb_set_has(after, glyph) != 0
      {
        involving.append(Int(lookup))
      }
    }
    return involving
  }
}
