extension WordShapes: ShapingAccelerator {
  /// Styles in a script of ``WordText`` whose features, if any, are interned (``WordRun``
  /// then checks the run and the lookups of its face and features).
  func accepts(_ style: ShapingStyle) -> Bool {
    (style.script == .latin || style.script == .common || WordText.isRightToLeft(style.script))
      && style.isCacheable
  }

  /// None: the cache passes on the words it lacks.
  func wordShaper(for run: ShapingRun) -> (any WordShaper)? { nil }

  /// A run that may be cut into words (``WordRun``), shaped by words while the cache pays.
  ///
  /// By words (``plan()``): known words from the cache, new ones from the later accelerators
  /// (pairs) or HarfBuzz, and kept. While the cache does not pay, the run is declined (the later
  /// accelerators or the reference path shape it), but one run in ``sampleInterval`` is
  /// still shaped by words, or whole and learned, so that text that starts repeating itself
  /// turns the cache back on.
  func shape(_ run: ShapingRun, later: AcceleratorChain) -> [ShapedGlyph]? {
    guard let words = WordRun(run) else { return nil }
    switch plan() {
    case .byWords:
      return shape(words, later: later)
    case .whole:
      return nil
    case .wholeAndLearn:
      // Pairs cost no more for a new word than for a known one.
      if later.accepts(run.style) { return shape(words, later: later) }
      let glyphs = ReferenceShaper.shape(run)
      learn(run.paragraph, words: words.words, glyphs: glyphs, style: run.style.key)
      return glyphs
    }
  }

  /// Shapes a run word by word: a word seen before from the cache, a new one from `later`
  /// where it takes it, and the others together in one HarfBuzz call; new words are then
  /// kept (a hit is cheaper than pairs where words come again).
  private func shape(_ words: WordRun, later: AcceleratorChain) -> [ShapedGlyph]? {
    let run = words.run
    let style = run.style.key
    // Found when a word first needs it (a run of known words never does).
    var laterWords: (any WordShaper)?
    var laterLooked = false
    return words.shape(
      known: { words, glyphs in
        appendKnown(run.paragraph, words: words, style: style, to: &glyphs)
      },
      shapeWord: { word, glyphs in
        if !laterLooked {
          laterWords = later.wordShaper(for: run)
          laterLooked = true
        }
        return laterWords?.append(word, to: &glyphs) ?? false
      },
      shaped: { word, glyphs, shift in
        remember(run.paragraph, word, style: style, glyphs: glyphs, shift: shift)
      }, declinesUntaken: false)
  }
}
