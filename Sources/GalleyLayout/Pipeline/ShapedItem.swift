internal import GalleySupport

/// The output of shaping: an item's glyphs in logical order with its font and features.
///
/// Read by the line breaker (advances) and line assembly (glyphs).
struct ShapedItem {
  var item: TextItem
  var font: ShapingFont
  var glyphs: [ShapedGlyph]
  /// The number of the OpenType features the item was shaped with in the layout's lists.
  ///
  /// The features are the layout's, letter spacing's and its span's (``Shaping/featureLists``);
  /// 0 stands for the font's defaults. A number, so that copying an item costs no reference
  /// counting.
  var featuresIndex: Int32

  /// Whether the item was shaped right to left (its bidi level is odd): its glyphs are in
  /// logical order, and line assembly reverses them.
  var isRightToLeft: Bool { item.level & 1 == 1 }

  /// What shaping needs of an item besides its text and font: its features and the character
  /// spacing added after each of its clusters.
  struct Shaping {
    var features: ShapingFeatures?
    /// The features' number in the layout's lists.
    var featuresIndex: Int32
    var characterSpacing: Double
    /// The item's language (its span's, else the layout's); items of one shaping call share
    /// it.
    var language: ShapingLanguage
  }

  /// Shapes a range of an item: all of it, or the part on one line when a break falls where
  /// HarfBuzz says re-shaping is needed.
  static func shape(
    _ item: TextItem, range: Range<Int>, font: ShapingFont, paragraph: UnsafeBufferPointer<UInt8>,
    shaper: Shaper, shaping: Shaping
  ) -> ShapedItem {
    let glyphs = shaper.shape(
      paragraph, range: range, font: font, isRightToLeft: item.level & 1 == 1,
      features: shaping.features, language: shaping.language)
    return ShapedItem(
      item: item, font: font, spacedGlyphs: glyphs, shaping: shaping, paragraph: paragraph)
  }

  /// Shapes consecutive items that share a face, a size and a bidi level in one HarfBuzz call.
  ///
  /// Such items differ only in paint (color, underline, link), in features and in spacing;
  /// each gets its glyphs back. As in Pango, kerning, ligatures and Arabic joining then work
  /// across a color change; items of different features take them as ranges of the one
  /// buffer (``ShapingFeatures/ranged(_:)``), so they work across a feature change too where
  /// the features allow it. A glyph that several items' characters make (a ligature) goes to
  /// the item of its first character, and is drawn in that item's color.
  static func shapeGroup(
    _ items: ArraySlice<TextItem>, font: ShapingFont, paragraph: UnsafeBufferPointer<UInt8>,
    shaper: Shaper, shaping: (TextItem) -> Shaping
  ) -> [ShapedItem] {
    guard let first = items.first, let last = items.last else { return [] }
    let firstShaping = shaping(first)
    if items.count == 1 {
      return [
        shape(
          first, range: first.utf8Range, font: font, paragraph: paragraph, shaper: shaper,
          shaping: firstShaping)
      ]
    }
    // Items mostly share their features: the shaping of each is found again below rather
    // than kept, which saves an array per group.
    let sameFeatures = items.dropFirst().allSatisfy {
      shaping($0).featuresIndex == firstShaping.featuresIndex
    }
    let features =
      sameFeatures
      ? firstShaping.features
      : ShapingFeatures.ranged(items.map { (features: shaping($0).features, range: $0.utf8Range) })
    let glyphs = shaper.shape(
      paragraph, range: first.utf8Range.lowerBound..<last.utf8Range.upperBound, font: font,
      isRightToLeft: first.level & 1 == 1, features: features, language: firstShaping.language)
    var shaped: [ShapedItem] = []
    shaped.reserveCapacity(items.count)
    var next = 0
    for item in items {
      let itemShaping = shaping(item)
      let start = next
      while next < glyphs.count, glyphs[next].cluster < item.utf8Range.upperBound { next += 1 }
      shaped.append(
        ShapedItem(
          item: item, font: font, spacedGlyphs: Array(glyphs[start..<next]),
          shaping: itemShaping, paragraph: paragraph))
    }
    return shaped
  }

  /// Wraps glyphs, adding character spacing (FXLabel's characterSpacing) once per cluster,
  /// after its last glyph, as a fraction of the size; clusters of cursive scripts get none
  /// (``CursiveScripts``).
  init(
    item: TextItem, font: ShapingFont, spacedGlyphs glyphs: [ShapedGlyph], shaping: Shaping,
    paragraph: UnsafeBufferPointer<UInt8>
  ) {
    self.item = item
    self.font = font
    self.glyphs = glyphs
    featuresIndex = shaping.featuresIndex
    let spacing = Int32((shaping.characterSpacing * font.size * 64).rounded())
    if spacing != 0 {
      addSpacing { CursiveScripts.isCursive(paragraph, at: $0) ? 0 : spacing }
    }
  }

  /// Adds space after each cluster, to its last glyph.
  ///
  /// - Parameter spacing: The space (26.6) after the cluster that starts at a UTF-8 offset.
  mutating func addSpacing(_ spacing: (Int) -> Int32) {
    for index in glyphs.indices
    where index == glyphs.count - 1 || glyphs[index + 1].cluster != glyphs[index].cluster {
      glyphs[index].xAdvance += spacing(glyphs[index].cluster)
    }
  }

  /// The index of the first glyph whose cluster is at or after `offset` (glyphs are in
  /// increasing cluster order).
  func firstGlyph(atOrAfter offset: Int) -> Int {
    glyphs.partitioningIndex { $0.cluster >= offset }
  }
}
