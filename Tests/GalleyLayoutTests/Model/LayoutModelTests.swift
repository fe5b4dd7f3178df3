import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// The typed facts a layout carries for later stages: each run's color, link and source range,
/// each line's visible length and ligature carets, and a JSON form that keeps schema 1's keys.
@Suite("Layout model: typed facts and the JSON form")
struct LayoutModelTests {
  /// Markup with links that wrap, fallback fonts, breaks of every kind and trailing spaces.
  static let markups = [
    "Tap %{https://example.com}L%0C%1Uhere%u%c%l for %Bmore%b, 男孩 %Ifun%i.",
    "%Lone link that wraps over several lines%l then plain text after it",
    "first\nsecond\r\nthird\u{2029}fourth  ",
    "%1Ffinal office%f and %Lfi%l",
    "",
  ]

  @Test("Runs tile their line in text order", arguments: markups)
  func runsTileTheirLine(_ markup: String) throws {
    let (_, layout) = try LayoutSupport.layout(markup, width: 90)
    for line in layout.lines {
      var next = line.location
      for run in line.runs {
        #expect(run.location == next)
        next = run.location + run.length
      }
      #expect(next == line.location + line.length)
    }
  }

  @Test("A run's link and color are its text's", arguments: markups)
  func runsCarryLinkAndColor(_ markup: String) throws {
    let (text, layout) = try LayoutSupport.layout(markup, width: 90)
    for run in layout.lines.flatMap(\.runs) where run.length > 0 {
      let inLink = text.links.first { $0.utf16Range.contains(run.location) }
      #expect(run.link == inLink?.index)
      let attributes = text.runs.first { $0.utf16Range.contains(run.location) }?.attributes
      #expect(run.color == attributes?.color)
    }
  }

  @Test func visibleLengthDropsOnlyTheBreak() throws {
    let (_, layout) = try LayoutSupport.layout("ab \r\ncd\u{2028}ef  ")
    #expect(layout.lines.map(\.length) == [5, 3, 4])
    #expect(layout.lines.map(\.visibleLength) == [3, 2, 4])
  }

  @Test func ligaturesRecordWhereTheirCharactersStart() throws {
    // DejaVu Serif draws "fi" as one glyph: the caret between f and i is recorded.
    let (_, layout) = try LayoutSupport.layout("%1Ffi ff%f")
    let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
    try #require(glyphs.count < 5, "DejaVu Serif makes no ligature here")
    #expect(layout.lines[0].ligatureCarets.contains(1))
    let (_, plain) = try LayoutSupport.layout("plain text")
    #expect(plain.lines[0].ligatureCarets.isEmpty)
  }

  /// Texts where clusters hold several scalars: ligatures, marks, emoji sequences, scripts that
  /// shape by syllable, controls inside words, and text after a right-to-left run.
  static let caretTexts = [
    "%1Ffinal office affluent%f fi", "e\u{301}e\u{301} cafe\u{301} naïve",
    "👩‍💻 👍🏽 🇫🇷 3️⃣ ok", "नमस्ते दुनिया क्षत्रिय", "สวัสดีชาวโลก", "مرحبا fi بالعالم",
    "a\u{1}b fi\u{7}x", "男孩 office 日本語",
  ]

  @Test("Ligature carets are the grapheme starts inside each cluster", arguments: caretTexts)
  func ligatureCaretsFollowTheGraphemeRules(_ markup: String) throws {
    for width in [nil, 60.0] {
      let (text, layout) = try LayoutSupport.layout(markup, width: width)
      // The grapheme starts of the whole text, in UTF-16.
      var starts: [Int] = []
      var offset = 0
      for character in text.string {
        starts.append(offset)
        offset += character.utf16.count
      }
      for line in layout.lines {
        let clusters = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
        var expected: [Int] = []
        for (position, start) in clusters.enumerated() {
          let end =
            position + 1 < clusters.count
            ? clusters[position + 1] : max(line.location + line.visibleLength, start + 1)
          expected += starts.filter { $0 > start && $0 < end }
        }
        #expect(line.ligatureCarets == expected, "\(markup) at \(String(describing: width))")
      }
    }
  }

  @Test("Hit-testing a decoded layout answers as the original", arguments: markups)
  func hitTestingSurvivesJSON(_ markup: String) throws {
    let (_, layout) = try LayoutSupport.layout(markup, width: 90)
    let decoded = try JSONDecoder().decode(Layout.self, from: try JSONEncoder().encode(layout))
    #expect(decoded == layout)
    let original = HitTester(layout: layout)
    let copy = HitTester(layout: decoded)
    for y in stride(from: -5.0, through: layout.size.height + 5, by: 3) {
      for x in stride(from: -5.0, through: layout.size.width + 5, by: 2.5) {
        #expect(copy.characterIndex(atX: x, y: y) == original.characterIndex(atX: x, y: y))
        #expect(
          copy.closestCharacterIndex(toX: x, y: y) == original.closestCharacterIndex(toX: x, y: y))
        #expect(copy.link(atX: x, y: y, tolerance: 4) == original.link(atX: x, y: y, tolerance: 4))
      }
    }
  }

  /// The golden from before the typed facts existed: its keys and values are all still
  /// written, unchanged, and it still decodes.
  @Test func schemaOneKeysAreUnchanged() throws {
    let golden = goldenFolder(for: #filePath)
    let before = try Data(
      contentsOf: golden.appendingPathComponent("layout-link-wrap-before-issue-12.json"))
    let now = try Data(contentsOf: golden.appendingPathComponent("layout-link-wrap.json"))
    // Issue 12's keys, and issue 14's (`direction` on lines, `level` and `range` on runs).
    let added: Set<String> = [
      "visibleLength", "ligatureCarets", "link", "location", "length", "direction", "level",
      "range",
    ]
    var stripped = try #require(
      Self.removing(added, from: try JSONSerialization.jsonObject(with: now), keepingIn: ["links"])
        as? [String: Any])
    // Issue 13's layout keys (and `token`, absent from text that was not truncated).
    #expect(stripped["scale"] as? Double == 1)
    #expect(stripped["truncation"] is NSNull)
    stripped["scale"] = nil
    stripped["truncation"] = nil
    #expect(
      NSDictionary(dictionary: stripped)
        == (try JSONSerialization.jsonObject(with: before)) as? NSDictionary
    )

    let old = try JSONDecoder().decode(Layout.self, from: before)
    for line in old.lines {
      #expect(line.visibleLength == line.length)
      #expect(line.ligatureCarets.isEmpty)
      for run in line.runs {
        #expect(run.link == nil)
        #expect(run.location == run.glyphs.map(\.cluster).min())
      }
    }
  }

  /// `value` without `keys` in the objects of runs and lines (link regions keep their own
  /// `location` and `length`, which schema 1 had).
  private static func removing(_ keys: Set<String>, from value: Any, keepingIn kept: Set<String>)
    -> Any
  {
    if let array = value as? [Any] {
      return array.map { removing(keys, from: $0, keepingIn: kept) }
    }
    guard let object = value as? [String: Any] else { return value }
    var result: [String: Any] = [:]
    for (key, child) in object {
      if kept.contains(key) {
        result[key] = child
      } else {
        result[key] = removing(keys, from: child, keepingIn: kept)
      }
    }
    // A run or a line: the objects that have glyphs or runs.
    if object["glyphs"] != nil || object["runs"] != nil {
      for key in keys { result[key] = nil }
      if object["runs"] != nil {
        result["location"] = object["location"]
        result["length"] = object["length"]
      }
    }
    return result
  }
}
