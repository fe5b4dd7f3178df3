import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Soft hyphens and automatic hyphenation in layouts: the inserted hyphen, its width, its
/// place, and what hit-testing and the JSON say of it.
@Suite("Hyphenated lines")
struct HyphenationLayoutTests {
  static let paragraph =
    "Typography is the art and technique of arranging type to make written language legible, "
    + "readable and appealing when displayed. Hyphenation evens out the ragged right edge."

  static func options(
    width: Double, hyphens: LayoutOptions.Hyphens, language: String? = "en-US"
  ) -> LayoutOptions {
    var options = LayoutOptions(width: width, language: language)
    options.hyphens = hyphens
    return options
  }

  /// The line's inserted runs.
  static func inserted(_ line: Layout.Line) -> [Layout.GlyphRun] {
    line.runs.filter(\.isInserted)
  }

  @Test func anUnbrokenSoftHyphenTakesNoRoom() throws {
    let (_, plain) = try LayoutSupport.layout("hyphen")
    let (_, soft) = try LayoutSupport.layout("hy\u{AD}phen")
    #expect(soft.lines.count == 1)
    #expect(soft.lines[0].width == plain.lines[0].width)
    #expect(!soft.lines[0].isHyphenated)
    #expect(soft.lines[0].runs.allSatisfy { !$0.isInserted })
  }

  @Test func aBrokenSoftHyphenDrawsAHyphenThatCounts() throws {
    let (_, whole) = try LayoutSupport.layout("hyphen")
    let (_, hy) = try LayoutSupport.layout("hy\u{AD}")
    let width = (hy.lines[0].width + whole.lines[0].width) / 2 + 4
    let (text, layout) = try LayoutSupport.layout("hy\u{AD}phen", width: width)
    try #require(layout.lines.count == 2)
    let first = layout.lines[0]
    #expect(first.isHyphenated && !layout.lines[1].isHyphenated)
    #expect(first.breakReason == .wrap)
    #expect(first.location == 0 && first.length == 3)
    let hyphen = try #require(Self.inserted(first).first)
    #expect(Self.inserted(first).count == 1)
    #expect(hyphen.location == 3 && hyphen.length == 0)
    #expect(hyphen.glyphs.allSatisfy { $0.cluster == 3 })
    #expect(first.runs.last == hyphen)
    // The hyphen is DejaVu Sans's own U+2010, after the text, and counts in the width.
    let (_, drawn) = try LayoutSupport.layout("hy\u{2010}")
    #expect(hyphen.glyphs.map(\.id) == [try #require(drawn.lines[0].runs[0].glyphs.last).id])
    #expect(first.width == drawn.lines[0].width)
    #expect(first.width <= width)
    #expect(hyphen.font == first.runs[0].font && hyphen.color == first.runs[0].color)
    #expect(LayoutSupport.lineTexts(layout, text) == ["hy\u{AD}", "phen"])
  }

  @Test func withHyphensNoneASoftHyphenIsNoBreak() throws {
    let (_, whole) = try LayoutSupport.layout("hyphen")
    var options = Self.options(width: whole.lines[0].width - 1, hyphens: .none)
    options.width = whole.lines[0].width - 1
    let (_, layout) = try LayoutSupport.layout("hy\u{AD}phen", options: options)
    #expect(layout.lines.allSatisfy { !$0.isHyphenated })
    #expect(layout.lines[0].breakReason == .emergency)
  }

  @Test func automaticHyphenationFitsAndBreaksAtTheDictionarysPoints() throws {
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Self.paragraph)
    let manual = try engine.layout(text, options: Self.options(width: 150, hyphens: .manual))
    let auto = try engine.layout(text, options: Self.options(width: 150, hyphens: .auto))
    #expect(manual.lines.allSatisfy { !$0.isHyphenated })
    let hyphenated = auto.lines.filter(\.isHyphenated)
    #expect(hyphenated.count >= 2)
    #expect(auto.lines.count <= manual.lines.count)
    let utf16 = Array(text.string.utf16)
    for line in auto.lines {
      #expect(line.width <= 150, "\(line)")
      guard line.isHyphenated else { continue }
      // The break is inside a word, at one of the points the word's own hyphenation has.
      let end = line.location + line.length
      let before = Character(UnicodeScalar(utf16[end - 1]) ?? " ")
      let after = Character(UnicodeScalar(utf16[end]) ?? " ")
      #expect(before.isLetter && after.isLetter)
      #expect(Self.inserted(line).count == 1 && line.runs.last?.isInserted == true)
    }
    // Every character is on exactly one line.
    #expect(auto.lines.reduce(0) { $0 + $1.length } == utf16.count)
  }

  @Test func aWordNoPointFitsBreaksWithoutAHyphen() throws {
    let word = "Hyphenation"
    let options = Self.options(width: 18, hyphens: .auto)
    let (_, layout) = try LayoutSupport.layout(word, options: options)
    #expect(layout.lines.count > 2)
    #expect(layout.lines.dropLast().allSatisfy { $0.breakReason == .emergency })
    #expect(layout.lines.allSatisfy { !$0.isHyphenated && $0.runs.allSatisfy { !$0.isInserted } })
  }

  @Test func emergencyBreaksDrawAHyphenWhenAsked() throws {
    var options = Self.options(width: 30, hyphens: .manual)
    options.hyphenatesEmergencyBreaks = true
    let (text, layout) = try LayoutSupport.layout("Hyphenation", options: options)
    #expect(layout.lines.count > 2)
    for line in layout.lines.dropLast() {
      #expect(line.breakReason == .emergency && line.isHyphenated)
      #expect(line.width <= 30)
      #expect(line.runs.last?.isInserted == true)
    }
    #expect(try #require(layout.lines.last).isHyphenated == false)
    #expect(LayoutSupport.lineTexts(layout, text).joined() == "Hyphenation")
  }

  @Test func theLimitsTurnHyphenationOff() throws {
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Self.paragraph)
    var options = Self.options(width: 150, hyphens: .auto)
    options.hyphenationLimits = .init(minimumWordLength: 40, before: 2, after: 2)
    let layout = try engine.layout(text, options: options)
    let manual = try engine.layout(text, options: Self.options(width: 150, hyphens: .manual))
    #expect(layout == manual)
  }

  @Test func aLanguageWithoutADictionaryHyphenatesAsManual() throws {
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Self.paragraph + " Soft\u{AD}hyphens stay.")
    for language in ["de", nil] {
      let auto = try engine.layout(
        text, options: Self.options(width: 150, hyphens: .auto, language: language))
      let manual = try engine.layout(
        text, options: Self.options(width: 150, hyphens: .manual, language: language))
      #expect(auto.lines == manual.lines)
      #expect(auto.warnings.map(\.kind) == [.missingHyphenationDictionary])
      #expect(manual.warnings.isEmpty)
    }
  }

  @Test func aTapOnTheHyphenHitsTheBreak() throws {
    let (_, hy) = try LayoutSupport.layout("a hy\u{2010}")
    let (text, layout) = try LayoutSupport.layout("a hy\u{AD}phen", width: hy.lines[0].width + 1)
    try #require(layout.lines.count == 2 && layout.lines[0].isHyphenated)
    let hyphen = try #require(Self.inserted(layout.lines[0]).first?.glyphs.first)
    let tester = HitTester(layout: layout, text: text)
    let y = layout.lines[0].y + layout.lines[0].height / 2
    for x in [hyphen.x + 0.5, hyphen.x + hyphen.advance / 2, hyphen.x + hyphen.advance - 0.5] {
      #expect(tester.characterIndex(atX: x, y: y) == 5)
      #expect(tester.caretPosition(atX: x, y: y) == CaretPosition(index: 5, affinity: .upstream))
    }
    // A selection across the break covers the hyphen; one that ends at it does not.
    let across = tester.rects(for: 2..<7)
    #expect(across.first.map { $0.x + $0.width } == hyphen.x + hyphen.advance)
    let before = tester.rects(for: 2..<5)
    #expect(before.first.map { $0.x + $0.width } == hyphen.x)
  }

  @Test func theHyphenTakesItsWordsLinkAndColor() throws {
    let (_, hy) = try LayoutSupport.layout("a hy\u{2010}")
    let (_, layout) = try LayoutSupport.layout(
      "a %{https://example.com}L%0Chy\u{AD}phen%c%l", width: hy.lines[0].width + 1)
    let hyphen = try #require(Self.inserted(layout.lines[0]).first)
    #expect(hyphen.link == 0)
    #expect(hyphen.color == LayoutSupport.formatter.colors[0])
    let rect = try #require(layout.links.first?.rects.first)
    let glyph = try #require(hyphen.glyphs.first)
    #expect(rect.x + rect.width >= glyph.x + glyph.advance - 1e-9)
  }

  @Test func rightToLeftHyphensAreOnTheLeftAndKeepJoiningForms() throws {
    // Arabic letters that join through the soft hyphen: the line keeps their joined forms.
    let word = "\u{0628}\u{064A}\u{0628}\u{AD}\u{0628}\u{064A}\u{0628}"
    let whole = try LayoutSupport.layout(word, family: "Noto Naskh Arabic")
    let half = try LayoutSupport.layout(
      "\u{0628}\u{064A}\u{0628}\u{AD}", family: "Noto Naskh Arabic")
    var options = LayoutOptions(width: half.lines[0].width + 8)
    options.hyphens = .manual
    let layout = try LayoutSupport.layout(word, family: "Noto Naskh Arabic", options: options)
    try #require(layout.lines.count == 2 && layout.lines[0].isHyphenated)
    let first = layout.lines[0]
    #expect(first.direction == .rightToLeft)
    #expect(first.runs.first?.isInserted == true)
    let wholeGlyphs = whole.lines[0].runs.flatMap(\.glyphs).filter { $0.cluster < 3 }
    let lineGlyphs = first.runs.filter { !$0.isInserted }.flatMap(\.glyphs).filter {
      $0.cluster < 3
    }
    #expect(lineGlyphs.map(\.id) == wholeGlyphs.map(\.id))
    #expect(first.width <= options.width ?? 0)
  }

  @Test func jsonMarksTheLineAndTheRun() throws {
    let (_, hy) = try LayoutSupport.layout("hy\u{AD}")
    let (_, layout) = try LayoutSupport.layout("hy\u{AD}phen", width: hy.lines[0].width + 8)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(layout), as: UTF8.self)
    try expectGolden(json, named: "layout-soft-hyphen.json")
    #expect(try JSONDecoder().decode(Layout.self, from: Data(json.utf8)) == layout)
    #expect(json.components(separatedBy: "\"hyphenated\" : true").count == 2)
    #expect(json.components(separatedBy: "\"inserted\" : true").count == 2)
  }
}
