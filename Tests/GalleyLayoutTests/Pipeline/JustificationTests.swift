import GalleyLayout
import GalleyMarkup
import Testing

/// Justified alignment: every line but each paragraph's last reaches the wrap width, at its
/// spaces or between its clusters, and nothing else changes.
@Suite("Justification")
struct JustificationTests {
  static let prose =
    "Galley lays out %Lformatted text%l in a box: it wraps words at the width, keeps each "
    + "paragraph's last line as it is, and stretches the others at their spaces so both edges "
    + "line up.\nA short line\nThen a second paragraph long enough to wrap over a few lines too."
  static let chinese = String(repeating: "男孩和世界各地的女孩依靠基本的机会。", count: 3)
  static let insets = LayoutOptions.Insets(top: 3, left: 7, bottom: 2, right: 11)

  /// A text, the box width, and insets.
  static let cases: [(String, Double, LayoutOptions.Insets)] = [
    (prose, 120, .zero), (prose, 163.5, .zero), (prose, 200.3, insets), (prose, 310, .zero),
    ("one\u{00A0}two three\u{3000}four five six seven eight nine ten", 90, .zero),
    (chinese, 100, .zero), (chinese, 137, insets),
    ("   leading spaces stay and the line still wraps around here", 100, .zero),
  ]

  /// The same text laid out left-aligned and justified.
  static func pair(
    _ markup: String, width: Double, insets: LayoutOptions.Insets = .zero
  ) throws -> (text: FormattedText, left: Layout, justified: Layout) {
    let (text, left) = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: width, alignment: .left, insets: insets))
    let (_, justified) = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: width, alignment: .justify, insets: insets))
    return (text, left, justified)
  }

  /// Whether a line is stretched: it ended with a wrap or an emergency split.
  static func isStretched(_ line: Layout.Line) -> Bool {
    line.breakReason == .wrap || line.breakReason == .emergency
  }

  @Test("Lines but each paragraph's last reach the width", arguments: cases)
  func linesReachTheWidth(_ markup: String, _ width: Double, _ insets: LayoutOptions.Insets)
    throws
  {
    let (_, left, justified) = try Self.pair(markup, width: width, insets: insets)
    #expect(justified.lines.map(\.location) == left.lines.map(\.location))
    #expect(justified.lines.map(\.length) == left.lines.map(\.length))
    #expect(justified.lines.contains(where: Self.isStretched))
    for (line, original) in zip(justified.lines, left.lines) {
      #expect(line.x == original.x)
      #expect(line.y == original.y)
      if Self.isStretched(line) {
        #expect(abs(line.x + line.width - (width - insets.right)) <= 1.0 / 64, "\(line.location)")
        let glyphs = line.runs.flatMap(\.glyphs)
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
      } else {
        #expect(line == original)
      }
    }
  }

  @Test("Spaces inside a line widen; other glyphs and edge spaces keep their advance")
  func spacesWiden() throws {
    let markup = "one\u{00A0}two three\u{3000}four five six seven eight nine ten"
    let (text, left, justified) = try Self.pair(markup, width: 90)
    let utf16 = Array(text.string.utf16)
    let spaces: Set<UInt16> = [0x20, 0xA0, 0x3000]
    var widened = 0
    for (line, original) in zip(justified.lines, left.lines) where Self.isStretched(line) {
      let visibleEnd = line.location + line.visibleLength
      for (glyph, before) in zip(line.runs.flatMap(\.glyphs), original.runs.flatMap(\.glyphs)) {
        let isInnerSpace =
          spaces.contains(utf16[glyph.cluster]) && glyph.cluster < visibleEnd
          && utf16[line.location..<glyph.cluster].contains { !spaces.contains($0) }
          && utf16[glyph.cluster..<visibleEnd].contains { !spaces.contains($0) }
        if isInnerSpace {
          #expect(glyph.advance > before.advance)
          widened += 1
        } else {
          #expect(glyph.advance == before.advance)
        }
      }
    }
    #expect(widened >= 3)
  }

  @Test("Without spaces, the space goes evenly between clusters")
  func chineseSpreadsBetweenClusters() throws {
    let (_, left, justified) = try Self.pair(Self.chinese, width: 100)
    #expect(justified.lines.count > 2)
    for (line, original) in zip(justified.lines, left.lines) where Self.isStretched(line) {
      let extras = zip(line.runs.flatMap(\.glyphs), original.runs.flatMap(\.glyphs)).map {
        $0.advance - $1.advance
      }
      let last = try #require(extras.last)
      #expect(last == 0)
      let gaps = extras.dropLast()
      let smallest = try #require(gaps.min())
      let largest = try #require(gaps.max())
      #expect(smallest > 0)
      #expect(largest - smallest <= 1.0 / 64)
      // The remainder goes to the first gaps.
      #expect(gaps.elementsEqual(gaps.sorted(by: >)))
      #expect(abs(gaps.reduce(0, +) - (100 - original.width)) <= 1.0 / 128)
    }
  }

  @Test func linkRectanglesCoverTheLinksGlyphs() throws {
    let markup = "Words before the %Llinked words%l and many more words after it that wrap"
    let (_, left, justified) = try Self.pair(markup, width: 150)
    let link = try #require(justified.links.first)
    let rect = try #require(link.rects.first)
    let line = try #require(justified.lines.first { $0.y == rect.y })
    #expect(Self.isStretched(line))
    #expect(rect != left.links[0].rects[0])
    let glyphs = line.runs.filter { $0.link == 0 }.flatMap(\.glyphs)
    let first = try #require(glyphs.first)
    let last = try #require(glyphs.last)
    #expect(rect.x == first.x)
    #expect(rect.x + rect.width == last.x + last.advance)
    let hits = HitTester(layout: justified)
    #expect(hits.link(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == 0)
    #expect(hits.link(atX: rect.x + rect.width - 0.5, y: rect.y + 1) == 0)
    #expect(hits.link(atX: rect.x - 0.5, y: rect.y + 1) == nil)
    #expect(hits.link(atX: rect.x + rect.width + 0.5, y: rect.y + 1) == nil)
  }

  @Test func aClusterWiderThanTheLineStaysAsItIs() throws {
    let (_, left, justified) = try Self.pair("%60SW%s and some more words", width: 20)
    let wide = try #require(left.lines.first)
    #expect(wide.width > 20)
    #expect(justified.lines[0] == wide)
  }

  @Test func emergencySplitsReachTheWidth() throws {
    let (_, left, justified) = try Self.pair("Supercalifragilisticexpialidocious", width: 60)
    #expect(left.lines.dropLast().allSatisfy { $0.breakReason == .emergency })
    #expect(justified.lines.count > 2)
    for line in justified.lines.dropLast() { #expect(line.x + line.width == 60) }
    #expect(justified.lines.last == left.lines.last)
  }

  /// Options under which justify changes nothing.
  static let unchanged: [LayoutOptions] = [
    LayoutOptions(alignment: .justify),
    LayoutOptions(width: 2000, alignment: .justify),
  ]

  @Test(
    "Without a width, or when every line ends a paragraph, justify is left", arguments: unchanged)
  func nothingToStretch(_ options: LayoutOptions) throws {
    var leftOptions = options
    leftOptions.alignment = .left
    let (_, left) = try LayoutSupport.layout(Self.prose, options: leftOptions)
    let (_, justified) = try LayoutSupport.layout(Self.prose, options: options)
    #expect(justified == left)
  }

  @Test("Left alignment does not pass through justification", arguments: cases)
  func leftIsNatural(_ markup: String, _ width: Double, _ insets: LayoutOptions.Insets) throws {
    let (_, left) = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: width, alignment: .left, insets: insets))
    let (_, natural) = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: width, alignment: .natural, insets: insets))
    #expect(left == natural)
  }
}
