import GalleyLayout
import GalleyMarkup
import Testing

/// FXLabel's label-wide spacing: character spacing, the kerning table, the baseline offset and
/// line spacing relative to the size.
///
/// The layout tests' default size is 13 points.
@Suite("Label-wide spacing")
struct LabelSpacingTests {
  static let size = 13.0

  /// 26.6 units, as the engine rounds each added space.
  static func fixed(_ points: Double) -> Double { (points * 64).rounded() / 64 }

  @Test(
    "Character spacing adds a fraction of the size after every cluster",
    arguments: [
      0.1, -0.05, 0.5,
    ])
  func characterSpacing(_ fraction: Double) throws {
    let (_, plain) = try LayoutSupport.layout("Spacing!")
    let (_, spaced) = try LayoutSupport.layout(
      "Spacing!", options: LayoutOptions(characterSpacing: fraction))
    let added = spaced.lines[0].width - plain.lines[0].width
    #expect(abs(added - 8 * Self.fixed(fraction * Self.size)) < 1e-9)
    // Added to each run's own %K, and scaling with each run's size.
    let (_, both) = try LayoutSupport.layout(
      "%10KSpacing!%k", options: LayoutOptions(characterSpacing: fraction))
    #expect(
      abs(both.lines[0].width - plain.lines[0].width - 8 * Self.fixed((fraction + 0.1) * 13)) < 1e-9
    )
  }

  @Test func theKerningTableAddsSpaceAfterItsCharacters() throws {
    let (_, plain) = try LayoutSupport.layout("banana!")
    let options = LayoutOptions(kerningTable: ["a": 0.5, "!": -0.25, "z": 3])
    let (_, kerned) = try LayoutSupport.layout("banana!", options: options)
    let expected = 3 * Self.fixed(0.5 * 13) + Self.fixed(-0.25 * 13)
    #expect(abs(kerned.lines[0].width - plain.lines[0].width - expected) < 1e-9)
    // Each "a" glyph's advance grew; the others did not.
    let before = plain.lines[0].runs.flatMap(\.glyphs)
    let after = kerned.lines[0].runs.flatMap(\.glyphs)
    for (old, new) in zip(before, after) {
      let grew = new.advance - old.advance
      #expect([0, Self.fixed(0.5 * 13), Self.fixed(-0.25 * 13)].contains(grew))
    }
  }

  @Test func theBaselineOffsetMovesOnlyWhatIsDrawn() throws {
    let markup = "Tap %L%1Uhere%u%l now"
    let (_, plain) = try LayoutSupport.layout(markup)
    let (_, raised) = try LayoutSupport.layout(
      markup, options: LayoutOptions(baselineOffset: 0.25))
    let lift = Self.fixed(0.25 * 13)
    #expect(raised.lines[0].y == plain.lines[0].y)
    #expect(raised.lines[0].baseline == plain.lines[0].baseline)
    #expect(raised.lines[0].height == plain.lines[0].height)
    #expect(raised.links == plain.links)
    #expect(raised.size == plain.size)
    let pairs = zip(plain.lines[0].runs.flatMap(\.glyphs), raised.lines[0].runs.flatMap(\.glyphs))
    #expect(pairs.allSatisfy { $1.y == $0.y - lift && $1.x == $0.x })
    #expect(raised.decorations[0].rect.y == plain.decorations[0].rect.y - lift)
  }

  @Test func relativeLineSpacingScalesWithTheLineAbove() throws {
    let (_, plain) = try LayoutSupport.layout("one\n%26Stwo%s\nthree")
    let (_, spaced) = try LayoutSupport.layout(
      "one\n%26Stwo%s\nthree", options: LayoutOptions(relativeLineSpacing: 0.5))
    #expect(spaced.lines[1].y - plain.lines[1].y == Self.fixed(0.5 * 13))
    #expect(spaced.lines[2].y - plain.lines[2].y == Self.fixed(0.5 * 13) + Self.fixed(0.5 * 26))
  }

  /// Values out of range, and a word of each message.
  static let problems: [(LayoutOptions, String)] = [
    (LayoutOptions(characterSpacing: 11), "character spacing"),
    (LayoutOptions(characterSpacing: .nan), "character spacing"),
    (LayoutOptions(kerningTable: ["a": .infinity]), "kerning of U+61"),
    (LayoutOptions(baselineOffset: -20), "baseline offset"),
    (LayoutOptions(relativeLineSpacing: .nan), "relative line spacing"),
    (
      LayoutOptions(
        kerningTable: Dictionary(
          uniqueKeysWithValues: (0..<10_001).compactMap {
            UnicodeScalar(0x4E00 + $0).map { (Character($0), 0.1) }
          }
        )), "at most 10000 entries"
    ),
  ]

  @Test("Spacing out of range is refused", arguments: problems)
  func badSpacing(_ options: LayoutOptions, _ words: String) throws {
    let problem = try #require(options.problem)
    #expect(problem.contains(words), "\(problem)")
  }
}
