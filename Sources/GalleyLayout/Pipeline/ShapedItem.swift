internal import GalleySupport

/// The output of shaping: an item's glyphs in logical order with its font.
///
/// Read by the line breaker (advances) and line assembly (glyphs).
struct ShapedItem {
  var item: TextItem
  var font: ShapingFont
  var glyphs: [ShapedGlyph]

  /// Whether the item was shaped right to left (its bidi level is odd): its glyphs are in
  /// logical order, and line assembly reverses them.
  var isRightToLeft: Bool { item.level & 1 == 1 }

  /// Shapes a range of an item: all of it, or the part on one line when a break falls where
  /// HarfBuzz says re-shaping is needed.
  static func shape(
    _ item: TextItem, range: Range<Int>, font: ShapingFont, paragraph: UnsafeBufferPointer<UInt8>,
    shaper: Shaper, characterSpacing: Double
  ) -> ShapedItem {
    let glyphs = shaper.shape(
      paragraph, range: range, font: font, isRightToLeft: item.level & 1 == 1)
    return ShapedItem(
      item: item, font: font, spacedGlyphs: glyphs, characterSpacing: characterSpacing)
  }

  /// Shapes consecutive items that share a face, a size and a bidi level in one HarfBuzz call.
  ///
  /// Such items differ only in paint (color, underline, link); each gets its glyphs back. As in
  /// Pango, kerning, ligatures and Arabic joining then work across a color change.
  static func shapeGroup(
    _ items: ArraySlice<TextItem>, font: ShapingFont, paragraph: UnsafeBufferPointer<UInt8>,
    shaper: Shaper, characterSpacing: (TextItem) -> Double
  ) -> [ShapedItem] {
    guard let first = items.first, let last = items.last else { return [] }
    if items.count == 1 {
      return [
        shape(
          first, range: first.utf8Range, font: font, paragraph: paragraph, shaper: shaper,
          characterSpacing: characterSpacing(first))
      ]
    }
    let glyphs = shaper.shape(
      paragraph, range: first.utf8Range.lowerBound..<last.utf8Range.upperBound, font: font,
      isRightToLeft: first.level & 1 == 1)
    var shaped: [ShapedItem] = []
    shaped.reserveCapacity(items.count)
    var next = 0
    for item in items {
      let start = next
      while next < glyphs.count, glyphs[next].cluster < item.utf8Range.upperBound { next += 1 }
      shaped.append(
        ShapedItem(
          item: item, font: font, spacedGlyphs: Array(glyphs[start..<next]),
          characterSpacing: characterSpacing(item)))
    }
    return shaped
  }

  /// Wraps glyphs, adding character spacing (FXLabel's characterSpacing) once per cluster,
  /// after its last glyph, as a fraction of the size.
  init(
    item: TextItem, font: ShapingFont, spacedGlyphs glyphs: [ShapedGlyph],
    characterSpacing: Double
  ) {
    self.item = item
    self.font = font
    self.glyphs = glyphs
    let spacing = Int32((characterSpacing * font.size * 64).rounded())
    if spacing != 0 { addSpacing { _ in spacing } }
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
