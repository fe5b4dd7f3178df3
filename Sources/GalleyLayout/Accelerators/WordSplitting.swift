/// Where a face's runs may be cut into words for the word cache (see ``WordShapes``).
///
/// A run cut into words (each with the spaces after it) shapes as the whole run only when no
/// lookup of the face reaches across the space between two words
/// (``ShapingFace/checkWordSplitting(_:rightToLeft:)``).
enum WordSplitting: Sendable, Equatable {
  /// No lookup involves the space: a run may be cut after every run of spaces (but not before
  /// a combining mark, which HarfBuzz puts in the space's cluster).
  case everywhere
  /// Only ligatures involve the space, and they go on with one of these characters: a run may
  /// be cut after a run of spaces unless the next word starts with one of them (or with a
  /// combining mark, as everywhere).
  case exceptBefore(WordStarts)
  /// Other lookups involve the space: runs are shaped whole.
  case never
}

/// A set of characters below U+0800 that may not start a word of the word cache, as bits.
///
/// Only characters the word cache accepts matter (see ``Shaper/wordScript(_:_:)``): they are
/// all below U+0800.
struct WordStarts: Sendable, Equatable {
  /// One bit per scalar from U+0000 to U+07FF.
  private var bits = [UInt64](repeating: 0, count: 32)

  /// The scalars below this bound are kept; the others are never in the set.
  static let bound: UInt32 = 0x800

  /// The set of the combining marks alone.
  static let combiningMarks = WordStarts { _ in false }

  /// A set holding the combining marks (``CombiningMarks``: HarfBuzz puts a mark after a space
  /// in the space's cluster, and a ligature may skip over one) and the scalars `isBlocked` picks among those below
  /// ``bound``.
  init(blocking isBlocked: (UInt32) -> Bool) {
    for range in CombiningMarks.ranges {
      for scalar in range { insert(scalar) }
    }
    for scalar in 0..<Self.bound where isBlocked(scalar) { insert(scalar) }
  }

  private mutating func insert(_ scalar: UInt32) {
    bits[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
  }

  /// Whether `scalar` may not start a word.
  func contains(_ scalar: UInt32) -> Bool {
    scalar < Self.bound && bits[Int(scalar >> 6)] & (1 << UInt64(scalar & 63)) != 0
  }

  /// Whether the character at `offset` of `text` (UTF-8) may not start a word; only one- and
  /// two-byte sequences can be in the set.
  func blocksWord(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let lead = text[offset]
    if lead < 0x80 { return contains(UInt32(lead)) }
    guard lead >= 0xC2, lead <= 0xDF, offset + 1 < text.count else { return false }
    return contains(UInt32(lead & 0x1F) << 6 | UInt32(text[offset + 1] & 0x3F))
  }
}
