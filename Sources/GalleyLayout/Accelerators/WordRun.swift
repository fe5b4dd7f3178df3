/// A run cut into words, each a run of characters other than U+0020 and the spaces after it,
/// where its text and its face allow it: the words then shape alone as inside the run.
///
/// A run may be cut when every character is ``WordText`` of one script whose direction is
/// the run's, an Arabic run touches no character it could join to, and no lookup of the face
/// reaches across the space (``ShapingStyle/wordSplitting``). Only the run's last word can
/// lack a trailing space, and it comes last there too.
struct WordRun {
  let run: ShapingRun
  /// Characters a word may not start with (see ``WordSplitting``).
  let blocked: WordStarts

  /// The run, to be cut into words, or `nil` when it may not be.
  init?(_ run: ShapingRun) {
    guard run.isWordText, WordText.isRightToLeft(run.style.script) == run.style.isRightToLeft,
      !run.style.isRightToLeft || WordText.contextAllowsWords(run)
    else { return nil }
    switch run.style.wordSplitting {
    // A combining mark after a space joins the space's cluster: a word never starts with one.
    case .everywhere: blocked = WordStarts.combiningMarks
    case .exceptBefore(let starts): blocked = starts
    case .never: return nil
    }
    self.run = run
  }

  /// The run's words, in order.
  var words: [Range<Int>] { Self.words(in: run.paragraph, run.range, blocked: blocked) }

  /// The words of `range` of `paragraph`: each a run of non-spaces and the spaces after it,
  /// but a word that starts with a character of `blocked` stays with the word before it.
  static func words(
    in paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, blocked: WordStarts? = nil
  ) -> [Range<Int>] {
    var words: [Range<Int>] = []
    var start = range.lowerBound
    var index = start
    while index < range.upperBound {
      if paragraph[index] == 0x20,
        index + 1 == range.upperBound
          || paragraph[index + 1] != 0x20
            && blocked?.blocksWord(in: paragraph, at: index + 1) != true
      {
        words.append(start..<(index + 1))
        start = index + 1
      }
      index += 1
    }
    if start < range.upperBound { words.append(start..<range.upperBound) }
    return words
  }

  /// Shapes the run word by word: first the words `known` appends (a cache: given the words
  /// left, it appends the glyphs of those at their start it knows and says how many), then
  /// the next word with `shapeWord` (which appends its glyphs or declines it), and so on; the
  /// words declined are shaped together in one HarfBuzz call and put back in place.
  ///
  /// Words shape alone, so the declined words shaped one after another give each word its own
  /// glyphs, and one call instead of one per word saves most of HarfBuzz's cost per call.
  ///
  /// - Parameters:
  ///   - known: Appends known words (none when there is no cache).
  ///   - shapeWord: Appends a word's glyphs (clusters in the paragraph) or returns `false`.
  ///   - shaped: Sees the glyphs of each word `shapeWord` or HarfBuzz shaped, and the amount
  ///     to subtract from their clusters to count them from the word's start.
  ///   - declinesUntaken: Whether to decline the run when neither `known` nor `shapeWord`
  ///     took a word (the reference path then shapes it whole, for the same cost).
  /// - Returns: The run's glyphs in logical order, clusters in the paragraph, or `nil`.
  @inline(__always)
  func shape(
    known: (ArraySlice<Range<Int>>, inout [ShapedGlyph]) -> Int,
    shapeWord: (Range<Int>, inout [ShapedGlyph]) -> Bool,
    shaped: (Range<Int>, ArraySlice<ShapedGlyph>, _ shift: Int) -> Void,
    declinesUntaken: Bool
  ) -> [ShapedGlyph]? {
    let words = self.words
    var glyphs: [ShapedGlyph] = []
    // About a glyph per character: the bytes are a bound for all but rare multiple
    // substitutions, and growing the array as words come cost more than the rest of the loop.
    glyphs.reserveCapacity(run.range.count)
    // The words declined, with where their glyphs go in `glyphs`.
    var others: [(word: Range<Int>, index: Int)] = []
    var next = 0
    while next < words.count {
      next += known(words[next...], &glyphs)
      guard next < words.count else { break }
      let word = words[next]
      let start = glyphs.count
      if shapeWord(word, &glyphs) {
        shaped(word, glyphs[start...], word.lowerBound)
      } else {
        others.append((word, start))
      }
      next += 1
    }
    guard !others.isEmpty else { return glyphs }
    if declinesUntaken && others.count == words.count { return nil }
    return merging(shapeTogether(others.map(\.word)), into: glyphs, at: others) { word, glyphs in
      shaped(word, glyphs, 0)
    }
  }

  /// The words, shaped one after another in one HarfBuzz call in the run's style; clusters
  /// count in the words' bytes put end to end.
  private func shapeTogether(_ words: [Range<Int>]) -> [ShapedGlyph] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(words.reduce(0) { $0 + $1.count })
    for word in words { bytes.append(contentsOf: run.paragraph[word]) }
    return bytes.withUnsafeBufferPointer { bytes in
      ReferenceShaper.shapeAlone(bytes, 0..<bytes.count, style: run.style, buffer: run.buffer)
    }
  }

  /// `glyphs` with the glyphs of `others` (shaped end to end, in logical order) inserted where
  /// each word's glyphs go, clusters moved back to the paragraph; `found` sees each word's
  /// glyphs with clusters relative to the word.
  private func merging(
    _ shaped: [ShapedGlyph], into glyphs: [ShapedGlyph],
    at others: [(word: Range<Int>, index: Int)],
    _ found: (Range<Int>, ArraySlice<ShapedGlyph>) -> Void
  ) -> [ShapedGlyph] {
    var merged: [ShapedGlyph] = []
    merged.reserveCapacity(glyphs.count + shaped.count)
    var copied = 0
    var used = 0
    var start = 0
    for other in others {
      merged.append(contentsOf: glyphs[copied..<other.index])
      copied = other.index
      let end = start + other.word.count
      let first = used
      while used < shaped.count, shaped[used].cluster < end { used += 1 }
      var word = shaped[first..<used]
      for index in word.indices { word[index].cluster -= start }
      found(other.word, word)
      merged.append(word: word, at: other.word.lowerBound)
      start = end
    }
    merged.append(contentsOf: glyphs[copied...])
    return merged
  }
}
