/// A range of the text that bidi analysis isolates as if an isolate initiator stood before it
/// and a PDI after it (UAX #9 rules X5a to X5c and X6a), though neither is in the text: the
/// truncation token.
///
/// ``BidiLevels`` hands ICU a UTF-16 copy of the text with the two controls inserted, and drops
/// their levels when it maps the result back, so no offset of the text changes. The range's
/// inside resolves on its own: its first strong character sets its direction (FSI), and a range
/// with none, such as `…`, takes its paragraph's (LRI or RLI). From outside, the range counts as
/// one neutral: the controls' resolved levels are kept (``openerLevel``, ``closerLevel``), and
/// ``LineReorderer`` stands them around the range when it orders a line (rule L2), so the range
/// moves as one piece: to the end side of a line it ends, to the start side of one it starts.
struct BidiIsolate: Hashable, Sendable {
  /// U+2066 LEFT-TO-RIGHT ISOLATE.
  static let leftToRightIsolate: UInt16 = 0x2066
  /// U+2067 RIGHT-TO-LEFT ISOLATE.
  static let rightToLeftIsolate: UInt16 = 0x2067
  /// U+2068 FIRST STRONG ISOLATE.
  static let firstStrongIsolate: UInt16 = 0x2068
  /// U+2069 POP DIRECTIONAL ISOLATE, inserted after the range.
  static let popDirectionalIsolate: UInt16 = 0x2069

  /// The isolated range, in UTF-8 offsets into the text.
  let utf8Range: Range<Int>
  /// The same range in UTF-16 offsets.
  let utf16Range: Range<Int>
  /// The initiator inserted before the range: U+2066 LRI, U+2067 RLI or U+2068 FSI.
  let opener: UInt16
  /// The resolved level of the initiator, after analysis (its paragraph's level before).
  private(set) var openerLevel: UInt8 = 0
  /// The resolved level of the PDI, after analysis (its paragraph's level before).
  private(set) var closerLevel: UInt8 = 0

  /// An isolate over a range of a text.
  ///
  /// - Parameters:
  ///   - utf8Range: The range to isolate, at scalar boundaries of the text.
  ///   - paragraph: The text.
  ///   - direction: The base direction the text is analyzed with.
  init(_ utf8Range: Range<Int>, in paragraph: Paragraph, direction: BidiBaseDirection) {
    self.utf8Range = utf8Range
    utf16Range = paragraph.utf16Range(utf8Range)
    opener = Self.opener(for: utf8Range, in: paragraph, direction: direction)
  }

  /// The initiator for a range: FSI when the range has a strong character outside isolates of
  /// its own (rule X5c then finds it), otherwise the isolate of its paragraph's direction.
  ///
  /// - Parameters:
  ///   - range: The isolated UTF-8 range.
  ///   - paragraph: The text.
  ///   - direction: The base direction; with `auto`, rules P2 and P3 over the range's
  ///     paragraph, the range left out as the isolate it becomes.
  /// - Returns: The initiator's UTF-16 code unit.
  private static func opener(
    for range: Range<Int>, in paragraph: Paragraph, direction: BidiBaseDirection
  ) -> UInt16 {
    if firstStrong(in: paragraph, from: range.lowerBound, to: range.upperBound) != nil {
      return firstStrongIsolate
    }
    let isRightToLeft: Bool
    switch direction {
    case .leftToRight: isRightToLeft = false
    case .rightToLeft: isRightToLeft = true
    case .auto:
      var start = range.lowerBound
      while start > 0, case let previous = paragraph.scalarStart(before: start),
        paragraph.bidiClass(at: previous) != .paragraphSeparator
      {
        start = previous
      }
      let strong = firstStrong(in: paragraph, from: start, to: paragraph.count, skipping: range)
      isRightToLeft = strong.map { $0 != .leftToRight } ?? false
    }
    return isRightToLeft ? rightToLeftIsolate : leftToRightIsolate
  }

  /// The first strong character (L, R or AL) of a part of a paragraph, outside isolates (rule
  /// P2), up to the paragraph's separator.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - start: Where to start, a scalar boundary.
  ///   - end: Where to stop at the latest.
  ///   - skipped: A range to pass over as an isolate, or an empty one.
  /// - Returns: The character's class, or `nil` when there is none.
  private static func firstStrong(
    in paragraph: Paragraph, from start: Int, to end: Int, skipping skipped: Range<Int> = 0..<0
  ) -> BidiClass? {
    var depth = 0
    var offset = start
    while offset < end {
      if skipped.contains(offset) {
        offset = skipped.upperBound
        continue
      }
      let bidiClass = paragraph.bidiClass(at: offset)
      offset += paragraph.scalarLength(at: offset)
      switch bidiClass {
      case .leftToRight, .rightToLeft, .arabicLetter:
        if depth == 0 { return bidiClass }
      case .firstStrongIsolate, .leftToRightIsolate, .rightToLeftIsolate: depth += 1
      case .popDirectionalIsolate: depth = max(0, depth - 1)
      case .paragraphSeparator: return nil
      default: break
      }
    }
    return nil
  }

  /// The text's UTF-16 code units with the initiator and the PDI around the range.
  ///
  /// - Parameter paragraph: The text.
  /// - Returns: Two units more than the text has.
  func units(of paragraph: Paragraph) -> [UInt16] {
    var units = paragraph.offsets.units
    units.insert(Self.popDirectionalIsolate, at: utf16Range.upperBound)
    units.insert(opener, at: utf16Range.lowerBound)
    return units
  }

  /// Takes the controls out of ICU's results: keeps their levels, removes them from the
  /// levels, and moves the paragraph ends back to the text's offsets.
  ///
  /// - Parameters:
  ///   - levels: A level per unit of ``units(of:)``; afterwards, a level per unit of the text.
  ///   - paragraphEnds: Paragraph ends in the units of ``units(of:)``; afterwards, in the
  ///     text's.
  mutating func removeControls(from levels: inout [UInt8], paragraphEnds: inout ArraySlice<Int32>) {
    let openerIndex = utf16Range.lowerBound
    let closerIndex = utf16Range.upperBound + 1
    openerLevel = levels[openerIndex]
    closerLevel = levels[closerIndex]
    levels.remove(at: closerIndex)
    levels.remove(at: openerIndex)
    for index in paragraphEnds.indices {
      let end = Int(paragraphEnds[index])
      paragraphEnds[index] -= (end > openerIndex ? 1 : 0) + (end > closerIndex ? 1 : 0)
    }
  }

  /// Runs cut at the range's edges, where a level run crosses them.
  ///
  /// - Parameter runs: Level runs in logical order.
  /// - Returns: The same runs, those that cross an edge in two.
  func splitting(_ runs: [LevelRun]) -> [LevelRun] {
    var result: [LevelRun] = []
    result.reserveCapacity(runs.count + 2)
    for run in runs {
      var start = run.utf8Range.lowerBound
      for edge in [utf8Range.lowerBound, utf8Range.upperBound]
      where start < edge && edge < run.utf8Range.upperBound {
        result.append(LevelRun(utf8Range: start..<edge, level: run.level))
        start = edge
      }
      result.append(LevelRun(utf8Range: start..<run.utf8Range.upperBound, level: run.level))
    }
    return result
  }
}
