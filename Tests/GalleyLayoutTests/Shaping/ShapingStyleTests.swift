import CHarfBuzz
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// The style is the one key of shaping: its script is HarfBuzz's, its key tells every field
/// apart, and the seam asks accelerators in order and falls back to the reference path.
@Suite("Shaping style and seam")
struct ShapingStyleTests {
  /// The script `hb_buffer_guess_segment_properties` finds for `text`.
  static func harfBuzzGuess(_ text: String) -> UInt32 {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_add_utf8(buffer, text, Int32(text.utf8.count), 0, Int32(text.utf8.count))
    hb_buffer_guess_segment_properties(buffer)
    return hb_buffer_get_script(buffer).rawValue
  }

  @Test(
    "A run's script is the one HarfBuzz guesses",
    arguments: [
      "Plain words", "123 ,.;", "", "Zürich", "Привет", "مرحبا، كتاب.", "שָׁלוֹם", "文字",
      "😀 ok", "\u{301}a", "12 Ελληνικά", "ไทย", "हिन्दी", "한국어", "かな", "𐌰𐌱",
      "\u{200D}\u{300}", "1⁄2", "… «»", "ـ\u{670}", "\u{FEFF}x", "ǅ", "ꙮ", "\u{E0061}z",
    ])
  func scriptIsHarfBuzzs(text: String) {
    let bytes = Array(text.utf8)
    let script = bytes.withUnsafeBufferPointer { ShapingScript(guessing: $0, 0..<bytes.count) }
    #expect(script.tag == Self.harfBuzzGuess(text), "\(text.debugDescription)")
    // Where the word scan accepts the text, it finds the same script.
    if let word = bytes.withUnsafeBufferPointer({ WordText.script($0, 0..<bytes.count) }) {
      #expect(word == script, "\(text.debugDescription)")
    }
  }

  static func font(size: Double = 13) throws -> ShapingFont {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), index: 0))
    return ShapingFont(face: face, size: size, namedInstance: 0)
  }

  @Test func everyFieldTellsKeysApart() throws {
    let font = try Self.font()
    let base = ShapingStyle(
      font: font, script: .latin, isRightToLeft: false, language: ShapingLanguage("en"))
    let others = [
      ShapingStyle(
        font: try Self.font(size: 14), script: .latin, isRightToLeft: false,
        language: ShapingLanguage("en")),
      ShapingStyle(
        font: font, script: .common, isRightToLeft: false, language: ShapingLanguage("en")),
      ShapingStyle(
        font: font, script: .latin, isRightToLeft: true, language: ShapingLanguage("en")),
      ShapingStyle(
        font: font, script: .latin, isRightToLeft: false, language: ShapingLanguage("tr")),
      ShapingStyle(font: font, script: .latin, isRightToLeft: false, language: .none),
    ]
    for other in others { #expect(other.key != base.key) }
    #expect(Set(others.map(\.key.mixed)).count == others.count)
  }

  @Test("Tags HarfBuzz reads alike are one language")
  func languagesAreHarfBuzzs() {
    #expect(ShapingLanguage("en-US") == ShapingLanguage("en_us"))
    #expect(ShapingLanguage("de") != ShapingLanguage("de-CH"))
    #expect(ShapingLanguage(nil) == .none)
    #expect(ShapingLanguage("fr").handle != nil)
  }

  /// An accelerator that records the runs it is asked for and answers with fixed glyphs or
  /// declines.
  final class Recorder: ShapingAccelerator, @unchecked Sendable {
    let takes: Bool
    let acceptsStyles: Bool
    var asked = 0

    init(takes: Bool, acceptsStyles: Bool = true) {
      self.takes = takes
      self.acceptsStyles = acceptsStyles
    }

    func accepts(_ style: ShapingStyle) -> Bool { acceptsStyles }

    func shape(_ run: ShapingRun, later: AcceleratorChain) -> [ShapedGlyph]? {
      asked += 1
      return takes
        ? [
          ShapedGlyph(
            glyph: 7, cluster: run.range.lowerBound, xAdvance: 1, xOffset: 0, yOffset: 0,
            isUnsafeToBreak: false)
        ] : nil
    }

    func wordShaper(for run: ShapingRun) -> (any WordShaper)? { nil }
  }

  @Test func theSeamAsksAcceleratorsInOrderThenTheReference() throws {
    let font = try Self.font()
    let text = Array("office".utf8)
    func shape(_ accelerators: [any ShapingAccelerator]) -> [ShapedGlyph] {
      let shaper = Shaper(accelerators: AcceleratorChain(accelerators), language: .none)
      return text.withUnsafeBufferPointer { shaper.shape($0, range: 0..<text.count, font: font) }
    }
    let reference = shape([])
    #expect(reference.count == 4)  // o, ffi, c, e
    let refusing = Recorder(takes: false, acceptsStyles: false)
    let declining = Recorder(takes: false)
    let taking = Recorder(takes: true)
    let never = Recorder(takes: true)
    #expect(shape([refusing, declining]) == reference)
    #expect(refusing.asked == 0 && declining.asked == 1)
    #expect(shape([declining, taking, never]).map(\.glyph) == [7])
    #expect(declining.asked == 2 && taking.asked == 1 && never.asked == 0)
  }
}
