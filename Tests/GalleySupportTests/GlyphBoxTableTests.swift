import GalleySupport
import Testing

/// The glyph box table behind the fonts' ink boxes: what goes in comes out, through its
/// growth, glyphs without a box included.
@Suite("Glyph box table")
struct GlyphBoxTableTests {

  @Test(arguments: [1, 31, 32, 33, 500, 4096])
  func everyValueInsertedIsFoundAndNoOtherIs(count: Int) {
    var table = GlyphBoxTable()
    // Glyph ids spread out, some colliding on a slot; every third glyph has no box.
    let glyphs = (0..<count).map { UInt32($0 * 37 % 65_521) }
    for glyph in glyphs {
      let box: GlyphBoxTable.Box? =
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

  @Test func anEmptyOrEmptiedTableKnowsNothing() {
    var table = GlyphBoxTable()
    #expect(table[0] == nil)
    table.insert((1, 2, 3, 4), for: 0)
    #expect(table[0]??.width == 3)
    table.removeAll()
    #expect(table[0] == nil && table.count == 0)
  }
}
