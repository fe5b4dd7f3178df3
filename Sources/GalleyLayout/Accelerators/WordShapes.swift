internal import CHarfBuzz
import Synchronization

/// Shaped words, per font, so that a word seen before is not shaped again (as Blink and
/// Android's Minikin do); one per layout engine, shared by its threads.
///
/// Shaping a run word by word gives HarfBuzz's result for the whole run only when no
/// lookup of the face reaches across a space between two words and the script's shaping
/// needs no context beyond the word: the cache takes only runs that may be cut into words
/// (``WordRun``). Words are kept per ``ShapingStyle/Key``, so a word shapes again in a style
/// it was not seen in.
final class WordShapes: Sendable {
  /// A word's bytes (at most 24), packed, with the style it was shaped in.
  ///
  /// Plain data, so copying and hashing it costs no reference counting.
  struct Key: Hashable {
    var style: ShapingStyle.Key
    var first: UInt64 = 0
    var second: UInt64 = 0
    var third: UInt64 = 0
    var count: UInt8

    /// The longest word kept.
    static let capacity = 24

    /// The key of `bytes` (at most ``capacity`` of them) in `style`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, style: ShapingStyle.Key) {
      self.style = style
      count = UInt8(bytes.count)
      for (index, byte) in bytes.enumerated() {
        let shift = UInt64((index & 7) * 8)
        switch index >> 3 {
        case 0: first |= UInt64(byte) << shift
        case 1: second |= UInt64(byte) << shift
        default: third |= UInt64(byte) << shift
        }
      }
    }

    /// One mixed word for the hasher: equal keys mix equally, and `==` compares every field.
    @inline(__always)
    func hash(into hasher: inout Hasher) {
      hasher.combine(
        first &+ second &* 0x9E37_79B9_7F4A_7C15 &+ third &* 0xC2B2_AE3D_27D4_EB4F
          &+ (style.mixed ^ UInt64(count) << 56) &* 0x1656_67B1_9E37_79F9)
    }
  }

  private struct State {
    var words: [Key: [ShapedGlyph]] = [:]
    /// Words found and not found lately (both halved now and then, so old text weighs less).
    var hits = 0
    var misses = 0
    /// Glyphs kept, over all words: the bound in bytes.
    var glyphs = 0

    /// Makes room for a word of `count` glyphs: starts over when the cache is full in words
    /// or in bytes.
    mutating func makeRoom(for count: Int) {
      guard words.count >= WordShapes.limit || glyphs + count > WordShapes.glyphLimit else {
        glyphs += count
        return
      }
      words.removeAll(keepingCapacity: true)
      glyphs = count
    }
  }

  private let state = Mutex(State())
  /// Whether too few words are found lately: set under the lock, read without it.
  private let shapesWhole = Atomic<Bool>(false)
  /// Runs asked about while ``shapesWhole``, for the sample still shaped by words.
  private let wholeRuns = Atomic<Int>(0)
  /// Words kept before the cache starts over.
  fileprivate static let limit = 32_768
  /// Glyphs kept before the cache starts over: with the words' keys and the dictionary's own
  /// storage, the cache stays under about 12 MB (a glyph is 32 bytes).
  fileprivate static let glyphLimit = 262_144

  /// Words held (at most ``limit``).
  var wordsHeld: Int { state.withLock { $0.words.count } }

  /// Appends the glyphs of known words, in order, with clusters moved to each word's start,
  /// under one lock; stops at the first word not known or too long for the cache.
  ///
  /// - Returns: How many words were appended.
  func appendKnown(
    _ paragraph: UnsafeBufferPointer<UInt8>, words: ArraySlice<Range<Int>>,
    style: ShapingStyle.Key, to glyphs: inout [ShapedGlyph]
  ) -> Int {
    state.withLock { state in
      var appended = 0
      for word in words {
        guard word.count <= Key.capacity,
          let known = state.words[Key(UnsafeBufferPointer(rebasing: paragraph[word]), style: style)]
        else {
          if word.count <= Key.capacity { state.misses += 1 }
          break
        }
        glyphs.append(word: known, at: word.lowerBound)
        appended += 1
      }
      state.hits += appended
      updateRate(&state)
      return appended
    }
  }

  /// Halves the counts now and then, so old text weighs less, and decides from them whether
  /// runs are shaped whole.
  private func updateRate(_ state: inout State) {
    if state.hits + state.misses > 8192 {
      state.hits /= 2
      state.misses /= 2
    }
    let total = state.hits + state.misses
    shapesWhole.store(
      total >= 64 && state.hits * 100 < total * Self.minimumHitPercent, ordering: .relaxed)
  }

  /// How a run is shaped: by words through the cache, or whole in one HarfBuzz call (and
  /// then, for a sample of runs, its words counted and kept).
  enum Plan {
    case byWords
    case whole
    case wholeAndLearn
  }

  /// How the next run should be shaped: by words while most words are found; otherwise
  /// whole, and one run in ``sampleInterval`` also teaches the cache its words and keeps the
  /// rate measured.
  ///
  /// For a word seen before, the cache saves a HarfBuzz call; for a new one, the word path
  /// costs a call for the word alone, a lookup and an insert, several times what the word
  /// costs inside one call for the whole run. On text whose words do not come again (names,
  /// identifiers, a new language) shaping whole runs is faster; the glyphs are the same
  /// either way (``ShapingFace/wordSplitting(rightToLeft:)``).
  func plan() -> Plan {
    guard shapesWhole.load(ordering: .relaxed) else { return .byWords }
    let sampled = wholeRuns.wrappingAdd(1, ordering: .relaxed).newValue % Self.sampleInterval
    return sampled == 0 ? .wholeAndLearn : .whole
  }

  /// Counts the words of a run shaped whole as found or not, and keeps those not found, cut
  /// from the run's glyphs (which, for a run that may be cut into words, are each word's own).
  ///
  /// - Parameters:
  ///   - paragraph: The paragraph's bytes.
  ///   - words: The run's words, in order (see ``WordRun/words``).
  ///   - glyphs: The run's glyphs in text order, clusters counted in `paragraph`.
  ///   - style: The style they were shaped in.
  func learn(
    _ paragraph: UnsafeBufferPointer<UInt8>, words: [Range<Int>], glyphs: [ShapedGlyph],
    style: ShapingStyle.Key
  ) {
    state.withLock { state in
      var next = 0
      for word in words {
        let first = next
        while next < glyphs.count, glyphs[next].cluster < word.upperBound { next += 1 }
        guard word.count <= Key.capacity else { continue }
        let key = Key(UnsafeBufferPointer(rebasing: paragraph[word]), style: style)
        if state.words[key] != nil {
          state.hits += 1
          continue
        }
        state.misses += 1
        state.makeRoom(for: next - first)
        state.words[key] = glyphs[first..<next].map { glyph in
          var relative = glyph
          relative.cluster -= word.lowerBound
          return relative
        }
      }
      updateRate(&state)
    }
  }

  /// The share of words found, in percent, below which runs are shaped whole (50 and one run
  /// in four keep the prose and markup corpora within 0.5 % of always using the cache).
  static let minimumHitPercent = 50
  /// One run in this many is shaped by words whatever the rate.
  static let sampleInterval = 4

  /// Remembers the glyphs of `word` of `paragraph` in `style`, given with clusters from which
  /// `shift` is subtracted to count them from the word's start.
  func remember(
    _ paragraph: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, style: ShapingStyle.Key,
    glyphs: ArraySlice<ShapedGlyph>, shift: Int
  ) {
    guard word.count <= Key.capacity else { return }
    let relative = glyphs.map { glyph in
      var moved = glyph
      moved.cluster -= shift
      return moved
    }
    let key = Key(UnsafeBufferPointer(rebasing: paragraph[word]), style: style)
    state.withLock { state in
      state.makeRoom(for: relative.count)
      state.words[key] = relative
    }
  }
}
