/// Counts the UTF-16 code units of valid UTF-8, which the scanner does for each piece of text
/// it copies.
enum UTF16Counter {
  /// The UTF-16 length of valid UTF-8, eight bytes at a time.
  ///
  /// A byte adds one unit unless it is a continuation byte (`10xxxxxx`), and one more when it
  /// leads a four-byte scalar (`11110xxx`). Shifting a word left by k moves bit 7-k of each
  /// byte to bit 7 of the same byte, so masks of bit 7 classify all eight bytes at once.
  static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let highs: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    var count = 0
    var position = 0
    while position &+ 8 <= bytes.count {
      let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
      let continuations = (word & ~(word << 1) & highs) >> 7
      let fourByteLeads = (word & (word << 1) & (word << 2) & (word << 3) & highs) >> 7
      // Each byte lane now holds 0, 1 or 2 (the two masks never share a byte), so one
      // multiplication sums the eight lanes into the top byte without carries between lanes.
      let lanes = ones &- continuations &+ fourByteLeads
      count &+= Int(truncatingIfNeeded: (lanes &* ones) >> 56)
      position &+= 8
    }
    while position < bytes.count {
      let byte = bytes[position]
      count &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
      position &+= 1
    }
    return count
  }
}
