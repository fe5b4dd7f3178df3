/// Byte scanning and value parsing helpers of ``MarkupScanner``.
extension MarkupScanner {
  static let percent = UInt8(ascii: "%")

  /// The offset of the next `%` at or after `start`, or `input.count`.
  static func nextPercent(in input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    nextPercentCountingUTF16(in: input, from: start).end
  }

  /// The offset of the next `%` at or after `start` (or `input.count`), and the UTF-16 length
  /// of the valid UTF-8 before it, found in the same pass.
  ///
  /// Tests eight bytes at a time: a byte equal to `%` becomes zero after the XOR, and the
  /// classic has-zero-byte test finds the lowest such byte exactly. The same word is counted
  /// as in ``UTF16Counter/utf16Count(_:)``, keeping only the lanes before a `%` with a mask,
  /// so the text between codes is read once.
  static func nextPercentCountingUTF16(
    in input: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (end: Int, utf16: Int) {
    var position = start
    var utf16 = 0
    let count = input.count
    if let base = input.baseAddress {
      let raw = UnsafeRawPointer(base)
      let pattern: UInt64 = 0x2525_2525_2525_2525
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while position &+ 8 <= count {
        let word = UInt64(
          littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let diff = word ^ pattern
        let zeros = (diff &- ones) & ~diff & highs
        let continuations = (word & ~(word << 1) & highs) >> 7
        let fourByteLeads = (word & (word << 1) & (word << 2) & (word << 3) & highs) >> 7
        var lanes = ones &- continuations &+ fourByteLeads
        if zeros != 0 {
          let bytes = zeros.trailingZeroBitCount / 8
          // Keep the lanes of the bytes before the `%` (none when it is the first byte).
          lanes &= bytes == 0 ? 0 : ~0 >> (64 &- 8 &* UInt64(bytes))
          utf16 &+= Int(truncatingIfNeeded: (lanes &* ones) >> 56)
          return (position &+ bytes, utf16)
        }
        utf16 &+= Int(truncatingIfNeeded: (lanes &* ones) >> 56)
        position &+= 8
      }
    }
    while position < count, input[position] != percent {
      let byte = input[position]
      utf16 &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
      position &+= 1
    }
    return (position, utf16)
  }

  /// Parses `-?digits(.digits)?`, the only decimal form markup accepts.
  static func decimal(_ text: String) -> Double? {
    var sawDigit = false
    var sawPoint = false
    for (position, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
      case UInt8(ascii: "."): if sawPoint { return nil } else { sawPoint = true }
      case UInt8(ascii: "-") where position == 0: continue
      default: return nil
      }
    }
    guard sawDigit, text.utf8.count <= 32, let value = Double(text), value.isFinite else {
      return nil
    }
    return value
  }

  /// Prints a number without a needless `.0`, and a saturated one (see
  /// ``CodeToken/saturation``) as `999999999+`.
  static func describe(_ value: Double) -> String {
    if abs(value) >= Double(CodeToken.saturation) { return "\(value < 0 ? "-" : "")999999999+" }
    if value == value.rounded() { return String(Int(value)) }
    return String(value)
  }

  /// Prints a whole number, and a saturated one as `999999999+`.
  static func describe(_ value: Int) -> String {
    abs(value) >= CodeToken.saturation ? "\(value < 0 ? "-" : "")999999999+" : String(value)
  }
}
