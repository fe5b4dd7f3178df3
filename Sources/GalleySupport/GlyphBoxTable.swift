/// Glyph boxes by glyph id, for the fonts' ink boxes (HarfBuzz's in layout, cairo's in
/// drawing).
///
/// An open-addressing table (multiplicative hash, linear probing) kept at most half full, so
/// a lookup is a few instructions where a dictionary's hashing takes hundreds.
package struct GlyphBoxTable: Sendable {
  /// A glyph's box relative to its origin (y down).
  package typealias Box = (x: Double, y: Double, width: Double, height: Double)

  /// A slot: its glyph (``empty`` for none) and the glyph's box (`nil` for a glyph without
  /// one).
  private struct Slot: Sendable {
    var glyph: UInt32
    var box: Box?
  }

  /// The glyph id no slot holds: glyph ids are 16-bit.
  private static let empty = UInt32.max
  private var slots: [Slot] = []
  /// The glyphs held.
  package private(set) var count = 0

  /// An empty table.
  package init() {}

  /// The box of `glyph`: `.some(nil)` for a glyph held without a box, `nil` when the table
  /// does not hold it.
  package subscript(glyph: UInt32) -> Box?? {
    guard !slots.isEmpty, glyph != Self.empty else { return nil }
    var index = Self.slot(of: glyph, in: slots.count)
    while slots[index].glyph != Self.empty {
      if slots[index].glyph == glyph { return .some(slots[index].box) }
      index = (index + 1) & (slots.count - 1)
    }
    return nil
  }

  /// Remembers the box of a glyph not held yet (a glyph held keeps its box).
  package mutating func insert(_ box: Box?, for glyph: UInt32) {
    guard glyph != Self.empty else { return }
    if (count + 1) * 2 > slots.count { grow() }
    var index = Self.slot(of: glyph, in: slots.count)
    while slots[index].glyph != Self.empty {
      if slots[index].glyph == glyph { return }
      index = (index + 1) & (slots.count - 1)
    }
    slots[index] = Slot(glyph: glyph, box: box)
    count += 1
  }

  /// Forgets every box.
  package mutating func removeAll() {
    slots = []
    count = 0
  }

  /// Doubles the slots (64 at first) and places every box again.
  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(glyph: Self.empty, box: nil), count: max(64, old.count * 2))
    count = 0
    for slot in old where slot.glyph != Self.empty { insert(slot.box, for: slot.glyph) }
  }

  /// The first slot to look in for `glyph`, among a power of two.
  private static func slot(of glyph: UInt32, in count: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(glyph) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (count - 1)
  }
}
