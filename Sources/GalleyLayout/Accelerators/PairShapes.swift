internal import CHarfBuzz
import Synchronization

/// Pairs of characters shaped once per style (``ShapingStyle/Key``), from which runs of
/// characters that shape pair by pair are put together without HarfBuzz (as WebKit's simple
/// text path does); one per layout engine, shared by its threads.
///
/// In a face where no default lookup but pair kerning and single adjustments can start at a
/// character (``ShapingFace/checkPairLocality(_:)``), HarfBuzz gives each glyph of a run of
/// such characters its nominal glyph, and an advance and offsets that depend on the glyph and
/// the next alone: what it gives the first glyph of that pair shaped by itself. So a run
/// shaped from its pairs equals the run shaped whole, and a pair shaped once serves every run
/// after; unlike the word cache (``WordShapes``), words never seen before cost nothing more.
/// Pairs are learned as runs need them, all of a run's missing pairs in one HarfBuzz call.
///
/// Bounded: at most ``rowLimit`` rows of 192 entries (16 bytes each) over all tables, about
/// 12 MB; past that the tables start over.
final class PairShapes: Sendable {
  private struct State {
    var tables: [ShapingStyle.Key: PairTable] = [:]
    /// Tables HarfBuzz contradicted (a character shaped to two glyphs), whose runs HarfBuzz
    /// shapes: at most ``PairShapes/refusedLimit``, then forgotten (they would be refused
    /// again).
    var refused: Set<ShapingStyle.Key> = []
    /// Rows held over all tables.
    var rows = 0
  }

  private let state = Mutex(State())
  /// Refused tables remembered before they are forgotten (keys hold a language, so they are
  /// many only when callers use many languages).
  static let refusedLimit = 1024
  /// Rows kept before the tables start over.
  static let rowLimit = 4096

  /// Rows held over all tables (at most ``rowLimit``).
  var rowsHeld: Int { state.withLock { $0.rows } }

  /// The table of `key` (of `style`), a new one when there is none yet, or `nil` when no
  /// character of the style shapes pair by pair (or HarfBuzz contradicted the table before).
  fileprivate func table(for key: ShapingStyle.Key, style: ShapingStyle) -> PairTable? {
    let found = state.withLock { state -> PairTable?? in
      if let table = state.tables[key] { return .some(table) }
      return state.refused.contains(key) ? .some(nil) : nil
    }
    if let found { return found }
    let locality = style.pairLocality
    return locality.isEmpty ? nil : PairTable(locality: locality)
  }

  /// Adds `learned` to the current table of `key` and returns the result, or `nil` (and
  /// refuses the key) when HarfBuzz contradicted it.
  fileprivate func add(_ learned: [LearnedPair], to key: ShapingStyle.Key, locality: PairLocality)
    -> PairTable?
  {
    state.withLock { state in
      let current = state.tables[key] ?? PairTable(locality: locality)
      guard let table = current.adding(learned) else {
        state.rows -= current.rowCount
        state.tables[key] = nil
        if state.refused.count >= Self.refusedLimit { state.refused.removeAll() }
        state.refused.insert(key)
        return nil
      }
      state.rows += table.rowCount - current.rowCount
      if state.rows > Self.rowLimit {
        state.tables.removeAll(keepingCapacity: true)
        state.rows = table.rowCount
      }
      state.tables[key] = table
      return table
    }
  }
}

/// Shapes a run, or its words, from the ``PairShapes`` table of its style, learning the pairs
/// they need; made per run.
struct PairRun: WordShaper {
  private let shapes: PairShapes
  private let run: ShapingRun
  private let key: ShapingStyle.Key
  /// The table, once looked up: `.some(nil)` when there is none for this font.
  private var table: PairTable??

  /// The shaper of `run`'s pairs (it finds its table on first use).
  init(shapes: PairShapes, run: ShapingRun) {
    self.shapes = shapes
    self.run = run
    key = run.style.key
  }

  /// Appends the glyphs of `range` of the run's paragraph (clusters as offsets into the
  /// paragraph) when every character shapes pair by pair, learning missing pairs with
  /// HarfBuzz.
  ///
  /// - Returns: `false`, with nothing appended, when HarfBuzz must shape the range.
  mutating func append(_ range: Range<Int>, to glyphs: inout [ShapedGlyph]) -> Bool {
    let paragraph = run.paragraph
    if table == nil { table = shapes.table(for: key, style: run.style) }
    guard let table = table ?? nil else { return false }
    switch table.append(paragraph, range, to: &glyphs) {
    case .appended: return true
    case .notMembers: return false
    case .missing:
      guard let missing = table.missingPairs(paragraph, range),
        let learned = learn(missing)
      else { return false }
      let updated = shapes.add(learned, to: key, locality: table.locality)
      self.table = .some(updated)
      return updated?.append(paragraph, range, to: &glyphs) == .appended
    }
  }

  /// Shapes `missing` with HarfBuzz: the pairs one after another in one text, the one pair
  /// with the end (there is at most one per range) last; `nil` when HarfBuzz does not give one
  /// glyph per character in order.
  private func learn(_ missing: [PairKey]) -> [LearnedPair]? {
    var scalars: [UInt32] = []
    scalars.reserveCapacity(2 * missing.count + 1)
    let ends = missing.filter { $0.second == PairAlphabet.end }
    let pairs = missing.filter { $0.second != PairAlphabet.end }
    guard ends.count <= 1 else { return nil }
    for pair in pairs {
      scalars.append(PairAlphabet.scalar(pair.first))
      scalars.append(PairAlphabet.scalar(pair.second))
    }
    if let end = ends.first { scalars.append(PairAlphabet.scalar(end.first)) }
    guard let shaped = shape(scalars) else { return nil }
    var learned: [LearnedPair] = []
    learned.reserveCapacity(missing.count)
    for (index, pair) in pairs.enumerated() {
      let first = shaped[2 * index]
      let second = shaped[2 * index + 1]
      learned.append(
        LearnedPair(
          key: pair, entry: Self.entry(first, secondIsUnsafe: second.isUnsafeToBreak),
          firstGlyph: first.glyph, secondGlyph: second.glyph))
    }
    if let end = ends.first, let last = shaped.last {
      learned.append(
        LearnedPair(
          key: end, entry: Self.entry(last, secondIsUnsafe: false), firstGlyph: last.glyph,
          secondGlyph: 0))
    }
    return learned
  }

  private static func entry(_ glyph: ShapedGlyph, secondIsUnsafe: Bool) -> PairEntry {
    PairEntry(
      xAdvance: glyph.xAdvance, xOffset: glyph.xOffset, yOffset: glyph.yOffset,
      flags: secondIsUnsafe ? 3 : 1)
  }

  /// `scalars` shaped as a run of the table's style; `nil` unless there is one
  /// glyph per scalar, each in its own cluster, in order.
  private func shape(_ scalars: [UInt32]) -> [ShapedGlyph]? {
    var text: [UInt8] = []
    text.reserveCapacity(2 * scalars.count)
    var offsets: [Int] = []
    offsets.reserveCapacity(scalars.count)
    for scalar in scalars {
      offsets.append(text.count)
      if scalar < 0x80 {
        text.append(UInt8(scalar))
      } else {
        text.append(UInt8(0xC0 | scalar >> 6))
        text.append(UInt8(0x80 | scalar & 0x3F))
      }
    }
    let glyphs = text.withUnsafeBufferPointer { bytes in
      ReferenceShaper.shapeAlone(bytes, 0..<bytes.count, style: run.style, buffer: run.buffer)
    }
    guard glyphs.count == scalars.count,
      zip(glyphs, offsets).allSatisfy({ $0.cluster == $1 })
    else { return nil }
    return glyphs
  }
}
