/// The output of shaping: an item's glyphs in logical order with its font.
///
/// Read by the line breaker (advances) and the positioner (glyphs).
struct ShapedItem {
  var item: TextItem
  var font: ShapingFont
  var glyphs: [ShapedGlyph]
  var isRightToLeft: Bool

  /// Shapes a range of an item: all of it, or the part on one line when a break falls where
  /// HarfBuzz says re-shaping is needed.
  static func shape(
    _ item: TextItem, range: Range<Int>, font: ShapingFont, paragraph: UnsafeBufferPointer<UInt8>,
    language: String?
  ) -> ShapedItem {
    var (glyphs, isRightToLeft) = Shaper.shape(
      paragraph, range: range, font: font, language: language)
    // Character spacing (FXLabel's characterSpacing): added once per cluster, after its last
    // glyph, as a fraction of the size.
    let spacing = Int32((item.attributes.characterSpacing * font.size * 64).rounded())
    if spacing != 0, !glyphs.isEmpty {
      for index in glyphs.indices
      where index == glyphs.count - 1 || glyphs[index + 1].cluster != glyphs[index].cluster {
        glyphs[index].xAdvance += spacing
      }
    }
    return ShapedItem(item: item, font: font, glyphs: glyphs, isRightToLeft: isRightToLeft)
  }

  /// The index of the first glyph whose cluster is at or after `offset` (glyphs are in
  /// increasing cluster order).
  func firstGlyph(atOrAfter offset: Int) -> Int {
    var low = 0
    var high = glyphs.count
    while low < high {
      let middle = (low + high) / 2
      if glyphs[middle].cluster < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
