import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Autoshrink: the largest scale that fits, to within 0.01, and truncation below the minimum.
@Suite("Autoshrink: the largest scale that fits the box whole")
struct AutoshrinkTests {
  /// Whether a layout shows all its text with no word split: what autoshrink looks for.
  static func fitsWhole(_ layout: Layout) -> Bool {
    layout.truncation == nil && !layout.lines.contains { $0.breakReason == .emergency }
  }

  /// The text laid out at a fixed scale, without autoshrink.
  static func layout(
    _ text: FormattedText, at scale: Double, options: LayoutOptions, engine: CheckedEngine
  ) throws -> Layout {
    var fixed = options.scaled(by: scale)
    fixed.minimumScaleFactor = 1
    fixed.minimumSize = 0
    return try engine.layout(text.scaled(by: scale), options: fixed)
  }

  @Test func theScaleFoundFitsAndAHundredthMoreDoesNot() throws {
    let engine = try LayoutSupport.engine()
    var generator = SeededGenerator(seed: 13)
    let words = [
      "label", "text", "shrinks", "to", "fit", "its", "box", "whole", "a", "supercalifragilistic",
      "of", "every", "size", "typography", "wraps",
    ]
    var shrunk = 0
    for _ in 0..<60 {
      let count = Int.random(in: 2...24, using: &generator)
      let string = (0..<count).map { _ in words.randomElement(using: &generator) ?? "a" }
        .joined(separator: " ")
      let text = try LayoutSupport.formatter.format(string)
      var options = LayoutOptions(
        width: Double.random(in: 60...260, using: &generator).rounded(),
        minimumScaleFactor: 0.3)
      if Bool.random(using: &generator) {
        options.maximumLines = Int.random(in: 1...3, using: &generator)
      } else {
        options.height = Double.random(in: 16...60, using: &generator).rounded()
      }
      let layout = try engine.layout(text, options: options)
      let context =
        "\(string) in \(options.width ?? 0)×\(options.height ?? 0) \(options.maximumLines)"
      #expect(layout.scale >= 0.3 && layout.scale <= 1, "\(context)")
      if layout.scale == 1 {
        #expect(Self.fitsWhole(layout), "\(context)")
        continue
      }
      shrunk += 1
      let again = try Self.layout(text, at: layout.scale, options: options, engine: engine)
      if Self.fitsWhole(layout) {
        #expect(Self.fitsWhole(again), "\(context) at \(layout.scale)")
        let larger = (layout.scale * 100 + 1e-9).rounded(.down) / 100 + 0.01
        let bigger = try Self.layout(text, at: min(1, larger), options: options, engine: engine)
        #expect(!Self.fitsWhole(bigger), "\(context): \(larger) fits too")
      } else {
        // Not even the minimum fits: laid out there and truncated.
        #expect(layout.scale == 0.3 && layout.truncation != nil, "\(context)")
      }
    }
    #expect(shrunk >= 10)
  }

  @Test func oneLongWordForcesShrinking() throws {
    let options = LayoutOptions(width: 150, maximumLines: 1, minimumScaleFactor: 0.2)
    let (_, plain) = try LayoutSupport.layout(
      "Supercalifragilisticexpialidocious", options: LayoutOptions(width: 150, maximumLines: 1))
    #expect(plain.truncation != nil)
    let (_, layout) = try LayoutSupport.layout(
      "Supercalifragilisticexpialidocious", options: options)
    #expect(layout.scale < 1 && layout.scale > 0.2)
    #expect(Self.fitsWhole(layout))
    #expect(layout.lines.count == 1)
    #expect(layout.lines[0].runs[0].font.size == 13 * layout.scale)
  }

  @Test func whenTheMinimumDoesNotFitTheTextIsTruncatedThere() throws {
    let options = LayoutOptions(width: 100, maximumLines: 1, minimumScaleFactor: 0.8)
    let (_, layout) = try LayoutSupport.layout(
      "A sentence much too long for one short line even when shrunk", options: options)
    #expect(layout.scale == 0.8)
    #expect(layout.truncation != nil)
    #expect(layout.lines[0].runs[0].font.size == 13 * 0.8)
  }

  @Test func theMinimumSizeRaisesTheMinimumScale() throws {
    let options = LayoutOptions(
      width: 100, maximumLines: 1, minimumScaleFactor: 0.1, minimumSize: 10)
    let (_, layout) = try LayoutSupport.layout(
      "A sentence much too long for one short line even when shrunk", options: options)
    #expect(layout.scale == 10.0 / 13)
    #expect(layout.lines[0].runs[0].font.size >= 10 - 1e-9)
  }

  @Test func textThatFitsIsNotShrunk() throws {
    let options = LayoutOptions(width: 200, maximumLines: 2, minimumScaleFactor: 0.5)
    let (_, shrinkable) = try LayoutSupport.layout("Short label", options: options)
    let (_, plain) = try LayoutSupport.layout("Short label", options: LayoutOptions(width: 200))
    #expect(shrinkable == plain)
  }

  @Test func spacingInPointsScalesWithTheText() throws {
    let options = LayoutOptions(
      width: 120, lineSpacing: 10, height: 60, minimumScaleFactor: 0.3)
    let (_, layout) = try LayoutSupport.layout(
      "Three lines of text at least, with spacing between", options: options)
    #expect(layout.scale < 1)
    let gap = layout.lines[1].y - (layout.lines[0].y + layout.lines[0].height)
    #expect(abs(gap - 10 * layout.scale) <= 1.0 / 64)
  }
}
