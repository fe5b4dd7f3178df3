extension PairShapes: ShapingAccelerator {
  /// Left-to-right styles with characters that shape pair by pair (in their face, with their
  /// features).
  func accepts(_ style: ShapingStyle) -> Bool {
    !style.isRightToLeft && style.hasPairMembers
  }

  /// A run of ``WordText`` put together from pairs: word by word where the run may be cut
  /// into words (``WordRun``; the words that are not all members go to HarfBuzz together),
  /// else whole; declined when no part of it comes from pairs.
  func shape(_ run: ShapingRun, later: AcceleratorChain) -> [ShapedGlyph]? {
    guard run.isWordText else { return nil }
    var pairs = PairRun(shapes: self, run: run)
    if let words = WordRun(run) {
      return words.shape(
        known: { _, _ in 0 },
        shapeWord: { word, glyphs in
          pairs.append(word, to: &glyphs)
        },
        shaped: { _, _, _ in }, declinesUntaken: true)
    }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(run.range.count)
    return pairs.append(run.range, to: &glyphs) ? glyphs : nil
  }

  /// The run's pairs, for the word cache's new words (a run of ``WordText`` only).
  func wordShaper(for run: ShapingRun) -> (any WordShaper)? {
    run.isWordText ? PairRun(shapes: self, run: run) : nil
  }
}
