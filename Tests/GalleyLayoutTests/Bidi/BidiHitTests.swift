import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Hit-testing, link rectangles, ranges and truncation in bidirectional lines.
@Suite("Bidi: hit-testing, carets, links and truncation")
struct BidiHitTests {
  /// The x extent of the glyphs of one cluster (UTF-16) on the first line.
  static func extent(of cluster: Int, in layout: Layout) -> (minX: Double, maxX: Double)? {
    let glyphs = layout.lines[0].runs.flatMap(\.glyphs).filter { $0.cluster == cluster }
    guard let first = glyphs.first else { return nil }
    return glyphs.reduce((first.x, first.x + first.advance)) {
      (min($0.0, $1.x), max($0.1, $1.x + $1.advance))
    }
  }

  @Test("Carets at a direction boundary: two logical positions, told apart by affinity")
  func caretsAtBoundary() throws {
    // Visually: a b c ␣ ג ב א (א is UTF-16 offset 4).
    let (_, layout) = try LayoutSupport.layout("abc אבג", width: 300)
    let tester = HitTester(layout: layout)
    let y = layout.lines[0].y + layout.lines[0].height / 2
    let space = try #require(Self.extent(of: 3, in: layout))
    let gimel = try #require(Self.extent(of: 6, in: layout))
    let alef = try #require(Self.extent(of: 4, in: layout))
    let upstream = CaretPosition.Affinity.upstream
    let downstream = CaretPosition.Affinity.downstream
    let cases: [(x: Double, index: Int, affinity: CaretPosition.Affinity)] = [
      (space.maxX - 0.5, 4, upstream),  // right half of the space: after it
      (gimel.minX + 0.5, 7, upstream),  // left half of ג: after it (the text's end)
      (gimel.maxX - 0.5, 6, downstream),  // right half of ג: before it
      (alef.maxX - 0.5, 4, downstream),  // right half of א: before it
      (alef.maxX + 40, 4, downstream),  // past the line's right end: א's right edge
      (-10, 0, downstream),  // past the left end: before a
    ]
    for (x, index, affinity) in cases {
      let caret = tester.caretPosition(atX: x, y: y)
      #expect(caret == CaretPosition(index: index, affinity: affinity), "at x \(x)")
      #expect(tester.closestCharacterIndex(toX: x, y: y) == index)
    }
  }

  @Test("Characters are exact inside right-to-left runs and at boundaries")
  func characters() throws {
    let (_, layout) = try LayoutSupport.layout("abc אבג def", width: 300)
    let tester = HitTester(layout: layout)
    let y = layout.lines[0].y + layout.lines[0].height / 2
    for cluster in 0..<11 {
      guard let extent = Self.extent(of: cluster, in: layout), extent.maxX > extent.minX else {
        continue
      }
      for x in [extent.minX + 0.2, (extent.minX + extent.maxX) / 2, extent.maxX - 0.2] {
        #expect(tester.characterIndex(atX: x, y: y) == cluster, "cluster \(cluster) at \(x)")
      }
    }
    #expect(tester.characterIndex(atX: -5, y: y) == nil)
    #expect(tester.characterIndex(atX: 299, y: y) == nil)
  }

  @Test("A range across a direction change has one rectangle per visual fragment")
  func rangeRects() throws {
    // c, the space and א: "c␣" sits left of ג ב, and א at the right end.
    let (_, layout) = try LayoutSupport.layout("abc אבג", width: 300)
    let rects = HitTester(layout: layout).rects(for: 2..<5)
    #expect(rects.count == 2)
    let (c, alef) = (Self.extent(of: 2, in: layout), Self.extent(of: 4, in: layout))
    #expect(rects.first.map { abs($0.x - (c?.minX ?? 0)) < 0.01 } == true)
    #expect(rects.last.map { abs($0.x + $0.width - (alef?.maxX ?? 0)) < 0.01 } == true)
    #expect(HitTester(layout: layout).rects(for: 0..<7).count == 1)
  }

  @Test("A link across a direction change has a rectangle per fragment, ordered by x")
  func linkFragments() throws {
    // "the שלום" is a link; visually: Tap the ‹עולם› ‹שלום› link: its two parts are apart.
    let (text, layout) = try LayoutSupport.layout("Tap %Lthe שלום%l עולם link", width: 400)
    #expect(text.links.count == 1)
    let rects = layout.links[0].rects
    #expect(rects.count == 2)
    #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.x + $0.width <= $1.x + 0.01 })
    let tester = HitTester(layout: layout)
    for rect in rects {
      #expect(tester.link(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == 0)
    }
    // עולם, between the fragments, is not the link.
    let olam = try #require(Self.extent(of: 14, in: layout))
    let middle = (olam.minX + olam.maxX) / 2
    #expect(tester.link(atX: middle, y: rects[0].y + 1) == nil)
  }

  @Test("Decorations and backgrounds cover each visual fragment without gaps inside a run")
  func decorations() throws {
    let (_, layout) = try LayoutSupport.layout("abc %1Uאבג def%u ghi", width: 300)
    let underlines = layout.decorations.filter { $0.kind == .underline }
    #expect(!underlines.isEmpty)
    // "אבג def" is underlined: visually "abc ‹גבא def› ghi", one stretch in two runs.
    let ordered = underlines.sorted { $0.rect.x < $1.rect.x }
    for (left, right) in zip(ordered, ordered.dropFirst()) {
      #expect(abs(right.rect.x - (left.rect.x + left.rect.width)) < 0.01, "no gap")
    }
    let gimel = try #require(Self.extent(of: 6, in: layout))
    let f = try #require(Self.extent(of: 10, in: layout))
    #expect(abs((ordered.first?.rect.x ?? 0) - gimel.minX) < 0.01)
    #expect(abs((ordered.last.map { $0.rect.x + $0.rect.width } ?? 0) - f.maxX) < 0.01)
  }

  @Test("The truncation token goes at the visual end of the paragraph's direction")
  func truncationToken() throws {
    let engine = try LayoutSupport.engine()
    let cases: [(markup: String, tokenOnLeft: Bool)] = [
      ("שלום עולם זהו משפט ארוך מאוד שלא נכנס בשורה אחת בכלל", true),
      ("שלום עולם with English words that go on and on and on", true),
      ("An English sentence ending in Hebrew שלום עולם גדול מאוד", false),
      ("An English sentence that is long enough to be truncated here", false),
    ]
    for (markup, tokenOnLeft) in cases {
      let text = try LayoutSupport.formatter.format(markup)
      let layout = try engine.layout(text, options: LayoutOptions(width: 120, maximumLines: 1))
      let line = try #require(layout.lines.first)
      let runs = line.runs.filter { !$0.glyphs.isEmpty }
      let token = tokenOnLeft ? runs.first : runs.last
      #expect(token?.isToken == true, "\(markup)")
      #expect(layout.truncation != nil)
      BidiCheck(text: text, layout: layout, width: 120).verify(markup)
    }
  }

  @Test("Random mixed strings: runs are permutations and hits land on their glyphs")
  func randomMixed() throws {
    let engine = try LayoutSupport.engine()
    var random = SeededGenerator(seed: 14)
    let pieces = [
      "abc", "word", "שלום", "עולם", "كتاب", "مرحبا", "123", "4.5", " ", " ", " ", "(", ")",
      "-", ",", "!", "₪", "%", "\u{2067}", "\u{2069}", "\u{200F}", "\u{200E}", "\n", "x/y",
    ]
    for round in 0..<400 {
      let count = Int.random(in: 1...24, using: &random)
      let string = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
      let formatted = try LayoutSupport.formatter.format(Markup.escape(string))
      let width = Double.random(in: 30...300, using: &random)
      let direction =
        [LayoutOptions.Direction.auto, .leftToRight, .rightToLeft]
        .randomElement(using: &random) ?? .auto
      let layout = try engine.layout(
        formatted, options: LayoutOptions(width: width, direction: direction))
      BidiCheck(text: formatted, layout: layout, width: width)
        .verify("round \(round): \(string.debugDescription) at \(width)")
    }
  }
}
