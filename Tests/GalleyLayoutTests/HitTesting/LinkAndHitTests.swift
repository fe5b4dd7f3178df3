import Foundation
import GalleyLayout
import GalleyMarkup
import Testing

@Suite("Link rectangles and hit-testing")
struct LinkAndHitTests {
  @Test(arguments: [(200.0, 1), (80.0, 2), (55.0, 3)])
  func linkRectanglesOnePerLine(width: Double, lines: Int) throws {
    let (_, layout) = try LayoutSupport.layout("x %Lone two three%l y", width: width)
    let link = try #require(layout.links.first)
    #expect(link.location == 2)
    #expect(link.length == 13)
    #expect(link.rects.count == lines)
    let hits = HitTester(layout: layout)
    for rect in link.rects {
      let line = try #require(layout.lines.first { $0.y == rect.y })
      #expect(rect.height == line.height)
      // The rectangle covers exactly the link's glyphs on that line.
      let glyphs = line.runs.flatMap(\.glyphs).filter { (2..<15).contains($0.cluster) }
      let visible = glyphs.filter { $0.x < line.x + line.width }
      #expect(rect.x == visible.map(\.x).min())
      #expect(rect.x + rect.width == visible.map { $0.x + $0.advance }.max())
      #expect(rect.x + rect.width <= line.x + line.width)
      #expect(hits.link(atX: rect.x + 0.5, y: rect.y + 0.5) == 0)
    }
    #expect(hits.rects(for: 2..<15).count == lines)
  }

  @Test func hitTestingAtClusterEdgesGapsAndLineEnds() throws {
    let options = LayoutOptions(width: 60, lineSpacing: 10)
    let (text, layout) = try LayoutSupport.layout("ab %Lcd%l\nef", options: options)
    let hits = HitTester(layout: layout)
    let first = layout.lines[0]
    let glyphs = first.runs.flatMap(\.glyphs)
    let b = try #require(glyphs.first { $0.cluster == 1 })
    let middle = first.y + first.height / 2
    // The left edge of a cluster belongs to it; just before belongs to its neighbour.
    #expect(hits.characterIndex(atX: b.x, y: middle) == 1)
    #expect(hits.characterIndex(atX: b.x - 0.01, y: middle) == 0)
    #expect(hits.characterIndex(atX: b.x + b.advance - 0.01, y: middle) == 1)
    // Caret positions split clusters in halves.
    #expect(hits.closestCharacterIndex(toX: b.x + b.advance * 0.4, y: middle) == 1)
    #expect(hits.closestCharacterIndex(toX: b.x + b.advance * 0.6, y: middle) == 2)
    // Past the line's end: no character, the caret goes to the end of the visible text.
    #expect(hits.characterIndex(atX: first.x + first.width + 5, y: middle) == nil)
    #expect(hits.closestCharacterIndex(toX: 1000, y: middle) == 5)
    #expect(hits.link(atX: first.x + first.width + 5, y: middle) == nil)
    // In the gap between lines nothing is hit, but a tolerance reaches the link above.
    let gap = first.y + first.height + 5
    let link = try #require(layout.links.first?.rects.first)
    #expect(hits.characterIndex(atX: link.x + 1, y: gap) == nil)
    #expect(hits.link(atX: link.x + 1, y: gap) == nil)
    #expect(hits.link(atX: link.x + 1, y: gap, tolerance: 6) == 0)
    #expect(hits.link(atX: link.x + 1, y: gap, tolerance: 4) == nil)
    // Above, below and left of everything.
    #expect(hits.characterIndex(atX: 1, y: -1) == nil)
    #expect(hits.closestCharacterIndex(toX: -50, y: -50) == 0)
    #expect(hits.closestCharacterIndex(toX: 1000, y: 1000) == text.string.utf16.count)
  }

  @Test func trailingSpacesHitNothing() throws {
    let (_, layout) = try LayoutSupport.layout("word     next", width: 45)
    let hits = HitTester(layout: layout)
    let first = layout.lines[0]
    #expect(hits.characterIndex(atX: first.width + 2, y: first.baseline - 2) == nil)
  }

  @Test func ligatureClustersAreSplitBetweenCharacters() throws {
    // DejaVu Serif has an "fi" ligature: one glyph, two characters.
    let (_, layout) = try LayoutSupport.layout("%1Ffi")
    let line = layout.lines[0]
    let glyphs = line.runs.flatMap(\.glyphs)
    let hits = HitTester(layout: layout)
    if glyphs.count == 1, let glyph = glyphs.first {
      #expect(hits.characterIndex(atX: glyph.x + glyph.advance * 0.25, y: line.baseline - 2) == 0)
      #expect(hits.characterIndex(atX: glyph.x + glyph.advance * 0.75, y: line.baseline - 2) == 1)
    } else {
      #expect(glyphs.count == 2)
    }
  }

  @Test func emptyLayoutHitsNothing() throws {
    let (_, layout) = try LayoutSupport.layout("")
    let hits = HitTester(layout: layout)
    #expect(hits.link(atX: 0, y: 0, tolerance: 100) == nil)
    #expect(hits.characterIndex(atX: 0, y: 0) == nil)
    #expect(hits.closestCharacterIndex(toX: 0, y: 0) == 0)
    #expect(hits.rects(for: 0..<0).isEmpty)
  }
}

@Suite("Fixes found in review (layout)")
struct LayoutReviewTests {
  @Test func unresolvableFamiliesFallBackInsteadOfVanishing() throws {
    let engine = try LayoutSupport.engine()
    let bad = TextAttributes(family: String(repeating: "A", count: 300), size: 13)
    let json = """
      {"text": "abcd", "runs": [{"location": 0, "length": 2, "family": "DejaVu Sans", "size": 13,
      "weight": 0, "color": "#000000FF"}, {"location": 2, "length": 2, "family": "\(bad.family)",
      "size": 13, "weight": 0, "color": "#000000FF"}], "links": []}
      """
    let text = try JSONDecoder().decode(FormattedText.self, from: Data(json.utf8))
    let layout = try engine.layout(text)
    let clusters = layout.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.cluster) } }
    #expect(clusters == [0, 1, 2, 3])
  }

  @Test func spacesAfterAnEmergencySplitHang() throws {
    let (text, layout) = try LayoutSupport.layout("%40SW ab", width: 20)
    let lines = LayoutSupport.lineTexts(layout, text)
    #expect(!lines.contains(" "))
    #expect(lines.first == "W ")
  }

  @Test func fractionalWidthsRoundOneWay() throws {
    let options = LayoutOptions(width: 100.999, alignment: .right)
    let (_, layout) = try LayoutSupport.layout("right", options: options)
    #expect(layout.size.width == 100.999)
    #expect(layout.lines[0].x + layout.lines[0].width <= 100.999)
  }

  @Test func caretInAGapGoesToTheNearerLine() throws {
    let (_, layout) = try LayoutSupport.layout(
      "one\ntwo", options: LayoutOptions(lineSpacing: 20))
    let hits = HitTester(layout: layout)
    let first = layout.lines[0]
    #expect(hits.closestCharacterIndex(toX: 0, y: first.y + first.height + 2) == 0)
    #expect(hits.closestCharacterIndex(toX: 0, y: first.y + first.height + 18) == 4)
  }

  @Test func linkWithoutTargetEncodesNull() throws {
    let (_, layout) = try LayoutSupport.layout("%Lx%l")
    let json = String(decoding: try JSONEncoder().encode(layout.links), as: UTF8.self)
    #expect(json.contains("\"target\":null"))
  }
}

/// Link rectangles stay inside their line's box, and many links on one line each get theirs.
@Suite("Link rectangles")
struct LinkRectangleTests {
  /// Marks stacked on a letter reach past its advance; the link's rectangle still ends at the
  /// line's end.
  @Test(arguments: [
    "%Lf\u{0301}\u{0301}\u{0301}%l",
    "x %Li\u{030A}\u{030A}\u{030A}%l",
    "%Ll\u{0308}\u{0308}\u{0308}%l",
    "%La\u{0327}\u{0327}\u{0327}%l b %Lf\u{0323}\u{0323}%l",
    "%L\u{0301}\u{0301}\u{0301}%l",
  ])
  func linkRectanglesStayInsideTheirLine(markup: String) throws {
    for width in [nil, 30.0] {
      let (_, layout) = try LayoutSupport.layout(markup, width: width)
      for link in layout.links {
        for rect in link.rects {
          let line = try #require(layout.lines.first { $0.y == rect.y })
          #expect(rect.x >= line.x, "\(markup)")
          #expect(rect.x + rect.width <= line.x + line.width, "\(markup)")
          #expect(rect.height == line.height)
        }
      }
    }
  }

  @Test func manyLinksOnOneLineEachGetTheirRectangle() throws {
    let markup = (0..<500).map { "word %{https://example.com/\($0)}Llink \($0)%l" }
      .joined(separator: " ")
    let (_, layout) = try LayoutSupport.layout(markup)
    #expect(layout.lines.count == 1)
    #expect(layout.links.count == 500)
    var previousEnd = -Double.infinity
    for link in layout.links {
      #expect(link.rects.count == 1)
      let rect = try #require(link.rects.first)
      #expect(rect.x >= previousEnd)
      previousEnd = rect.x + rect.width
    }
    // A link split into runs by an attribute change still gets one rectangle per line.
    let (_, split) = try LayoutSupport.layout("%Lone %Btwo%b %0Cthree%c%l")
    #expect(split.links[0].rects.count == 1)
  }
}
