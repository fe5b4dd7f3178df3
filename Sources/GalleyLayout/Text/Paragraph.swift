internal import GalleySupport

#if canImport(Glibc)
internal import Glibc
#endif

/// The text of one layout, and the one authority for its offsets and its character rules.
///
/// Built once per layout; every stage (break analysis, line breaking, line assembly, the
/// builders) asks it rather than walking the text itself. Offsets are UTF-8 unless a name
/// says UTF-16. Grapheme boundaries are found on demand, from the string, where a stage
/// needs them (a word split inside, a cluster that draws several characters), so a layout of
/// Latin text never pays for them.
struct Paragraph {
  /// The text.
  let string: String
  /// Its UTF-8 bytes.
  let bytes: [UInt8]
  /// Its UTF-16 code units and the offset tables.
  let offsets: OffsetTable
  /// Whether the text has a tab, so line breaking and assembly must place tab stops.
  let containsTab: Bool

  /// Builds the paragraph's tables in one pass over the text.
  ///
  /// - Parameter string: The text.
  init(_ string: String) {
    self.string = string
    bytes = Array(string.utf8)
    offsets = OffsetTable(utf8: bytes)
    containsTab = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { memchr($0, 0x09, raw.count) != nil } ?? false
    }
  }

  /// The text's length in UTF-8 bytes.
  var count: Int { bytes.count }

  /// The UTF-8 offsets, in order, where every paragraph but the first starts (right after a
  /// line-break character; CR LF is one).
  ///
  /// Shaping starts a new item at each, so every paragraph is shaped as if it stood alone:
  /// HarfBuzz guesses a buffer's script from its first letter (a Latin paragraph after a
  /// Cyrillic one would lose its ligatures), and joins a combining mark to the cluster before
  /// it, a line break included, which stays on the line above.
  var paragraphStarts: [Int] { offsets.paragraphStarts }

  /// The UTF-16 offset of a UTF-8 offset.
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary.
  /// - Returns: The UTF-16 offset.
  @inline(__always)
  func utf16Offset(_ offset: Int) -> Int { offsets.utf16Offset(ofUTF8: offset) }

  /// The UTF-16 range of a UTF-8 range.
  ///
  /// - Parameter range: UTF-8 offsets at scalar boundaries.
  /// - Returns: The same text in UTF-16 offsets.
  func utf16Range(_ range: Range<Int>) -> Range<Int> {
    utf16Offset(range.lowerBound)..<utf16Offset(range.upperBound)
  }

  // MARK: Line breaks and white space

  /// The length of the line-break character that starts at `offset`, or 0.
  ///
  /// The line-break characters are LF, VT, FF, CR, NEL, U+2028 and U+2029 (UAX #14 classes
  /// BK, CR and LF, and NEL). A break after one is mandatory, and none is drawn.
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary, below ``count``.
  /// - Returns: 1 to 3 bytes, or 0 for any other character.
  func lineBreakLength(at offset: Int) -> Int {
    switch bytes[offset] {
    case 0x0A, 0x0B, 0x0C, 0x0D: return 1
    case 0xC2: return offset + 1 < count && bytes[offset + 1] == 0x85 ? 2 : 0
    case 0xE2:
      let isSeparator =
        offset + 2 < count && bytes[offset + 1] == 0x80
        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
      return isSeparator ? 3 : 0
    default: return 0
    }
  }

  /// The length of the line-break character that ends at `end`, or 0.
  ///
  /// - Parameters:
  ///   - end: A UTF-8 offset at a scalar boundary.
  ///   - start: How far back the character may start.
  /// - Returns: 1 to 3 bytes, or 0.
  func lineBreakLength(endingAt end: Int, notBefore start: Int = 0) -> Int {
    guard end > start else { return 0 }
    switch bytes[end - 1] {
    case 0x0A, 0x0B, 0x0C, 0x0D: return 1
    case 0x85: return end - start >= 2 && bytes[end - 2] == 0xC2 ? 2 : 0
    case 0xA8, 0xA9:
      return end - start >= 3 && bytes[end - 3] == 0xE2 && bytes[end - 2] == 0x80 ? 3 : 0
    default: return 0
    }
  }

  /// Whether a line must end at `offset`: right after a line-break character (UAX #14 LB4 and
  /// LB5).
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary.
  /// - Returns: `true` for a mandatory break.
  func isMandatoryBreak(at offset: Int) -> Bool { lineBreakLength(endingAt: offset) > 0 }

  /// Whether a line that starts at `offset` starts a paragraph: the text's start, or right
  /// after a line-break character.
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary.
  /// - Returns: `true` for a paragraph's first line.
  func startsParagraph(at offset: Int) -> Bool { offset == 0 || isMandatoryBreak(at: offset) }

  /// The end of `range` without its trailing line-break characters: where the text a line
  /// shows ends (its trailing spaces, which hang, included).
  ///
  /// - Parameter range: UTF-8 offsets.
  /// - Returns: The end, in `range`.
  func contentEnd(of range: Range<Int>) -> Int {
    var end = range.upperBound
    while case let length = lineBreakLength(endingAt: end, notBefore: range.lowerBound),
      length > 0
    {
      end -= length
    }
    return end
  }

  /// The end of `range` without its trailing white space and line-break characters: what a
  /// line's width measures (spaces, tabs and ideographic spaces at a line's end hang past it).
  ///
  /// - Parameter range: UTF-8 offsets.
  /// - Returns: The end, in `range`.
  func visibleEnd(of range: Range<Int>) -> Int {
    var end = range.upperBound
    while end > range.lowerBound {
      let byte = bytes[end - 1]
      if byte == 0x20 || byte == 0x09 {
        end -= 1
      } else if byte > 0x20, byte < 0x80 {
        break  // most lines end with a visible ASCII character: no rule to ask
      } else if case let length = lineBreakLength(endingAt: end, notBefore: range.lowerBound),
        length > 0
      {
        end -= length
      } else if end - range.lowerBound >= 3, bytes[end - 3] == 0xE3, bytes[end - 2] == 0x80,
        byte == 0x80
      {
        end -= 3  // ideographic space
      } else {
        break
      }
    }
    return end
  }

  /// The start of `range` after its leading spaces, tabs and ideographic spaces: where text
  /// shown right after a truncation token starts.
  ///
  /// - Parameter range: UTF-8 offsets.
  /// - Returns: The start, in `range`.
  func visibleStart(of range: Range<Int>) -> Int {
    var start = range.lowerBound
    while start < range.upperBound {
      let byte = bytes[start]
      if byte == 0x20 || byte == 0x09 {
        start += 1
      } else if range.upperBound - start >= 3, byte == 0xE3, bytes[start + 1] == 0x80,
        bytes[start + 2] == 0x80
      {
        start += 3
      } else {
        break
      }
    }
    return start
  }

  // MARK: Characters

  /// The grapheme cluster that starts at `offset` (or holds it).
  ///
  /// - Parameter offset: A UTF-8 offset below ``count``.
  /// - Returns: The character.
  func character(at offset: Int) -> Character {
    string[string.utf8.index(string.utf8.startIndex, offsetBy: offset)]
  }

  /// Whether the character at `offset` is a space that justification widens: U+0020, U+00A0
  /// (no-break space) or U+3000 (ideographic space).
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary, below ``count``.
  /// - Returns: `true` for one of the three spaces.
  func isJustificationSpace(at offset: Int) -> Bool {
    switch bytes[offset] {
    case 0x20: return true
    case 0xC2: return offset + 1 < count && bytes[offset + 1] == 0xA0
    case 0xE3: return offset + 2 < count && bytes[offset + 1] == 0x80 && bytes[offset + 2] == 0x80
    default: return false
    }
  }

  /// The part of `range` between its first and last characters that are not justification
  /// spaces: where the first starts and where the last ends, or `range`'s end twice when it
  /// holds only spaces.
  ///
  /// The spaces strictly inside are the ones justification may change on a line (see
  /// ``isJustificationSpace(at:)``).
  ///
  /// - Parameter range: UTF-8 offsets at scalar boundaries.
  /// - Returns: The two offsets, `first <= last`.
  func innerCharacters(of range: Range<Int>) -> (first: Int, last: Int) {
    var (first, last) = (range.lowerBound, range.upperBound)
    while first < last, isJustificationSpace(at: first) {
      first += scalarLength(at: first)
    }
    while last > first, isJustificationSpace(at: scalarStart(before: last)) {
      last = scalarStart(before: last)
    }
    return (first, last)
  }

  /// Whether the scalar at `offset` is a soft hyphen (U+00AD).
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary.
  /// - Returns: `false` at the text's end.
  func isSoftHyphen(at offset: Int) -> Bool {
    offset + 1 < count && bytes[offset] == 0xC2 && bytes[offset + 1] == 0xAD
  }

  /// Whether the scalar that ends at `offset` is a soft hyphen (U+00AD): a line that breaks
  /// there draws a hyphen.
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary.
  /// - Returns: `false` at the text's start.
  func isSoftHyphen(before offset: Int) -> Bool {
    offset >= 2 && isSoftHyphen(at: offset - 2)
  }

  /// The length in bytes of the scalar at `offset`.
  ///
  /// - Parameter offset: A UTF-8 offset at a scalar boundary, below ``count``.
  /// - Returns: 1 to 4.
  func scalarLength(at offset: Int) -> Int {
    UTF8Decoding.length(ofScalarStartingWith: bytes[offset])
  }

  /// The grapheme boundaries after `start`, in order, up to and including the first at or
  /// past `limit` (or the text's end).
  ///
  /// - Parameters:
  ///   - start: A UTF-8 offset at a grapheme boundary.
  ///   - limit: Where to stop.
  ///   - body: Called with each boundary; return `false` to stop early.
  func forEachGraphemeBoundary(after start: Int, upTo limit: Int, _ body: (Int) -> Bool) {
    let utf8 = string.utf8
    var cursor = utf8.index(utf8.startIndex, offsetBy: start)
    while cursor < string.endIndex {
      cursor = string.index(after: cursor)
      let offset = utf8.distance(from: utf8.startIndex, to: cursor)
      if !body(offset) || offset >= limit { return }
    }
  }

  /// The grapheme boundaries strictly inside `range`, in UTF-16 offsets.
  ///
  /// - Parameter range: UTF-8 offsets; the start a grapheme boundary.
  /// - Returns: The inner boundaries; empty when the range is one grapheme or less.
  func innerGraphemeBoundaries(of range: Range<Int>) -> [Int] {
    // Between two ASCII characters there is always a boundary but inside CR LF (UAX #29
    // GB3): a ligature of ASCII letters needs no grapheme rules.
    if bytes[range].allSatisfy({ $0 < 0x80 }), !bytes[range].contains(0x0D) {
      return range.dropFirst().map(utf16Offset)
    }
    // A letter with Hebrew points or Arabic harakat is one grapheme.
    if CombiningMarks.isBaseWithMarks(bytes, range) { return [] }
    var inner: [Int] = []
    forEachGraphemeBoundary(after: range.lowerBound, upTo: range.upperBound) { offset in
      guard offset < range.upperBound else { return false }
      inner.append(utf16Offset(offset))
      return true
    }
    return inner
  }
}
