internal import CICU
internal import GalleySupport

/// The output of bidi analysis: a text's UAX #9 paragraphs and its embedding levels as runs.
///
/// ICU resolves the levels (rules P1 to I2, and L1 at each paragraph's end and before its
/// separators); L1 at the ends of lines and the visual order (L2) are Galley's, in
/// ``VisualOrder``, once lines are known. Offsets are UTF-8. Only the runs and paragraphs are
/// kept, not a level per character.
///
/// Two things of ICU's show in the levels. Text that resolves to one direction only (all
/// levels even, or all odd) comes back all at the paragraph level: `١٢٣` in a left-to-right
/// paragraph is at 0, not 2; the visual order is the same. And ICU 72 (Debian 12) differs from
/// UAX #9 since Unicode 8.0 on overrides around isolates and brackets, on a nonspacing mark
/// after a bracket, and past 63 nested brackets: 30 of the 91,707 lines of
/// `BidiCharacterTest.txt` (see `BidiConformanceTests`).
struct BidiLevels: Hashable, Sendable {
  /// The text's paragraphs in order, covering it; never empty (an empty text is one empty
  /// paragraph).
  private(set) var paragraphs: [BidiParagraph]
  /// Maximal ranges of one level in logical order, covering the text.
  ///
  /// A run never crosses a paragraph's end. Empty for an empty text.
  private(set) var runs: [LevelRun]
  /// The range analyzed as an isolate (the truncation token), with its controls' levels, or
  /// `nil`; ``runs`` are cut at its edges.
  private(set) var isolate: BidiIsolate?

  /// Analyzes a text, or returns `nil` when bidi can be skipped.
  ///
  /// Bidi is skipped when the direction is not right-to-left and ``BidiScan`` finds no
  /// right-to-left character and no bidi control: then every character is at level 0 and
  /// every paragraph is left-to-right.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - direction: The base direction of each of its paragraphs.
  ///   - isolated: A non-empty UTF-8 range to analyze as an isolate (``BidiIsolate``), or `nil`.
  ///   - separatorsEndParagraphs: Whether U+001C–U+001E end paragraphs, as UAX #9 says
  ///     (`true`), or are read as segment separators, as layouts read them.
  /// - Returns: The levels, or `nil` when the whole text is left-to-right at level 0.
  /// - Throws: ``LayoutError/Kind/bidiAnalysisFailed`` when ICU fails.
  static func analyze(
    _ paragraph: Paragraph, direction: BidiBaseDirection, isolating isolated: Range<Int>? = nil,
    separatorsEndParagraphs: Bool = true
  ) throws(LayoutError) -> BidiLevels? {
    guard BidiScan.requiresAnalysis(paragraph.bytes, direction: direction) else { return nil }
    return try BidiLevels(
      resolving: paragraph, direction: direction, isolating: isolated,
      separatorsEndParagraphs: separatorsEndParagraphs)
  }

  /// Resolves a text's levels with one call to ICU.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - direction: The base direction of each of its paragraphs.
  ///   - isolated: A non-empty UTF-8 range to analyze as an isolate, or `nil`.
  ///   - separatorsEndParagraphs: Whether U+001C–U+001E end paragraphs.
  /// - Throws: ``LayoutError/Kind/bidiAnalysisFailed`` when ICU fails.
  init(
    resolving paragraph: Paragraph, direction: BidiBaseDirection,
    isolating isolated: Range<Int>? = nil, separatorsEndParagraphs: Bool = true
  ) throws(LayoutError) {
    isolate = isolated.flatMap {
      $0.isEmpty ? nil : BidiIsolate($0, in: paragraph, direction: direction)
    }
    var units = isolate?.units(of: paragraph) ?? paragraph.offsets.units
    if !separatorsEndParagraphs { Self.readSeparatorsAsSegments(&units) }
    var levels = [UInt8](repeating: 0, count: units.count)
    // Paragraphs end after class B characters: counting the usual ones gives ICU room enough
    // in one call; a text with other B characters takes a second call.
    let capacity =
      1 + units.count(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x85 || $0 == 0x2029 })
    var ends = [Int32](repeating: 0, count: capacity)
    var baseLevels = [UInt8](repeating: 0, count: capacity)
    var count = Self.resolve(units, direction: direction, levels: &levels, ends: &ends, &baseLevels)
    if count > Int32(capacity) {
      ends = [Int32](repeating: 0, count: Int(count))
      baseLevels = [UInt8](repeating: 0, count: Int(count))
      count = Self.resolve(units, direction: direction, levels: &levels, ends: &ends, &baseLevels)
    }
    guard count >= 1 else {
      throw LayoutError(.bidiAnalysisFailed, "ICU could not resolve the text's bidi levels")
    }
    var paragraphEnds = ends.prefix(Int(count))
    isolate?.removeControls(from: &levels, paragraphEnds: &paragraphEnds)
    var start = 0
    paragraphs = (0..<Int(count)).map { index in
      let end = paragraph.offsets.utf8Offset(ofUTF16: Int(paragraphEnds[index]))
      defer { start = end }
      return BidiParagraph(utf8Range: start..<end, baseLevel: baseLevels[index])
    }
    runs = Self.runs(of: levels, splitAt: paragraphEnds, offsets: paragraph.offsets)
    if let isolate { runs = isolate.splitting(runs) }
  }

  /// Replaces U+001C–U+001E (class B) with U+001F (class S), so they end no paragraph.
  ///
  /// UAX #9 counts them as paragraph separators, but they break no line: a layout's
  /// paragraphs end where its lines must, and one paragraph keeps one direction, as FriBidi
  /// (under Pango) keeps one paragraph level. Both classes reset to the paragraph level
  /// (rule L1).
  private static func readSeparatorsAsSegments(_ units: inout [UInt16]) {
    for index in units.indices where (0x1C...0x1E).contains(units[index]) {
      units[index] = 0x1F
    }
  }

  /// Calls `galley_bidi_levels`.
  ///
  /// - Parameters:
  ///   - units: The text in UTF-16.
  ///   - direction: The base direction.
  ///   - levels: Receives a level per code unit.
  ///   - ends: Receives the paragraphs' UTF-16 ends, up to its count.
  ///   - baseLevels: Receives the paragraphs' levels, as many as `ends` has room for.
  /// - Returns: ICU's paragraph count, or -1.
  private static func resolve(
    _ units: [UInt16], direction: BidiBaseDirection, levels: inout [UInt8],
    ends: inout [Int32], _ baseLevels: inout [UInt8]
  ) -> Int32 {
    units.withUnsafeBufferPointer { text in
      levels.withUnsafeMutableBufferPointer { levels in
        ends.withUnsafeMutableBufferPointer { ends in
          baseLevels.withUnsafeMutableBufferPointer { baseLevels in
            galley_bidi_levels(
              text.baseAddress, Int32(text.count), direction.icuValue, levels.baseAddress,
              ends.baseAddress, baseLevels.baseAddress, Int32(ends.count))
          }
        }
      }
    }
  }

  /// Coalesces a level per UTF-16 unit into runs in UTF-8 offsets.
  ///
  /// - Parameters:
  ///   - levels: A level per code unit.
  ///   - paragraphEnds: UTF-16 offsets where runs must end even at equal levels.
  ///   - offsets: The text's offset tables.
  /// - Returns: The runs, in logical order.
  private static func runs(
    of levels: [UInt8], splitAt paragraphEnds: ArraySlice<Int32>, offsets: OffsetTable
  ) -> [LevelRun] {
    var runs: [LevelRun] = []
    var ends = paragraphEnds.makeIterator()
    var nextParagraphEnd = ends.next().map(Int.init) ?? levels.count
    var start = 0
    for index in levels.indices.dropFirst() {
      let isParagraphEnd = index == nextParagraphEnd
      if isParagraphEnd { nextParagraphEnd = ends.next().map(Int.init) ?? levels.count }
      guard isParagraphEnd || levels[index] != levels[start] else { continue }
      let range = offsets.utf8Offset(ofUTF16: start)..<offsets.utf8Offset(ofUTF16: index)
      runs.append(LevelRun(utf8Range: range, level: levels[start]))
      start = index
    }
    if start < levels.count {
      let range = offsets.utf8Offset(ofUTF16: start)..<offsets.utf8Offset(ofUTF16: levels.count)
      runs.append(LevelRun(utf8Range: range, level: levels[start]))
    }
    return runs
  }

  /// The index in ``runs`` of the run that holds a UTF-8 offset (``runs``' count past the
  /// text's end).
  ///
  /// - Parameter utf8Offset: An offset in the text.
  /// - Returns: The run's index.
  func runIndex(containing utf8Offset: Int) -> Int {
    runs.partitioningIndex { $0.utf8Range.upperBound > utf8Offset }
  }

  /// The embedding level of the character at a UTF-8 offset.
  ///
  /// - Parameter utf8Offset: An offset in the text; the text's end (or past it) gives the last
  ///   paragraph's base level, where a caret after the last character sits.
  /// - Returns: The level.
  func level(at utf8Offset: Int) -> UInt8 {
    let index = runIndex(containing: utf8Offset)
    guard index < runs.count else { return paragraph(containing: utf8Offset).baseLevel }
    return runs[index].level
  }

  /// The paragraph that holds a UTF-8 offset.
  ///
  /// - Parameter utf8Offset: An offset in the text; the text's end (or past it) gives the last
  ///   paragraph.
  /// - Returns: The paragraph.
  func paragraph(containing utf8Offset: Int) -> BidiParagraph {
    let index = paragraphs.partitioningIndex { $0.utf8Range.upperBound > utf8Offset }
    return paragraphs[Swift.min(index, paragraphs.count - 1)]
  }
}
