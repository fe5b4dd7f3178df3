internal import CHarfBuzz

/// One glyph from HarfBuzz, in logical (text) order, positions in 26.6 pixels.
struct ShapedGlyph: Hashable, Sendable {
  var glyph: UInt32
  /// UTF-8 offset into the paragraph of the cluster this glyph belongs to.
  var cluster: Int
  var xAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
  /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: breaking before this glyph's cluster needs
  /// re-shaping.
  var isUnsafeToBreak: Bool
}

extension [ShapedGlyph] {
  /// Appends a word's glyphs, whose clusters count from the word's start, with their clusters
  /// moved to the word's offset in the paragraph.
  mutating func append(word: [ShapedGlyph], at offset: Int) {
    for glyph in word {
      var placed = glyph
      placed.cluster += offset
      append(placed)
    }
  }
}

/// Owns one `hb_buffer_t`, reused for every run of one layout (cleared before each use), so
/// shaping does not allocate a buffer per run.
///
/// Not `Sendable`: a buffer is one-thread-at-a-time; each layout call makes its own. The
/// corresponding C functions are `hb_buffer_create`, `hb_buffer_clear_contents` and
/// `hb_buffer_destroy`.
final class ShapingBuffer {
  let handle: OpaquePointer  // hb_buffer_t *
  /// The word cache that runs which allow it are shaped through, or `nil` to shape every run
  /// whole.
  let words: WordShapes?
  /// The pairs that runs of characters which shape pair by pair are put together from, or
  /// `nil` to shape them with HarfBuzz.
  let pairs: PairShapes?

  init(words: WordShapes?, pairs: PairShapes? = nil) {
    self.words = words
    self.pairs = pairs
    // hb_buffer_create returns the empty buffer, never NULL, when memory runs out.
    handle = hb_buffer_create().unsafelyUnwrapped
  }

  deinit { hb_buffer_destroy(handle) }
}

/// Shapes runs of a paragraph with HarfBuzz.
enum Shaper {
  /// Shapes `range` of `paragraph`, passing the whole paragraph as context.
  ///
  /// - Parameters:
  ///   - paragraph: The paragraph's UTF-8 bytes.
  ///   - range: UTF-8 offsets of the run inside `paragraph`.
  ///   - font: The font at its size.
  ///   - language: A BCP 47 tag, or `nil`.
  ///   - isRightToLeft: The run's direction, from its bidi level: HarfBuzz mirrors brackets
  ///     and applies the font's right-to-left features in a right-to-left run.
  ///   - shapingBuffer: The buffer to shape in; cleared first.
  /// - Returns: Glyphs in logical order (right-to-left runs are reversed back), with clusters
  ///   as UTF-8 offsets into `paragraph`.
  ///
  /// The corresponding C functions are `hb_buffer_add_utf8`, `hb_buffer_set_direction`,
  /// `hb_buffer_guess_segment_properties` and `hb_shape`.
  static func shape(
    _ paragraph: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: ShapingFont,
    language: String?, isRightToLeft: Bool = false, buffer shapingBuffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    guard !range.isEmpty, paragraph.baseAddress != nil else { return [] }
    guard let script = wordScript(paragraph, range), script.isRightToLeft == isRightToLeft,
      !isRightToLeft || contextAllowsWords(paragraph, range, script)
    else {
      return shapeWhole(
        paragraph, range: range, font: font, language: language, isRightToLeft: isRightToLeft,
        shapingBuffer)
    }
    // Pairs serve left-to-right runs in faces that have members; a table is found when a word
    // needs one.
    let pairs = isRightToLeft || !font.face.hasPairMembers ? nil : shapingBuffer.pairs
    let blocked: WordStarts
    switch font.face.wordSplitting(rightToLeft: isRightToLeft) {
    // A combining mark after a space joins the space's cluster: a word never starts with one.
    case .everywhere: blocked = WordStarts.combiningMarks
    case .exceptBefore(let starts): blocked = starts
    case .never:
      return shapeByPairs(pairs, paragraph, range, script, font, language, shapingBuffer)
        ?? shapeWhole(
          paragraph, range: range, font: font, language: language, isRightToLeft: isRightToLeft,
          shapingBuffer)
    }
    let run = WordRun(
      paragraph: paragraph, range: range, script: script, font: font, language: language,
      blocked: blocked)
    guard let words = shapingBuffer.words else {
      return shapeByPairs(pairs, paragraph, range, script, font, language, shapingBuffer)
        ?? shapeWhole(
          paragraph, range: range, font: font, language: language, isRightToLeft: isRightToLeft,
          shapingBuffer)
    }
    switch words.plan() {
    case .byWords:
      return shapeByWords(run, words: words, pairs: pairs, shapingBuffer)
    case .whole:
      // Pairs cost no more for a new word than for a known one: by words, without the cache.
      if pairs != nil {
        return shapeByWords(run, words: nil, pairs: pairs, shapingBuffer)
      }
      return shapeWhole(
        paragraph, range: range, font: font, language: language, isRightToLeft: isRightToLeft,
        shapingBuffer)
    case .wholeAndLearn:
      // The sample measures the cache's rate and teaches it the run's words, so text that
      // starts repeating itself turns the cache back on; with pairs, by words through it.
      if pairs != nil {
        return shapeByWords(run, words: words, pairs: pairs, shapingBuffer)
      }
      let glyphs = shapeWhole(
        paragraph, range: range, font: font, language: language, isRightToLeft: isRightToLeft,
        shapingBuffer)
      words.learn(
        paragraph, words: Self.words(in: paragraph, range, blocked: blocked), glyphs: glyphs,
        font: font, script: script, language: language)
      return glyphs
    }
  }

  /// A run's glyphs put together from pairs, or `nil` when a character does not shape pair by
  /// pair (or there are no pairs).
  private static func shapeByPairs(
    _ pairs: PairShapes?, _ paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ script: WordScript, _ font: ShapingFont, _ language: String?, _ buffer: ShapingBuffer
  ) -> [ShapedGlyph]? {
    guard var run = pairs?.run(font: font, script: script, language: language) else {
      return nil
    }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(range.count)
    return run.append(paragraph, range, buffer: buffer, to: &glyphs) ? glyphs : nil
  }

  /// Shapes `range` of `paragraph` in one HarfBuzz call, the whole paragraph as context.
  private static func shapeWhole(
    _ paragraph: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: ShapingFont,
    language: String?, isRightToLeft: Bool, _ shapingBuffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    guard let base = paragraph.baseAddress else { return [] }
    let buffer = shapingBuffer.handle
    hb_buffer_clear_contents(buffer)
    base.withMemoryRebound(to: CChar.self, capacity: paragraph.count) { characters in
      hb_buffer_add_utf8(
        buffer, characters, Int32(paragraph.count), UInt32(range.lowerBound), Int32(range.count))
    }
    if let language {
      hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
    }
    // The direction comes from the bidi level; HarfBuzz guesses only the script.
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font.handle, buffer, nil, 0)
    var glyphs = copyGlyphs(buffer, text: paragraph, clusterBase: 0)
    if isRightToLeft { glyphs.reverse() }
    return glyphs
  }

  /// Whether the character at `offset` is a control character (C0 and C1, and DEL).
  ///
  /// Controls take no space and draw nothing; fonts would give them `.notdef` boxes, so
  /// their glyphs are dropped as they are copied out of HarfBuzz. Tab and the line-break
  /// characters (LF, VT, FF, CR, NEL) are left for line breaking and positioning.
  @inline(__always)
  static func isControl(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let byte = text[offset]
    if byte >= 0x20 && byte != 0x7F && byte != 0xC2 { return false }
    switch byte {
    case 0x09...0x0D: return false
    case 0xC2:
      // U+0080 to U+009F, but NEL (U+0085).
      guard offset + 1 < text.count else { return false }
      let next = text[offset + 1]
      return next >= 0x80 && next <= 0x9F && next != 0x85
    default: return true
    }
  }

  /// The shaped glyphs of `buffer`, copied out (its arrays belong to it), without those of
  /// control characters (see ``isControl(_:at:)``).
  ///
  /// - Parameters:
  ///   - buffer: The shaped buffer.
  ///   - text: The paragraph the buffer's text came from.
  ///   - clusterBase: The offset in `text` that cluster 0 stands for.
  /// - Returns: The glyphs, in the buffer's order.
  private static func copyGlyphs(
    _ buffer: OpaquePointer, text: UnsafeBufferPointer<UInt8>, clusterBase: Int
  ) -> [ShapedGlyph] {
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      if isControl(text, at: clusterBase + Int(infos[index].cluster)) { continue }
      let flags = hb_glyph_info_get_glyph_flags(infos + index)
      glyphs.append(
        ShapedGlyph(
          glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
          xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset,
          isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
    }
    return glyphs
  }

  /// Whether a run can be shaped word by word, and its script: `nil` when a character is
  /// outside the ranges below (other scripts, combining marks outside Hebrew and Arabic,
  /// joiners, bidi controls, the fraction slash) or the run has letters of two scripts.
  ///
  /// Accepted: everything below U+0250, where every letter is Latin and everything else is
  /// Common, plus the dashes, quotation marks, bullets and ellipsis of U+2010 to U+2027, the
  /// Common punctuation of U+2030 to U+205E but the fraction slash U+2044 (HarfBuzz forms
  /// fractions around it), and the currency signs of U+20A0 to U+20BF; Hebrew letters and
  /// points (U+0591 to U+05F4); and the Arabic block from U+060B to U+06FF but the Arabic
  /// letter mark U+061C and the end of ayah U+06DD (the prepended number signs before U+060B
  /// reach over the next word). The run's script is the script of its characters that are
  /// neither Common nor Inherited in Unicode's Scripts.txt (the Arabic comma, semicolon,
  /// question mark, tatweel and harakat are not Arabic there): what
  /// `hb_buffer_guess_segment_properties` would find.
  static func wordScript(
    _ paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> WordScript? {
    var script = WordScript.common
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = paragraph[index]
      if byte < 0x80 {
        // ASCII letters.
        if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
          guard let merged = script.merged(with: .latin) else { return nil }
          script = merged
        }
        index += 1
        continue
      }
      if byte == 0xE2 {
        guard index + 2 < range.upperBound,
          isCommonPunctuation(paragraph[index + 1], paragraph[index + 2])
        else { return nil }
        index += 3
        continue
      }
      // Two-byte sequences: up to U+024F (lead bytes C2 to C9), Hebrew and Arabic (D6 to DB).
      guard byte >= 0xC2, byte <= 0xDB, index + 1 < range.upperBound else { return nil }
      let next = paragraph[index + 1]
      guard next & 0xC0 == 0x80 else { return nil }
      let scalar = UInt32(byte & 0x1F) << 6 | UInt32(next & 0x3F)
      guard let letter = twoByteScript(scalar), let merged = script.merged(with: letter) else {
        return nil
      }
      script = merged
      index += 2
    }
    return script
  }

  /// The word script of a two-byte scalar (U+0080 to U+07FF), or `nil` for one outside the
  /// accepted ranges.
  private static func twoByteScript(_ scalar: UInt32) -> WordScript? {
    switch scalar {
    // ª, º and the Latin-1 and Latin Extended letters (not × and ÷).
    case 0xAA, 0xBA: return .latin
    case 0xC0..<0x250: return scalar == 0xD7 || scalar == 0xF7 ? .common : .latin
    case 0x80..<0xC0: return .common
    case 0x591...0x5F4: return .hebrew
    case 0x61C, 0x6DD: return nil
    // Common (Arabic comma, semicolon, question mark, tatweel) and Inherited (the harakat,
    // superscript alef) in Scripts.txt: they take the script of the letters around them.
    case 0x60C, 0x61B, 0x61F, 0x640, 0x64B...0x655, 0x670: return .common
    case 0x60B...0x6FF: return .arabic
    default: return nil
    }
  }

  /// Whether a right-to-left run's words may be shaped alone: an Arabic run must not touch a
  /// character it could join to (only ASCII may stand right before or after it), since a word
  /// shaped alone has no context.
  private static func contextAllowsWords(
    _ paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ script: WordScript
  ) -> Bool {
    guard script == .arabic else { return true }
    if range.lowerBound > 0, paragraph[range.lowerBound - 1] >= 0x80 { return false }
    if range.upperBound < paragraph.count, paragraph[range.upperBound] >= 0x80 { return false }
    return true
  }

  /// Whether the three-byte sequence E2 `second` `third` is in the punctuation and currency
  /// ranges ``wordScript(_:_:)`` accepts.
  private static func isCommonPunctuation(_ second: UInt8, _ third: UInt8) -> Bool {
    guard third & 0xC0 == 0x80 else { return false }
    switch second {
    case 0x80: return (0x90...0xA7).contains(third) || third >= 0xB0  // U+2010–2027, 2030–203F
    case 0x81: return third <= 0x9E && third != 0x84  // U+2040–205E but U+2044
    case 0x82: return third >= 0xA0  // U+20A0–20BF
    default: return false
    }
  }

  /// Shapes a run word by word (each word with the spaces after it): a word seen before from
  /// the font's word cache (when there is one), a new one from pairs where its characters
  /// shape pair by pair, and the others together in one HarfBuzz call; new words are then
  /// kept in the cache (a hit is cheaper than pairs where words come again).
  ///
  /// Words shape alone in a face that allows cutting runs into words, so the others shaped one
  /// after another give each word's own glyphs, and one call instead of one per word saves
  /// most of HarfBuzz's cost per call. Only the run's last word can lack a trailing space, and
  /// it comes last there too.
  private static func shapeByWords(
    _ run: WordRun, words cache: WordShapes?, pairs shapes: PairShapes?, _ buffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    let paragraph = run.paragraph
    let words = Self.words(in: paragraph, run.range, blocked: run.blocked)
    var glyphs: [ShapedGlyph] = []
    // About a glyph per character: the bytes are a bound for all but rare multiple
    // substitutions, and growing the array as words come cost more than the rest of the loop.
    glyphs.reserveCapacity(run.range.count)
    // The words neither the cache nor pairs shaped, with where their glyphs go in `glyphs`.
    var others: [(word: Range<Int>, index: Int)] = []
    // Found when a word first needs it (a run of known words never does).
    var pairs: PairRun?
    var pairsLooked = shapes == nil
    var next = 0
    while next < words.count {
      // Known words in one pass under the cache's lock, up to the first one not known.
      next +=
        cache?.appendKnown(
          paragraph, words: words[next...], font: run.font, script: run.script,
          language: run.language, to: &glyphs) ?? 0
      guard next < words.count else { break }
      let word = words[next]
      let start = glyphs.count
      if !pairsLooked {
        pairs = shapes?.run(font: run.font, script: run.script, language: run.language)
        pairsLooked = true
      }
      if pairs?.append(paragraph, word, buffer: buffer, to: &glyphs) == true {
        cache?.remember(
          paragraph, word, font: run.font, script: run.script, language: run.language,
          glyphs: glyphs[start...])
      } else {
        others.append((word, start))
      }
      next += 1
    }
    guard !others.isEmpty else { return glyphs }
    return merging(shapeTogether(others.map(\.word), run, buffer), into: glyphs, at: others) {
      word, shaped in
      cache?.remember(
        paragraph, word, font: run.font, script: run.script, language: run.language,
        glyphs: shaped, relative: true)
    }
  }

  /// The words, shaped one after another in one HarfBuzz call with the run's properties;
  /// clusters count in the words' bytes put end to end.
  private static func shapeTogether(
    _ words: [Range<Int>], _ run: WordRun, _ buffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(words.reduce(0) { $0 + $1.count })
    for word in words { bytes.append(contentsOf: run.paragraph[word]) }
    return bytes.withUnsafeBufferPointer { bytes in
      shapeAlone(
        bytes, 0..<bytes.count, script: run.script, font: run.font, language: run.language,
        buffer: buffer)
    }
  }

  /// `glyphs` with the glyphs of `others` (shaped end to end, in logical order) inserted where
  /// each word's glyphs go, clusters moved back to the paragraph; `found` sees each word's
  /// glyphs with clusters relative to the word.
  private static func merging(
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
      merged.append(word: Array(word), at: other.word.lowerBound)
      start = end
    }
    merged.append(contentsOf: glyphs[copied...])
    return merged
  }

  /// A run's words: each a run of non-spaces and the spaces after it, but a word that starts
  /// with a character of `blocked` stays with the word before it (see ``WordSplitting``).
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

  /// Shapes `word` of `paragraph` alone (no context), with the run's script, direction and
  /// language; clusters are relative to the word's start.
  static func shapeAlone(
    _ paragraph: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, script: WordScript,
    font: ShapingFont, language: String?, buffer shapingBuffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    guard let base = paragraph.baseAddress else { return [] }
    let buffer = shapingBuffer.handle
    hb_buffer_clear_contents(buffer)
    (base + word.lowerBound).withMemoryRebound(to: CChar.self, capacity: word.count) {
      hb_buffer_add_utf8(buffer, $0, Int32(word.count), 0, Int32(word.count))
    }
    if let language {
      hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
    }
    // The run's properties, not the word's: a word of digits in a Latin run is shaped as
    // Latin, like the run.
    switch script {
    case .common: break
    case .latin: hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
    case .hebrew: hb_buffer_set_script(buffer, HB_SCRIPT_HEBREW)
    case .arabic: hb_buffer_set_script(buffer, HB_SCRIPT_ARABIC)
    }
    hb_buffer_set_direction(buffer, script.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font.handle, buffer, nil, 0)
    var glyphs = copyGlyphs(buffer, text: paragraph, clusterBase: word.lowerBound)
    if script.isRightToLeft { glyphs.reverse() }
    return glyphs
  }
}
