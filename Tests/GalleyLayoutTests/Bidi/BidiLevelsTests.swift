import Testing

@testable import GalleyLayout

/// ICU's levels as UTF-8 runs and paragraphs.
@Suite("Bidi levels from ICU")
struct BidiLevelsTests {
  /// A run: UTF-8 range and level.
  typealias Run = (range: Range<Int>, level: UInt8)

  /// Texts, directions, the paragraphs (range and base level) and the runs.
  static let cases: [(text: String, direction: BidiBaseDirection, paragraphs: [Run], runs: [Run])] =
    [
      ("abc", .rightToLeft, [(0..<3, 1)], [(0..<3, 2)]),
      ("", .rightToLeft, [(0..<0, 1)], []),
      ("abc שלום def", .leftToRight, [(0..<16, 0)], [(0..<4, 0), (4..<12, 1), (12..<16, 0)]),
      ("abc שלום def", .rightToLeft, [(0..<16, 1)], [(0..<3, 2), (3..<13, 1), (13..<16, 2)]),
      ("שלום abc", .auto, [(0..<12, 1)], [(0..<9, 1), (9..<12, 2)]),
      ("abc שלום", .auto, [(0..<12, 0)], [(0..<4, 0), (4..<12, 1)]),
      ("שלום\nabc", .auto, [(0..<9, 1), (9..<12, 0)], [(0..<9, 1), (9..<12, 0)]),
      ("ש\nש", .auto, [(0..<3, 1), (3..<5, 1)], [(0..<3, 1), (3..<5, 1)]),
      ("ש\r\nש", .auto, [(0..<4, 1), (4..<6, 1)], [(0..<4, 1), (4..<6, 1)]),
      // U+001C is a paragraph separator that the first guess of the paragraph count misses.
      (
        "a\u{1C}b\u{1C}c", .rightToLeft, [(0..<2, 1), (2..<4, 1), (4..<5, 1)],
        [(0..<1, 2), (1..<2, 1), (2..<3, 2), (3..<4, 1), (4..<5, 2)]
      ),
      ("a𐤀b", .leftToRight, [(0..<6, 0)], [(0..<1, 0), (1..<5, 1), (5..<6, 0)]),
      ("١٢٣ abc", .auto, [(0..<10, 0)], [(0..<6, 2), (6..<10, 0)]),
      // ICU's shortcut: text of one direction is all at the paragraph level (UAX #9 gives
      // the Arabic digits level 2; the order is the same).
      ("١٢٣", .auto, [(0..<6, 0)], [(0..<6, 0)]),
      ("\u{2067}abc\u{2069}", .leftToRight, [(0..<9, 0)], [(0..<3, 0), (3..<6, 2), (6..<9, 0)]),
    ]

  @Test("Paragraphs and runs in UTF-8 offsets", arguments: cases)
  func runs(_ text: String, _ direction: BidiBaseDirection, _ paragraphs: [Run], _ runs: [Run])
    throws
  {
    let levels = try #require(try BidiLevels.analyze(Paragraph(text), direction: direction))
    #expect(levels.paragraphs.map(\.utf8Range) == paragraphs.map(\.range))
    #expect(levels.paragraphs.map(\.baseLevel) == paragraphs.map(\.level))
    #expect(levels.runs.map(\.utf8Range) == runs.map(\.range))
    #expect(levels.runs.map(\.level) == runs.map(\.level))
  }

  @Test func layoutsReadInlineParagraphSeparatorsAsSegmentSeparators() throws {
    // UAX #9 starts a left-to-right paragraph at "r"; a layout keeps the first's direction,
    // so the trailing space resets to level 1 and ends the line visually.
    let text = "\u{5E0}\u{1C}r\u{5E0} "
    let split = try #require(try BidiLevels.analyze(Paragraph(text), direction: .auto))
    #expect(split.paragraphs.map(\.baseLevel) == [1, 0])
    let kept = try #require(
      try BidiLevels.analyze(Paragraph(text), direction: .auto, separatorsEndParagraphs: false))
    #expect(kept.paragraphs.map(\.baseLevel) == [1])
    #expect(kept.paragraphs.map(\.utf8Range) == [0..<text.utf8.count])
    #expect(kept.runs.map(\.level) == [1, 2, 1])
  }

  @Test("Left-to-right text skips ICU", arguments: ["", "plain", "日本語", "a\u{200E}b"])
  func skipsLeftToRight(_ text: String) throws {
    #expect(try BidiLevels.analyze(Paragraph(text), direction: .auto) == nil)
    #expect(try BidiLevels.analyze(Paragraph(text), direction: .leftToRight) == nil)
  }

  @Test("Levels and paragraphs at each offset, and at the text's end")
  func lookups() throws {
    let text = "ab שלום\nשלום cd"
    let levels = try #require(try BidiLevels.analyze(Paragraph(text), direction: .auto))
    let expected: [(offset: Int, level: UInt8, paragraph: Int)] = [
      (0, 0, 0), (2, 0, 0), (3, 1, 0), (10, 1, 0), (11, 0, 0), (12, 1, 1), (20, 1, 1),
      (21, 2, 1), (22, 2, 1), (23, 1, 1), (24, 1, 1),
    ]
    for row in expected {
      #expect(levels.level(at: row.offset) == row.level, "level at \(row.offset)")
      #expect(
        levels.paragraph(containing: row.offset) == levels.paragraphs[row.paragraph],
        "paragraph at \(row.offset)")
    }
    #expect(levels.paragraphs.map(\.isRightToLeft) == [false, true])
  }

  /// Texts with a range analyzed as an isolate: the range, the paragraphs, the runs (cut at
  /// the range's edges), the initiator chosen and the levels of the initiator and the PDI.
  static let isolateCases:
    [(
      text: String, direction: BidiBaseDirection, isolated: Range<Int>, paragraphs: [Run],
      runs: [Run], opener: UInt16, controlLevels: [UInt8]
    )] = [
      // A Hebrew token after English: FSI finds ע, and its space reads right to left too.
      ("abc עוד", .auto, 3..<10, [(0..<10, 0)], [(0..<3, 0), (3..<10, 1)], 0x2068, [0, 0]),
      // An English token after English in a Hebrew paragraph: a run of its own at level 2.
      (
        "שלום abc more", .auto, 12..<17, [(0..<17, 1)], [(0..<9, 1), (9..<12, 2), (12..<17, 2)],
        0x2068, [1, 1]
      ),
      // A neutral token takes its paragraph's direction (RLI, inside at level 3).
      (
        "שלום abc…", .auto, 12..<15, [(0..<15, 1)], [(0..<9, 1), (9..<12, 2), (12..<15, 3)],
        0x2067, [1, 1]
      ),
      // Between two English words the controls resolve to L, as a neutral there does.
      (
        "שלום abc…def", .auto, 12..<15, [(0..<18, 1)],
        [(0..<9, 1), (9..<12, 2), (12..<15, 3), (15..<18, 2)], 0x2067, [2, 2]
      ),
      ("שלום…", .leftToRight, 8..<11, [(0..<11, 0)], [(0..<8, 1), (8..<11, 2)], 0x2066, [0, 0]),
      // The token's strong characters do not set the paragraph's direction (rule P2 skips
      // isolates).
      ("123 עוד", .auto, 3..<10, [(0..<10, 0)], [(0..<3, 0), (3..<10, 1)], 0x2068, [0, 0]),
      // A neutral token in the second paragraph takes that paragraph's direction.
      (
        "abc\nשלום…", .auto, 12..<15, [(0..<4, 0), (4..<15, 1)],
        [(0..<4, 0), (4..<12, 1), (12..<15, 3)],
        0x2067, [1, 1]
      ),
    ]

  @Test("A range analyzed as an isolate", arguments: isolateCases)
  func isolate(
    _ text: String, _ direction: BidiBaseDirection, _ isolated: Range<Int>, _ paragraphs: [Run],
    _ runs: [Run], _ opener: UInt16, _ controlLevels: [UInt8]
  ) throws {
    let levels = try #require(
      try BidiLevels.analyze(Paragraph(text), direction: direction, isolating: isolated))
    #expect(levels.paragraphs.map(\.utf8Range) == paragraphs.map(\.range))
    #expect(levels.paragraphs.map(\.baseLevel) == paragraphs.map(\.level))
    #expect(levels.runs.map(\.utf8Range) == runs.map(\.range))
    #expect(levels.runs.map(\.level) == runs.map(\.level))
    let isolate = try #require(levels.isolate)
    #expect(isolate.utf8Range == isolated)
    #expect(isolate.opener == opener)
    #expect([isolate.openerLevel, isolate.closerLevel] == controlLevels)
  }

  @Test("An isolated range alone does not make left-to-right text go through ICU")
  func isolateSkipsLeftToRight() throws {
    #expect(try BidiLevels.analyze(Paragraph("abc …"), direction: .auto, isolating: 3..<7) == nil)
    #expect(
      try BidiLevels.analyze(Paragraph("abc עוד"), direction: .auto, isolating: 3..<10) != nil)
  }
}
