import Testing

@testable import GalleyLayout

/// The ink-box table behind ``ShapingFont/inkBoxes(of:)``: what goes in comes out, through
/// its growth, for glyphs with ink and without.
@Suite("Glyph ink table")
struct GlyphInkTableTests {
  @Test(arguments: [1, 31, 32, 33, 500, 4096])
  func everyBoxInsertedIsFoundAndNoOtherIs(count: Int) {
    var table = GlyphInkTable()
    // Glyph ids spread out, some colliding on a slot; every third glyph has no ink.
    let glyphs = (0..<count).map { UInt32($0 * 37 % 65_521) }
    for glyph in glyphs {
      let box: GlyphInkTable.Box? =
        glyph % 3 == 0 ? nil : (Double(glyph), -Double(glyph) / 2, 1, 2)
      table.insert(box, for: glyph)
      // A second insert of a known glyph changes nothing.
      table.insert((0, 0, 0, 0), for: glyph)
    }
    #expect(table.count == Set(glyphs).count)
    for glyph in glyphs {
      let found = table[glyph]
      if glyph % 3 == 0 {
        #expect(found.map { $0 == nil } == true)
      } else {
        #expect(found??.x == Double(glyph) && found??.y == -Double(glyph) / 2)
      }
    }
    #expect(table[65_530] == nil)
    #expect(table[UInt32.max] == nil)
  }

  @Test func anEmptyTableKnowsNothing() {
    #expect(GlyphInkTable()[0] == nil)
  }
}
