import Foundation
import GalleyLayout
import Testing

@testable import GalleyRender

/// The transformed masks' open-addressing table against a dictionary holding the same keys.
@Suite("Transformed mask table")
struct TransformedMaskTableTests {
  static func key(_ number: Int, turn degrees: Double) throws -> TransformedMaskKey {
    let radians = degrees * .pi / 180
    let map = Layout.AffineTransform(
      a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians), tx: 0, ty: 0)
    return TransformedMaskKey(
      key: number, map: try #require(LinearMapKey(map, pixelsPerEm: 13)))
  }

  /// An entry of each kind in turn; masks point nowhere real (the table never reads them).
  static func entry(_ number: Int) throws -> CachedMask {
    switch number % 3 {
    case 0: return .blank
    case 1: return .oversized
    default:
      let pixels = try #require(UnsafeRawPointer(bitPattern: 16 * (number + 1)))
      return .mask(
        GlyphMask(pixels: pixels, width: number % 40, height: 3, left: -number, top: number))
    }
  }

  static func same(_ first: CachedMask?, _ second: CachedMask?) -> Bool {
    switch (first, second) {
    case (nil, nil), (.blank, .blank), (.oversized, .oversized): true
    case (.mask(let one), .mask(let other)):
      one.pixels == other.pixels && one.width == other.width && one.left == other.left
    default: false
    }
  }

  @Test(arguments: [1, 100, 5_000])
  func holdsWhatADictionaryHoldsAcrossGrowth(count: Int) throws {
    let table = TransformedMaskTable()
    var expected: [Int: CachedMask] = [:]
    // Keys 0 (a parallelogram's phases) and up, under turns that collide in their glyph key.
    for number in 0..<count {
      let key = try Self.key(number / 7, turn: Double(number % 7) * 3)
      #expect(table.entry(for: key) == nil)
      table.insert(try Self.entry(number), for: key)
      expected[number] = try Self.entry(number)
    }
    #expect(table.count == count)
    for number in 0..<count {
      let key = try Self.key(number / 7, turn: Double(number % 7) * 3)
      #expect(Self.same(table.entry(for: key), expected[number]))
    }
    #expect(table.entry(for: try Self.key(count, turn: 1)) == nil)
    table.removeAll()
    #expect(table.count == 0)
    #expect(table.entry(for: try Self.key(0, turn: 0)) == nil)
  }
}
