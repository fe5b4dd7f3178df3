import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// A label with every box option at once, against a JSON golden.
///
/// `Tests/GalleyRenderTests` draws the same golden layout against a PNG golden.
@Suite("A label with everything")
struct LabelGoldenTests {
  /// A tab, a kerned "a", and a link that the tail truncation cuts.
  static let markup =
    "Menu:\tToday's specials are on the board. Read %{https://example.com/menu}L%0Cthe whole "
    + "menu, with every dish, its price and where it comes from, and the wine list with its vintages%c%l, "
    + "before you order."

  /// Everything a label box has: height, insets, vertical centering, justification, three
  /// lines, tail truncation with a link token, autoshrink, and FXLabel's spacing.
  static var options: LayoutOptions {
    var options = LayoutOptions(
      width: 240, alignment: .justify, height: 70,
      insets: LayoutOptions.Insets(top: 6, left: 6, bottom: 6, right: 6),
      verticalAlignment: .center, characterSpacing: 0.02, kerningTable: ["a": 0.05],
      baselineOffset: 0.05, tabStops: [48], maximumLines: 3, truncationMode: .tail,
      minimumScaleFactor: 0.7)
    options.truncationToken = LayoutOptions.TruncationToken(
      markup: "\u{2026} %{more}Lmore%l", formatter: LayoutSupport.formatter)
    return options
  }

  @Test func jsonGolden() throws {
    let (text, layout) = try LayoutSupport.layout(Self.markup, options: Self.options)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(layout), as: UTF8.self)
    try expectGolden(json, named: "label-everything.json")
    #expect(try JSONDecoder().decode(Layout.self, from: Data(json.utf8)) == layout)

    // Truncated at the minimum scale: the text does not fit three lines even at 0.7.
    let truncation = try #require(layout.truncation)
    #expect(layout.scale == 0.7)
    #expect(layout.lines.count == 3)
    #expect(layout.lines.last?.breakReason == .truncated)
    // The cut falls inside the text's link, whose visible part keeps its rectangles; the
    // token's link comes after it.
    let utf16 = Array(text.string.utf16)
    let link = try #require(text.links.first)
    #expect(link.utf16Range.lowerBound < truncation.location)
    #expect(truncation.location < link.utf16Range.upperBound)
    #expect(truncation.location + truncation.length == utf16.count)
    #expect(layout.links.count == 2)
    #expect(layout.links[0].isToken == false && !layout.links[0].rects.isEmpty)
    #expect(layout.links[1].isToken && layout.links[1].target == "more")
    #expect(layout.lines.flatMap(\.runs).contains { $0.isToken })
  }
}
