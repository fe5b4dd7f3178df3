/// Galley's own line reordering: UAX #9 rules L1 and L2 over one line.
///
/// ICU resolves levels per paragraph (``BidiLevels``); line breaking works in logical order;
/// then each line goes through L1 (its trailing white space to the paragraph level) and L2
/// (the visual order). ICU's `ubidi_getVisualMap` is not used, so the same code orders a
/// line's characters in the conformance test and its runs in the pipeline.
enum VisualOrder {
  /// Applies rule L1 to one line's levels.
  ///
  /// Segment separators (S), paragraph separators (B), and every sequence of white space and
  /// isolate formatters before them or at the end of the line get the paragraph level. The
  /// characters rule X9 removes (BN, LRE, RLE, LRO, RLO, PDF), which Galley keeps, count as part
  /// of such a sequence, as UAX #9 section 5.2 ("Retaining BNs and Explicit Formatting
  /// Characters") says.
  ///
  /// - Parameters:
  ///   - levels: The resolved level of each of the line's characters, in logical order.
  ///   - classes: The bidi class of each character; as many as `levels`.
  ///   - baseLevel: The paragraph's embedding level.
  /// - Returns: The levels after L1.
  static func applyingL1(levels: [UInt8], classes: [BidiClass], baseLevel: UInt8) -> [UInt8] {
    precondition(levels.count == classes.count, "a bidi class for each level")
    var result = levels
    var sequenceStart: Int?
    for index in levels.indices {
      switch classes[index] {
      case .segmentSeparator, .paragraphSeparator:
        for reset in (sequenceStart ?? index)...index { result[reset] = baseLevel }
        sequenceStart = nil
      case let bidiClass where bidiClass.isResetBeforeSeparators:
        if sequenceStart == nil { sequenceStart = index }
      default:
        sequenceStart = nil
      }
    }
    if let sequenceStart {
      for reset in sequenceStart..<levels.count { result[reset] = baseLevel }
    }
    return result
  }

  /// Applies rule L2 to one line: the logical indices of its characters in visual order, left
  /// to right.
  ///
  /// From the highest level down to the lowest odd level on the line, every maximal sequence
  /// at that level or higher is reversed. The cost is the line's length times its number of
  /// levels.
  ///
  /// - Parameter levels: The level of each character after L1, in logical order.
  /// - Returns: A permutation of `levels.indices`.
  static func reorder(levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard let highest = levels.max(), let lowest = levels.min() else { return order }
    let lowestOdd = lowest | 1
    guard highest >= lowestOdd else { return order }
    for level in (lowestOdd...highest).reversed() {
      var start = 0
      while start < order.count {
        guard levels[order[start]] >= level else {
          start += 1
          continue
        }
        var end = start + 1
        while end < order.count, levels[order[end]] >= level { end += 1 }
        order[start..<end].reverse()
        start = end
      }
    }
    return order
  }

  /// Applies rule L2 to one line's runs: the indices of its runs in visual order, left to right.
  ///
  /// Runs are items with a level like characters, so this is ``reorder(levels:)``; a run's own
  /// glyphs read right to left when its level is odd.
  ///
  /// - Parameter runLevels: The level of each run after L1, in logical order.
  /// - Returns: A permutation of `runLevels.indices`.
  static func reorder(runLevels: [UInt8]) -> [Int] { reorder(levels: runLevels) }
}
