internal import CHarfBuzz

extension ShapingFace {
  /// Whether HarfBuzz shapes text in this face with its OpenType lookups (and the nominal
  /// glyphs and advances) alone: no AAT tables (`morx`, `kerx`, `trak`), which it would use
  /// instead; no Graphite tables (`Silf`), whose shaper comes first; and no legacy `kern`
  /// table that applies (it does when the `GPOS` language system HarfBuzz picks has no `kern`
  /// feature, and HarfBuzz then splits each pair's kerning between both glyphs).
  ///
  /// And whether a glyph's shape depends on nothing but its text: a face with a `rand`
  /// feature (random alternates, which HarfBuzz turns on by default) fails, since HarfBuzz's
  /// random state runs through the whole buffer, so a word shaped alone or from pairs gets other
  /// alternates than inside its run.
  ///
  /// The word cache and pair shaping reason about those lookups; a face that fails this is
  /// shaped with HarfBuzz alone.
  static func shapesWithOpenTypeLookupsAlone(_ face: OpaquePointer) -> Bool {
    if hb_aat_layout_has_substitution(face) != 0 || hb_aat_layout_has_positioning(face) != 0
      || hb_aat_layout_has_tracking(face) != 0 || hasTable(face, tag("Silf"))
      || hasFeature(face, table: tag("GSUB"), tag("rand"))
    {
      return false
    }
    return !hasTable(face, tag("kern")) || kernsInEveryLanguage(face)
  }

  /// Whether `table` (`GSUB` or `GPOS`) has a feature `feature` in any script and language.
  private static func hasFeature(
    _ face: OpaquePointer, table: hb_tag_t, _ feature: hb_tag_t
  ) -> Bool {
    let count = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
    guard count > 0 else { return false }
    var tags = [hb_tag_t](repeating: 0, count: Int(count))
    var read = count
    hb_ot_layout_table_get_feature_tags(face, table, 0, &read, &tags)
    return tags.prefix(Int(read)).contains(feature)
  }

  /// Whether every language system HarfBuzz may pick in `GPOS` for Latin and Common runs (in
  /// the first of `latn`, `DFLT` and `dflt` the table has, and the first of `DFLT`, `dflt` and
  /// `latn`), the default one and each language's, has the `kern` feature.
  private static func kernsInEveryLanguage(_ face: OpaquePointer) -> Bool {
    let table = tag("GPOS")
    for order in [["latn", "DFLT", "dflt"], ["DFLT", "dflt", "latn"]] {
      var scriptIndex: UInt32 = 0
      // HarfBuzz takes the first script of the order the table has.
      guard
        order.contains(where: {
          hb_ot_layout_table_find_script(face, table, tag($0), &scriptIndex) != 0
        })
      else { return false }
      let languageCount = hb_ot_layout_script_get_language_tags(
        face, table, scriptIndex, 0, nil, nil)
      for language in [0xFFFF] + Array(0..<languageCount) {
        var featureIndex: UInt32 = 0
        guard
          hb_ot_layout_language_find_feature(
            face, table, scriptIndex, language, tag("kern"), &featureIndex) != 0
        else { return false }
      }
    }
    return true
  }

  /// HarfBuzz's default features for horizontal text in either direction, with the four
  /// private ones it turns on too (`Harf` and `HARF` before the others, `Buzz` and `BUZZ`
  /// after them): their lookups are in every analysis, so a user's list that turns one on
  /// adds none.
  static let defaultFeatureTags = [
    "rvrn", "abvm", "blwm", "ccmp", "locl", "mark", "mkmk", "rlig", "calt", "clig", "curs",
    "dist", "kern", "liga", "rclt", "rand", "trak", "Harf", "HARF", "Buzz", "BUZZ",
  ].map(tag)

  /// The lookups of `table` (`GSUB` or `GPOS`) that HarfBuzz may apply to horizontal text by
  /// default, sorted: those of the features it turns on (and the required features) in the
  /// `latn`, `DFLT` and `dflt` scripts, or with `rightToLeft`, `hebr` and `arab` with the
  /// Arabic joining features, for any language, and those of the features `added` (a user's,
  /// turned on); `nil` when HarfBuzz cannot make a set.
  ///
  /// A superset of any one shaping plan's lookups for those scripts and features: HarfBuzz
  /// picks one script and language system among these, a user's feature turned off only
  /// removes lookups, and HarfBuzz turns `frac`, `numr` and `dnom` on by itself only around
  /// U+2044, which neither cache takes.
  static func defaultLookups(
    _ face: OpaquePointer, table: hb_tag_t, rightToLeft: Bool, adding added: [UInt32] = []
  ) -> [UInt32]? {
    let scripts = (rightToLeft ? ["hebr", "arab", "DFLT", "dflt"] : ["latn", "DFLT", "dflt"])
      .map(tag)
    let directional =
      rightToLeft
      ? ["rtla", "rtlm", "isol", "fina", "fin2", "fin3", "medi", "med2", "init", "mset", "stch"]
      : ["ltra", "ltrm"]
    let features =
      defaultFeatureTags + directional.map(tag) + added
      + requiredFeatures(face, table: table, scripts) + [0]
    guard let lookups = hb_set_create() else { return nil }
    defer { hb_set_destroy(lookups) }
    hb_ot_layout_collect_lookups(face, table, scripts + [0], nil, features, lookups)
    var indices: [UInt32] = []
    var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
    while hb_set_next(lookups, &lookup) != 0 { indices.append(lookup) }
    return indices
  }

  /// The tags of the required features of every language system of `scripts` in `table`
  /// (a language system may name one feature that applies whatever is asked).
  private static func requiredFeatures(
    _ face: OpaquePointer, table: hb_tag_t, _ scripts: [hb_tag_t]
  ) -> [hb_tag_t] {
    var required: [hb_tag_t] = []
    for script in scripts {
      var scriptIndex: UInt32 = 0
      guard hb_ot_layout_table_find_script(face, table, script, &scriptIndex) != 0 else {
        continue
      }
      let languageCount = hb_ot_layout_script_get_language_tags(
        face, table, scriptIndex, 0, nil, nil)
      // The default language system (0xFFFF) and each named one.
      for language in [0xFFFF] + Array(0..<languageCount) {
        var featureIndex: UInt32 = 0
        var featureTag: hb_tag_t = 0
        if hb_ot_layout_language_get_required_feature(
          face, table, scriptIndex, language, &featureIndex, &featureTag) != 0
        {
          required.append(featureTag)
        }
      }
    }
    return required
  }

  /// Whether the face has a table `tag` with some bytes.
  private static func hasTable(_ face: OpaquePointer, _ tag: hb_tag_t) -> Bool {
    let blob = hb_face_reference_table(face, tag)
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob) > 0
  }

  /// An OpenType tag from its four ASCII letters (HarfBuzz's `HB_TAG` macro).
  static func tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
  }
}
