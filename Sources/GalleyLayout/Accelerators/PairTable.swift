/// The pairs of one font, script and language shaped so far, from which ``PairShapes`` puts
/// runs together; immutable, so runs read it without a lock (a table with more pairs replaces
/// it).
///
/// A row per first character, allocated when the character first starts a pair, holds an
/// entry per second character and one for the end of the text (the last glyph's own advance).
final class PairTable: Sendable {
  /// The characters whose shaping depends on their neighbours alone, and the pairs of them
  /// kept apart (the face's ``ShapingFace/checkPairLocality(_:)``).
  let locality: PairLocality
  /// Each character's glyph, 0 while unknown.
  let glyphIDs: [UInt32]
  /// Each character's row, ``rowLength`` entries, or empty while it starts no known pair.
  ///
  /// Rows are arrays of their own, so a table with more pairs copies only the rows it
  /// changes (and the references to the others).
  let rows: [[PairEntry]]

  /// Entries per row: one per character, then the end.
  static let rowLength = PairAlphabet.count + 1

  /// How many rows the table holds.
  let rowCount: Int

  /// An empty table for a face's `locality`.
  init(locality: PairLocality) {
    self.locality = locality
    glyphIDs = [UInt32](repeating: 0, count: PairAlphabet.count)
    rows = [[PairEntry]](repeating: [], count: PairAlphabet.count)
    rowCount = 0
  }

  private init(
    locality: PairLocality, glyphIDs: [UInt32], rows: [[PairEntry]], rowCount: Int
  ) {
    self.locality = locality
    self.glyphIDs = glyphIDs
    self.rows = rows
    self.rowCount = rowCount
  }

  /// What ``append(_:_:to:)`` did.
  enum Outcome {
    /// The run's glyphs were appended.
    case appended
    /// A character of the run is not a member: HarfBuzz must shape it.
    case notMembers
    /// Some of the run's pairs are not known yet (``missingPairs(_:_:)``); nothing appended.
    case missing
  }

  /// Appends the glyphs of `range` of `text`, clusters as offsets into `text`, when every
  /// character is a member and every pair is known; otherwise appends nothing.
  func append(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to output: inout [ShapedGlyph]
  ) -> Outcome {
    rows.withUnsafeBufferPointer { rows in
      glyphIDs.withUnsafeBufferPointer { glyphIDs in
        let start = output.count
        let outcome = Self.appendGlyphs(
          text, range, Tables(locality: locality, rows: rows, glyphs: glyphIDs), to: &output)
        if outcome != .appended { output.removeSubrange(start...) }
        return outcome
      }
    }
  }

  /// A table's storage, borrowed for one run.
  private struct Tables {
    var locality: PairLocality
    var rows: UnsafeBufferPointer<[PairEntry]>
    var glyphs: UnsafeBufferPointer<UInt32>
  }

  /// The loop of ``append(_:_:to:)``; may leave glyphs appended when it fails.
  private static func appendGlyphs(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ tables: Tables,
    to output: inout [ShapedGlyph]
  ) -> Outcome {
    guard !range.isEmpty, let first = PairAlphabet.character(in: text, at: range.lowerBound),
      tables.locality.members.contains(first.index)
    else { return .notMembers }
    var current = first.index
    var offset = range.lowerBound
    var next = first.next
    var isUnsafe = false
    while true {
      var second = PairAlphabet.end
      var after = next
      if next < range.upperBound {
        guard let character = PairAlphabet.character(in: text, at: next),
          tables.locality.members.contains(character.index),
          !tables.locality.keepsApart(current, character.index)
        else { return .notMembers }
        second = character.index
        after = character.next
      }
      guard !tables.rows[current].isEmpty else { return .missing }
      let entry = tables.rows[current][second]
      guard entry.isKnown else { return .missing }
      output.append(
        ShapedGlyph(
          glyph: tables.glyphs[current], cluster: offset, xAdvance: entry.xAdvance,
          xOffset: entry.xOffset, yOffset: entry.yOffset, isUnsafeToBreak: isUnsafe))
      if second == PairAlphabet.end { return .appended }
      isUnsafe = entry.secondIsUnsafe
      current = second
      offset = next
      next = after
    }
  }

  /// The pairs of `range` of `text` not known yet, each once (the last character paired with
  /// ``PairAlphabet/end``), or `nil` when a character is not a member.
  func missingPairs(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [PairKey]? {
    var missing: [PairKey] = []
    var seen: Set<PairKey> = []
    var offset = range.lowerBound
    var previous: Int?
    while offset <= range.upperBound {
      var current = PairAlphabet.end
      if offset < range.upperBound {
        guard let character = PairAlphabet.character(in: text, at: offset),
          locality.members.contains(character.index),
          previous.map({ !locality.keepsApart($0, character.index) }) ?? true
        else { return nil }
        current = character.index
        offset = character.next
      } else {
        offset += 1
      }
      if let previous {
        let key = PairKey(first: previous, second: current)
        if rows[previous].isEmpty || !rows[previous][current].isKnown,
          seen.insert(key).inserted
        {
          missing.append(key)
        }
      }
      previous = current
    }
    return missing
  }

  /// This table with `learned` pairs added, or `nil` when one gives a character a glyph other
  /// than the one it had (HarfBuzz then does not shape these characters one by one).
  func adding(_ learned: [LearnedPair]) -> PairTable? {
    var glyphIDs = glyphIDs
    var rows = rows
    var rowCount = rowCount
    for pair in learned {
      let characters = [
        (pair.key.first, pair.firstGlyph), (pair.key.second, pair.secondGlyph),
      ]
      for (index, glyph) in characters where index != PairAlphabet.end {
        if glyphIDs[index] == 0 {
          glyphIDs[index] = glyph
        } else if glyphIDs[index] != glyph {
          return nil
        }
      }
      if rows[pair.key.first].isEmpty {
        rows[pair.key.first] = [PairEntry](repeating: PairEntry(), count: Self.rowLength)
        rowCount += 1
      }
      rows[pair.key.first][pair.key.second] = pair.entry
    }
    return PairTable(
      locality: locality, glyphIDs: glyphIDs, rows: rows, rowCount: rowCount)
  }
}
