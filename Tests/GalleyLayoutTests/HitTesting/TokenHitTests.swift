import Foundation
import GalleyLayout
import GalleyMarkup
import Testing

/// Hit-testing the truncation token: a tap on it is on the token, at the truncation's
/// location, and on its link when it has one; the same from a layout read back from JSON.
@Suite("Hit-testing the truncation token")
struct TokenHitTests {
  static let markup =
    "Tap %Lhere%l: the quick brown fox jumps over the lazy dog. Pack my box with five dozen "
    + "liquor jugs. How vexingly quick daft zebras jump."

  private func layout(_ mode: LayoutOptions.TruncationMode) throws -> (FormattedText, Layout) {
    var options = LayoutOptions()
    options.maximumLines = 2
    options.truncationMode = mode
    options.truncationToken = LayoutOptions.TruncationToken(
      markup: "… %{more}Lmore%l", formatter: LayoutSupport.formatter)
    return try LayoutSupport.layout(Self.markup, width: 200, options: options)
  }

  /// Points over the whole layout, in rows.
  private func grid(_ layout: Layout) -> [(x: Double, y: Double)] {
    stride(from: -2.0, to: layout.size.height + 2, by: 2.5).flatMap { y in
      stride(from: -2.0, to: layout.size.width + 2, by: 1.5).map { x in (x, y) }
    }
  }

  @Test(arguments: [LayoutOptions.TruncationMode.tail, .head, .middle])
  func aTapOnTheTokenIsOnTheTokenAtTheTruncation(mode: LayoutOptions.TruncationMode) throws {
    let (text, layout) = try layout(mode)
    let truncation = try #require(layout.truncation)
    let link = try #require(layout.links.first { $0.isToken })
    #expect(link.index == text.links.count)
    let rect = try #require(link.rects.first)
    let hits = HitTester(layout: layout)
    let (x, y) = (rect.x + rect.width / 2, rect.y + rect.height / 2)
    #expect(hits.isOnToken(atX: x, y: y))
    #expect(hits.link(atX: x, y: y) == link.index)
    #expect(hits.characterIndex(atX: x, y: y) == truncation.location)
    // The token's "… " is on the token too, though not on its link.
    #expect(hits.isOnToken(atX: rect.x - 4, y: y))
    // The text is not.
    let first = try #require(layout.lines.first)
    #expect(!hits.isOnToken(atX: first.x + 3, y: first.y + first.height / 2))
    #expect(!hits.isOnToken(atX: x, y: first.y + first.height / 2))
    // Every point on the token hits the truncation's location.
    for (x, y) in grid(layout) where hits.isOnToken(atX: x, y: y) {
      #expect(hits.characterIndex(atX: x, y: y) == truncation.location)
    }
  }

  @Test func theCaretAfterATailTokenIsPastTheHiddenText() throws {
    let (text, layout) = try layout(.tail)
    let link = try #require(layout.links.first { $0.isToken })
    let rect = try #require(link.rects.first)
    let hits = HitTester(layout: layout)
    let caret = hits.closestCharacterIndex(toX: rect.x + rect.width - 1, y: rect.y + 1)
    #expect(caret == text.string.utf16.count)
  }

  @Test func aClippedLayoutHasNoToken() throws {
    let (_, layout) = try layout(.clip)
    #expect(layout.truncation != nil)
    let hits = HitTester(layout: layout)
    #expect(grid(layout).allSatisfy { !hits.isOnToken(atX: $0.x, y: $0.y) })
  }

  @Test(arguments: LayoutOptions.TruncationMode.allCases)
  func aLayoutReadBackFromJSONHitTestsTheSame(mode: LayoutOptions.TruncationMode) throws {
    let (_, layout) = try layout(mode)
    let decoded = try JSONDecoder().decode(Layout.self, from: try JSONEncoder().encode(layout))
    #expect(decoded.links.map(\.isToken) == layout.links.map(\.isToken))
    let original = HitTester(layout: layout)
    let readBack = HitTester(layout: decoded)
    var onToken = 0
    for (x, y) in grid(layout) {
      #expect(readBack.isOnToken(atX: x, y: y) == original.isOnToken(atX: x, y: y))
      #expect(readBack.link(atX: x, y: y) == original.link(atX: x, y: y))
      #expect(readBack.characterIndex(atX: x, y: y) == original.characterIndex(atX: x, y: y))
      #expect(
        readBack.closestCharacterIndex(toX: x, y: y)
          == original.closestCharacterIndex(toX: x, y: y))
      if original.isOnToken(atX: x, y: y) { onToken += 1 }
    }
    #expect((onToken > 0) == (mode != .clip))
  }
}
