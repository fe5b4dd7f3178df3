import CHarfBuzz
import GalleyStyle
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Feature lists HarfBuzz must not keep (ranges of one buffer, lists past the interning
/// limit) shape through ``ShapingPlans``: kept per font up to its limit, or made for the call,
/// always with exactly `hb_shape`'s glyphs and positions.
@Suite("Shaping plans")
struct ShapingPlansTests {
  /// A glyph as HarfBuzz leaves it: id, cluster, advance and offsets.
  struct Glyph: Equatable {
    var id: UInt32
    var cluster: UInt32
    var advance: Int32
    var x: Int32
    var y: Int32
  }

  /// `text` shaped whole in `font` with `features`, by `shape` on a buffer prepared as the
  /// reference path prepares it.
  static func glyphs(
    _ text: String, font: ShapingFont, features: [hb_feature_t],
    shape: (OpaquePointer, UnsafeBufferPointer<hb_feature_t>) -> Void
  ) -> [Glyph] {
    let buffer = hb_buffer_create().unsafelyUnwrapped
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
    hb_buffer_guess_segment_properties(buffer)
    features.withUnsafeBufferPointer { shape(buffer, $0) }
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    return (0..<Int(count)).map { index in
      let info = infos.unsafelyUnwrapped[index]
      let position = positions.unsafelyUnwrapped[index]
      return Glyph(
        id: info.codepoint, cluster: info.cluster, advance: position.x_advance,
        x: position.x_offset, y: position.y_offset)
    }
  }

  static func font(_ path: String) throws -> ShapingFont {
    let face = try #require(ShapingFace(file: HermeticFonts.fontPath(path), index: 0))
    return ShapingFont(face: face, size: 13, namedInstance: 0)
  }

  static func feature(_ tag: String, _ value: UInt32, _ range: Range<Int>?) -> hb_feature_t {
    let tag = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard let range else { return hb_feature_t(tag: tag, value: value, start: 0, end: .max) }
    return hb_feature_t(
      tag: tag, value: value, start: UInt32(range.lowerBound), end: UInt32(range.upperBound))
  }

  /// Feature lists of every kind, in fonts with ligatures, kerning, small capitals and
  /// contextual alternates.
  static let cases: [(font: String, text: String, features: [hb_feature_t])] = [
    ("dejavu/DejaVuSans.ttf", "office AVA fly", [feature("liga", 0, 2..<4)]),
    (
      "dejavu/DejaVuSans.ttf", "office AVA fly",
      [feature("kern", 0, 7..<9), feature("liga", 0, nil)]
    ),
    (
      "noto/NotoSans-Regular.ttf", "Office 1/2",
      [feature("smcp", 1, 0..<3), feature("frac", 1, 7..<10)]
    ),
    ("lato/Lato-Regular.ttf", "Wave office", [feature("ss01", 1, nil)]),
    ("firacode/FiraCode-Regular.ttf", "a -> b != c", [feature("calt", 0, 2..<4)]),
  ]

  @Test(arguments: 0..<cases.count)
  func keptAndOneTimePlansShapeAsHarfBuzz(index: Int) throws {
    let (path, text, features) = Self.cases[index]
    let font = try Self.font(path)
    let reference = Self.glyphs(text, font: font, features: features) { buffer, values in
      hb_shape(font.handle, buffer, values.baseAddress, UInt32(values.count))
    }
    let plans = ShapingPlans()
    for _ in 0..<2 {
      let kept = Self.glyphs(text, font: font, features: features) { buffer, values in
        plans.shape(buffer, font: font.handle, features: values)
      }
      #expect(kept == reference)
    }
    let once = Self.glyphs(text, font: font, features: features) { buffer, values in
      ShapingPlans.shapeOnce(buffer, font: font.handle, features: values)
    }
    #expect(once == reference)
  }

  /// More distinct lists than a font keeps: the later ones are made for their call, with the
  /// same glyphs, and a kept list is still found at other ranges.
  @Test func listsPastTheLimitShapeAsHarfBuzz() throws {
    let font = try Self.font("dejavu/DejaVuSans.ttf")
    let plans = ShapingPlans()
    let text = "office fly AVA"
    for value in 0..<UInt32(ShapingPlans.limit + 8) {
      for range in [0..<3, 4..<9] {
        let features = [Self.feature("liga", value % 2, range), Self.feature("kern", value, nil)]
        let reference = Self.glyphs(text, font: font, features: features) { buffer, values in
          hb_shape(font.handle, buffer, values.baseAddress, UInt32(values.count))
        }
        let shaped = Self.glyphs(text, font: font, features: features) { buffer, values in
          plans.shape(buffer, font: font.handle, features: values)
        }
        #expect(shaped == reference, "value \(value), range \(range)")
      }
    }
  }
}
