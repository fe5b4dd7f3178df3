/// Copies the text between codes into the scanner's output, eight bytes at a time, finding the
/// next `%` and counting UTF-16 code units in the same pass.
///
/// Each word is stored to the output before it is tested, so the copy costs one store per
/// eight bytes and no call to `memcpy`. The bytes stored after a `%` are overwritten by the
/// next piece of text (the output only counts what comes before the `%`); the last word of the
/// markup is stored whole, so the destination needs ``slack`` bytes more than the text.
enum TextCopier {
  /// The bytes the destination must hold beyond the text copied into it.
  static let slack = 8

  private static let percents: UInt64 = 0x2525_2525_2525_2525
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Copies the valid UTF-8 from `start` up to the next `%` (or the end) to `destination`.
  ///
  /// A `%` becomes a zero byte after XOR with `0x25` in every lane, and the classic
  /// has-zero-byte test finds the lowest such byte exactly. Words without a byte above `0x7F`
  /// have as many UTF-16 units as bytes; only the others are classified (see ``deficit(_:)``).
  ///
  /// - Parameters:
  ///   - input: The markup.
  ///   - start: Where the text starts, on a scalar boundary.
  ///   - destination: Where its first byte goes; it must hold `input.count - start + slack`
  ///     bytes.
  /// - Returns: The offset of the `%` (or `input.count`), and the UTF-16 length of the text
  ///   before it.
  @inline(__always)
  static func copyText(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int,
    to destination: UnsafeMutablePointer<UInt8>
  ) -> (end: Int, utf16: Int) {
    let count = input.count
    guard count >= 8, let base = input.baseAddress else {
      return copyBytes(input, from: start, to: destination)
    }
    let source = UnsafeRawPointer(base)
    let output = UnsafeMutableRawPointer(destination)
    var position = start
    var deficit = 0
    while position &+ 8 <= count {
      let word = UInt64(
        littleEndian: source.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      output.storeBytes(of: word.littleEndian, toByteOffset: position &- start, as: UInt64.self)
      let percents = percentLanes(word)
      if percents != 0 {
        let bytes = percents.trailingZeroBitCount &>> 3
        if word & highs != 0 { deficit &+= Self.deficit(word & lanesBelow(bytes)) }
        let end = position &+ bytes
        return (end, end &- start &- deficit)
      }
      if word & highs != 0 { deficit &+= Self.deficit(word) }
      position &+= 8
    }
    // Fewer than eight bytes are left: load the last eight of the markup and shift out those
    // already read, so the missing lanes become zero bytes (neither `%` nor part of a scalar).
    let remaining = count &- position
    if remaining > 0 {
      let last = UInt64(
        littleEndian: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
      let word = last >> (UInt64(8 &- remaining) &* 8)
      output.storeBytes(of: word.littleEndian, toByteOffset: position &- start, as: UInt64.self)
      let bytes = min(percentLanes(word).trailingZeroBitCount &>> 3, remaining)
      if word & highs != 0 { deficit &+= Self.deficit(word & lanesBelow(bytes)) }
      position &+= bytes
    }
    return (position, position &- start &- deficit)
  }

  /// Bit 7 set in the lane of the lowest `%` of a word (and perhaps in lanes above it), or
  /// zero when the word has none.
  @inline(__always)
  private static func percentLanes(_ word: UInt64) -> UInt64 {
    let difference = word ^ percents
    return (difference &- ones) & ~difference & highs
  }

  /// A mask of the lanes below `lane` (none for 0, all for 8).
  @inline(__always)
  private static func lanesBelow(_ lane: Int) -> UInt64 {
    lane == 0 ? 0 : ~0 &>> (64 &- 8 &* UInt64(truncatingIfNeeded: lane))
  }

  /// The UTF-8 bytes of a word that add no UTF-16 unit, less the extra unit of each four-byte
  /// scalar: continuation bytes (`10xxxxxx`) count one, four-byte leads (`11110xxx`) minus one.
  ///
  /// Shifting a word left by k moves bit 7-k of each byte to bit 7 of the same byte, so masks
  /// of bit 7 classify all eight bytes at once, and a multiplication sums the lanes.
  @inline(__always)
  static func deficit(_ word: UInt64) -> Int {
    let continuations = (word & ~(word << 1) & highs) >> 7
    let fourByteLeads = (word & (word << 1) & (word << 2) & (word << 3) & highs) >> 7
    return Int(truncatingIfNeeded: (continuations &* ones) >> 56)
      &- Int(truncatingIfNeeded: (fourByteLeads &* ones) >> 56)
  }

  /// The byte-at-a-time copy for markup shorter than a word.
  private static func copyBytes(
    _ input: UnsafeBufferPointer<UInt8>, from start: Int,
    to destination: UnsafeMutablePointer<UInt8>
  ) -> (end: Int, utf16: Int) {
    var position = start
    var utf16 = 0
    while position < input.count, input[position] != UInt8(ascii: "%") {
      let byte = input[position]
      destination[position &- start] = byte
      utf16 &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
      position &+= 1
    }
    return (position, utf16)
  }
}
