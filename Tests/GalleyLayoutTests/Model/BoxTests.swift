import GalleyLayout
import GalleyMarkup
import Testing

/// The label box: a height, insets inside the edges, and where the lines sit vertically.
@Suite("Box: height, insets and vertical alignment")
struct BoxTests {
  static let markup = "Tap %Lhere%l for %1Umore%u text that wraps over several lines"
  static let insets = LayoutOptions.Insets(top: 6, left: 10, bottom: 4, right: 14)

  @Test func insetsNarrowTheWrapWidthAndMoveTheLines() throws {
    let (_, plain) = try LayoutSupport.layout(Self.markup, width: 100)
    let (_, boxed) = try LayoutSupport.layout(
      Self.markup, options: LayoutOptions(width: 124, insets: Self.insets))
    #expect(boxed.lines.map(\.location) == plain.lines.map(\.location))
    #expect(boxed.size.width == 124)
    #expect(boxed.size.height == plain.size.height + 10)
    for (line, original) in zip(boxed.lines, plain.lines) {
      #expect(line.x == original.x + 10)
      #expect(line.y == original.y + 6)
      #expect(line.baseline == original.baseline + 6)
      let glyphs = zip(line.runs.flatMap(\.glyphs), original.runs.flatMap(\.glyphs))
      #expect(glyphs.allSatisfy { $0.x == $1.x + 10 && $0.y == $1.y + 6 })
    }
    // Link rectangles and decorations move with their lines.
    #expect(boxed.links[0].rects[0].x == plain.links[0].rects[0].x + 10)
    #expect(boxed.links[0].rects[0].y == plain.links[0].rects[0].y + 6)
    #expect(boxed.decorations[0].rect.y == plain.decorations[0].rect.y + 6)
  }

  /// Each alignment and the share of the free height it puts above the lines.
  static let alignments: [(LayoutOptions.VerticalAlignment, Double)] = [
    (.top, 0), (.center, 0.5), (.bottom, 1),
  ]

  @Test("A taller box puts the free height where the alignment says", arguments: alignments)
  func verticalAlignment(_ alignment: LayoutOptions.VerticalAlignment, _ share: Double) throws {
    let (_, natural) = try LayoutSupport.layout(Self.markup, width: 100)
    let contentHeight = natural.size.height
    // Heights the lines fit; a shorter box truncates (see TruncationTests).
    for height in [200.0, 10 + contentHeight] {
      let options = LayoutOptions(
        width: 124, height: height, insets: Self.insets, verticalAlignment: alignment)
      let (_, layout) = try LayoutSupport.layout(Self.markup, options: options)
      #expect(layout.size.height == height)
      let slack = height - 10 - contentHeight
      // 26.6 halves round toward zero, so center may sit up to 1/64 off the exact half.
      #expect(abs(layout.lines[0].y - (6 + slack * share)) <= 1.0 / 64, "\(height)")
      let last = try #require(layout.lines.last)
      #expect(abs(last.y + last.height - (6 + slack * share + contentHeight)) <= 1.0 / 64)
    }
  }

  @Test func hitTestingFollowsTheBox() throws {
    let options = LayoutOptions(
      width: 124, height: 120, insets: Self.insets, verticalAlignment: .bottom)
    let (_, layout) = try LayoutSupport.layout(Self.markup, options: options)
    let hits = HitTester(layout: layout)
    let rect = layout.links[0].rects[0]
    #expect(hits.link(atX: rect.x + 1, y: rect.y + rect.height / 2) == 0)
    #expect(hits.characterIndex(atX: 12, y: 3) == nil)
    #expect(hits.characterIndex(atX: layout.lines[0].x + 1, y: layout.lines[0].baseline - 2) == 0)
  }

  @Test func withoutAWidthTheBoxIsTheWidestLineAndTheInsets() throws {
    let (_, plain) = try LayoutSupport.layout("one\nlonger line", options: LayoutOptions())
    let options = LayoutOptions(alignment: .right, insets: Self.insets)
    let (_, boxed) = try LayoutSupport.layout("one\nlonger line", options: options)
    let widest = plain.lines.map(\.width).max() ?? 0
    #expect(boxed.size.width == widest + 24)
    #expect(boxed.lines[1].x == 10)
    #expect(boxed.lines[0].x + boxed.lines[0].width == 10 + widest)
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format("one\nlonger line")
    let fits = try engine.sizeThatFits(text, width: nil, options: options)
    #expect(fits == boxed.size)
  }

  /// Options the box cannot use, and a word of each message.
  static let problems: [(LayoutOptions, String)] = [
    (LayoutOptions(width: 20, insets: .init(top: 0, left: 10, bottom: 0, right: 10)), "width"),
    (LayoutOptions(height: 0), "height"),
    (LayoutOptions(height: -.infinity), "height"),
    (LayoutOptions(height: .nan), "height"),
    (LayoutOptions(height: 10, insets: .init(top: 6, left: 0, bottom: 5, right: 0)), "height"),
    (LayoutOptions(insets: .init(top: -1, left: 0, bottom: 0, right: 0)), "top inset"),
    (LayoutOptions(insets: .init(top: 0, left: .nan, bottom: 0, right: 0)), "left inset"),
    (LayoutOptions(insets: .init(top: 0, left: 0, bottom: 2e6, right: 0)), "bottom inset"),
    (LayoutOptions(insets: .init(top: 0, left: 0, bottom: 0, right: .infinity)), "right inset"),
  ]

  @Test("Bad boxes are refused with a message", arguments: problems)
  func badBoxes(_ options: LayoutOptions, _ word: String) throws {
    let problem = try #require(options.problem)
    #expect(problem.contains(word), "\(problem)")
    let engine = try LayoutSupport.engine()
    #expect(throws: LayoutError.self) {
      try engine.layout(FormattedText(plain: "x"), options: options)
    }
  }
}
