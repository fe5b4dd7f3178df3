internal import GalleySupport

/// UTF-8 ↔ UTF-16 offsets of one text, and the text's UTF-16 code units for ICU.
///
/// Built once per layout by ``Paragraph``, which is how the stages reach it.
struct OffsetTable {
  /// `utf16[i]` is the UTF-16 offset of UTF-8 offset `i` (for scalar boundaries), count + 1.
  private(set) var utf16: [Int32]
  /// `utf8[j]` is the UTF-8 offset of UTF-16 offset `j` (for scalar boundaries), count + 1.
  private(set) var utf8: [Int32]
  /// The text in UTF-16 code units.
  private(set) var units: [UInt16]
  /// The UTF-8 offsets of the characters that come right after a line-break character (LF,
  /// VT, FF, CR, NEL, U+2028, U+2029; CR LF counts as one), in order: where every paragraph
  /// but the first starts.
  private(set) var paragraphStarts: [Int]

  /// Builds the tables in one pass over valid UTF-8.
  ///
  /// - Parameter bytes: The text's UTF-8 bytes (valid, as every `String`'s are).
  init(utf8 bytes: [UInt8]) {
    var utf16 = [Int32](repeating: 0, count: bytes.count + 1)
    var unitCount = 0
    var utf8: [Int32] = []
    var starts: [Int] = []
    // A text never has more UTF-16 code units than UTF-8 bytes.
    let units = [UInt16](unsafeUninitializedCapacity: bytes.count) { units, initialized in
      utf8 = [Int32](unsafeUninitializedCapacity: bytes.count + 1) { utf8, utf8Count in
        bytes.withUnsafeBufferPointer { bytes in
          utf16.withUnsafeMutableBufferPointer { utf16 in
            unitCount = Self.decode(
              bytes, units: units, utf8: utf8, utf16: utf16,
              paragraphStarts: &starts)
          }
        }
        utf8[unitCount] = Int32(bytes.count)
        utf8Count = unitCount + 1
      }
      initialized = unitCount
    }
    self.utf8 = utf8
    self.utf16 = utf16
    self.units = units
    paragraphStarts = starts
  }

  /// Decodes valid UTF-8 into UTF-16 code units, filling both offset tables and noting where
  /// paragraphs start; returns the number of code units.
  private static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, units: UnsafeMutableBufferPointer<UInt16>,
    utf8: UnsafeMutableBufferPointer<Int32>, utf16: UnsafeMutableBufferPointer<Int32>,
    paragraphStarts: inout [Int]
  ) -> Int {
    var index = 0
    var unit = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        utf16[index] = Int32(unit)
        utf8[unit] = Int32(index)
        units[unit] = UInt16(lead)
        index += 1
        unit += 1
        // LF, VT, FF and CR (one compare for any other byte); CR LF is one line break.
        if lead &- 0x0A < 4, index < bytes.count, lead != 0x0D || bytes[index] != 0x0A {
          paragraphStarts.append(index)
        }
        continue
      }
      let (value, width) = UTF8Decoding.scalar(in: bytes, at: index)
      for step in 0..<width { utf16[index + step] = Int32(unit) }
      utf8[unit] = Int32(index)
      if value < 0x1_0000 {
        units[unit] = UInt16(value)
        unit += 1
      } else {
        utf8[unit + 1] = Int32(index)
        units[unit] = UInt16(0xD800 + ((value - 0x1_0000) >> 10))
        units[unit + 1] = UInt16(0xDC00 + (value & 0x3FF))
        unit += 2
      }
      index += width
      if isLineBreak(value), index < bytes.count { paragraphStarts.append(index) }
    }
    utf16[bytes.count] = Int32(unit)
    return unit
  }

  /// Whether a non-ASCII scalar is a line-break character of
  /// ``Paragraph/lineBreakLength(at:)``: NEL, U+2028 or U+2029.
  @inline(__always)
  private static func isLineBreak(_ value: UInt32) -> Bool {
    value == 0x85 || value == 0x2028 || value == 0x2029
  }

  /// The UTF-16 offset of a UTF-8 offset at a scalar boundary.
  ///
  /// - Parameter offset: A UTF-8 offset in `0...count`.
  /// - Returns: The UTF-16 offset.
  func utf16Offset(ofUTF8 offset: Int) -> Int { Int(utf16[offset]) }

  /// The UTF-8 offset of a UTF-16 offset at a scalar boundary.
  ///
  /// - Parameter offset: A UTF-16 offset in `0...units.count`.
  /// - Returns: The UTF-8 offset.
  func utf8Offset(ofUTF16 offset: Int) -> Int { Int(utf8[offset]) }
}
