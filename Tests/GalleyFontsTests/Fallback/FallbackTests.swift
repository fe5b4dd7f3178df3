import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

@Suite("Character fallback")
struct FallbackTests {
  /// The lines of `corpus/multilingual.txt`, one per script, with the family that must
  /// draw the line's own script when DejaVu Sans is asked for.
  static let scripts: [(line: String, sample: Character, family: String)] = [
    ("Boys and girls around the world depend on fundamental opportunities.", "B", "DejaVu Sans"),
    (
      "Les garçons et les filles à travers le monde dépendent des opportunités fondamentales.", "ç",
      "DejaVu Sans"
    ),
    (
      "Los niños y las niñas de todo el mundo dependen de las oportunidades fundamentales.", "ñ",
      "DejaVu Sans"
    ),
    ("男の子と、世界中の女の子が根本的な機会に依存しています。", "男", "Droid Sans Fallback"),
    ("男孩和世界各地的女孩依靠基本的机会。", "孩", "Droid Sans Fallback"),
    (
      "Мальчики и девочки во всем мире зависит от фундаментальных возможностей.", "М", "DejaVu Sans"
    ),
    ("مرحبا بالعالم، هذا نص عربي قصير مع رقم 42 وكلمة English في الوسط.", "م", "DejaVu Sans"),
    ("שלום עולם, זה טקסט עברי קצר עם המספר 2026.", "ש", "DejaVu Sans"),
    ("नमस्ते दुनिया, यह एक छोटा हिंदी वाक्य है।", "न", "Noto Sans Devanagari"),
    ("สวัสดีชาวโลก นี่คือประโยคภาษาไทยสั้นๆ ที่ไม่มีช่องว่างระหว่างคำ", "ส", "Noto Sans Thai"),
    ("Emoji: 👍🏽 family 👨‍👩‍👧 flags 🇫🇷🇯🇵 and a keycap 3️⃣ in one line.", "👍🏽", "Noto Color Emoji"),
  ]

  @Test func corpusCopyMatchesTheSharedFile() throws {
    let url = URL(fileURLWithPath: HermeticFonts.packageRoot)
      .appendingPathComponent("corpus/multilingual.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines == Self.scripts.map(\.line))
  }

  /// A part of a text (an attributed run) gets offsets of the whole text, in both units, on
  /// the fast path (one face) and the clustering path (several).
  @Test("Runs of a substring report whole-text offsets", arguments: ["plain words", "男孩 and 👍🏽"])
  func substringRunsReportWholeTextOffsets(_ part: String) throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    let text = "Prefix é😀 " + part + " suffix"
    let start = text.range(of: part)?.lowerBound ?? text.startIndex
    let substring = text[start..<text.index(start, offsetBy: part.count)]
    let runs = fonts.fallbackRuns(for: substring, primary: primary)
    for run in runs {
      #expect(run.utf8Range == text.utf8.offsets(of: run.range))
      #expect(run.utf16Range == text.utf16.offsets(of: run.range))
    }
    #expect(
      runs.first?.utf8Range.lowerBound == text.utf8.distance(from: text.startIndex, to: start))
  }

  @Test func everyScriptFindsAFace() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    for script in Self.scripts {
      let runs = fonts.fallbackRuns(for: script.line, primary: primary)
      #expect(runs.allSatisfy { $0.face != nil }, "\(script.line)")
      // The runs partition the line.
      #expect(runs.first?.utf16Range.lowerBound == 0)
      #expect(runs.last?.utf16Range.upperBound == script.line.utf16.count)
      for (previous, next) in zip(runs, runs.dropFirst()) {
        #expect(previous.utf16Range.upperBound == next.utf16Range.lowerBound)
        #expect(previous.face != next.face || previous.isPrimary != next.isPrimary)
      }
      let sampleRun = try #require(runs.first { script.line[$0.range].contains(script.sample) })
      #expect(sampleRun.face?.family == script.family, "\(script.sample)")
    }
  }

  /// The first call fills the coverage table; later calls read it through the UTF-8 fast
  /// path, which must give the same runs and UTF-16 lengths.
  @Test func fastPathAgreesWithFirstAnswer() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    let texts = ["tab\there, naïve – “quoted” ∑", "Ωμέγα\u{7F}\u{85}end", "a😀b", "日本 and Latin"]
    for text in texts {
      let first = fonts.fallbackRuns(for: text, primary: primary)
      let second = fonts.fallbackRuns(for: text, primary: primary)
      #expect(first.map(\.utf16Range) == second.map(\.utf16Range), "\(text)")
      #expect(first.map(\.face) == second.map(\.face), "\(text)")
      #expect(second.last?.utf16Range.upperBound == text.utf16.count, "\(text)")
    }
    let covered = fonts.fallbackRuns(for: texts[0], primary: primary)
    #expect(covered.count == 1 && covered[0].isPrimary)
  }

  @Test func punctuationStaysWithTheFallbackInUse() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    let runs = fonts.fallbackRuns(for: "男の子と、世界。", primary: primary)
    #expect(runs.count == 1)
    #expect(runs.first?.face?.family == "Droid Sans Fallback")
  }

  @Test func emojiPreferColorFaces() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    for emoji in ["😀", "👨‍👩‍👧", "🇯🇵", "3️⃣", "👍🏽"] {
      let runs = fonts.fallbackRuns(for: emoji, primary: primary)
      #expect(runs.count == 1, "\(emoji)")
      #expect(runs.first?.face?.isColor == true, "\(emoji)")
    }
    #expect(fonts.fallbackFace(for: "😀", primary: primary)?.family == "Noto Color Emoji")
  }

  @Test func primaryFaceIsKeptWhenItHasTheGlyph() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "Lato", weight: 1)
    #expect(fonts.fallbackFace(for: "a", primary: primary) == primary.face)
    let runs = fonts.fallbackRuns(for: "Hello, world\n", primary: primary)
    #expect(runs.count == 1)
    #expect(runs.first?.isPrimary == true)
  }

  @Test func languageIsAccepted() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    for language in ["ja", "zh-cn", "ko", "xx-unknown"] {
      #expect(fonts.fallbackFace(for: "直", primary: primary, language: language) != nil)
    }
  }

  @Test func uncoveredCharactersHaveNoFace() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    // A private-use character no installed font draws.
    #expect(fonts.fallbackFace(for: "\u{10FFFD}", primary: primary) == nil)
    let runs = fonts.fallbackRuns(for: "a\u{10FFFD}b", primary: primary)
    #expect(runs.map(\.face?.family) == ["DejaVu Sans", nil, "DejaVu Sans"])
  }

  @Test func emptyAndControlOnlyText() throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: "DejaVu Sans")
    #expect(fonts.fallbackRuns(for: "", primary: primary).isEmpty)
    let controls = fonts.fallbackRuns(for: "\n\t\u{200D}", primary: primary)
    #expect(controls.count == 1)
    #expect(controls.first?.isPrimary == true)
  }

  /// A cluster whose marks the primary face lacks goes to the first face that has them all,
  /// as Pango and browsers choose, instead of drawing the marks as tofu; a mark after a space
  /// goes with its space to a face of its script; a cluster no face has whole keeps the face
  /// of its base.
  @Test(
    arguments: [
      ("v\u{20D7} F\u{20D7}", "Noto Sans", ["DejaVu Sans", "Noto Sans", "DejaVu Sans"]),
      ("a \u{0901}b", "Noto Sans", ["Noto Sans", "Noto Sans Devanagari", "Noto Sans"]),
      ("e\u{0301}", "Lato", ["Lato"]),
      ("x\u{0901}\u{20D7}", "Noto Sans", ["Noto Sans"]),
    ])
  func clustersGoToAFaceThatHasTheirMarks(
    _ text: String, _ family: String, _ expected: [String]
  ) throws {
    let fonts = try HermeticFonts.fontSet()
    let primary = try fonts.resolve(family: family)
    let runs = fonts.fallbackRuns(for: text, primary: primary)
    #expect(runs.map { $0.face?.family ?? "none" } == expected, "\(runs.map(\.utf16Range))")
  }
}

extension BidirectionalCollection where Index == String.Index {
  /// The offsets of a range of string indices in this view's code units.
  fileprivate func offsets(of range: Range<String.Index>) -> Range<Int> {
    distance(
      from: startIndex, to: range.lowerBound)..<distance(from: startIndex, to: range.upperBound)
  }
}
