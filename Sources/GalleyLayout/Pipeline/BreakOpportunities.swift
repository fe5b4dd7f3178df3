internal import CICUBreak

/// The output of break analysis: where lines may (or must) end.
///
/// Read by the line breaker.
struct BreakOpportunities {
  /// UTF-8 offsets after which a line may end, increasing, the last being the text's end.
  var offsets: [Int]
  /// Whether each break is mandatory.
  var isMandatory: [Bool]

  /// Finds the opportunities with ICU's UAX #14 line break iterator.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - offsets: UTF-8 ↔ UTF-16 offset tables of `text`.
  ///   - language: A locale for ICU's tailorings, or `nil`.
  /// - Throws: ``LayoutError/Kind/lineBreakingFailed`` when ICU fails.
  init(_ text: String, offsets: OffsetTable, language: String?) throws(LayoutError) {
    let utf16 = Array(text.utf16)
    var breaks = [Int32](repeating: 0, count: max(16, utf16.count / 4))
    var hard = [UInt8](repeating: 0, count: breaks.count)
    var count: Int32 = 0
    func run() {
      count = utf16.withUnsafeBufferPointer { characters in
        breaks.withUnsafeMutableBufferPointer { breakBuffer in
          hard.withUnsafeMutableBufferPointer { hardBuffer in
            galley_line_breaks(
              characters.baseAddress, Int32(characters.count), language, breakBuffer.baseAddress,
              hardBuffer.baseAddress, Int32(breakBuffer.count))
          }
        }
      }
    }
    run()
    if count > Int32(breaks.count) {
      breaks = [Int32](repeating: 0, count: Int(count))
      hard = [UInt8](repeating: 0, count: Int(count))
      run()
    }
    guard count >= 0 else { throw LayoutError(.lineBreakingFailed, "ICU could not break the text") }
    self.offsets = breaks.prefix(Int(count)).map { offsets.utf8Offset(ofUTF16: Int($0)) }
    self.isMandatory = hard.prefix(Int(count)).map { $0 != 0 }
  }
}

/// UTF-8 ↔ UTF-16 offsets of one text, for converting at the pipeline's boundaries.
struct OffsetTable {
  /// `utf16[i]` is the UTF-16 offset of UTF-8 offset `i` (for scalar boundaries), count + 1.
  private(set) var utf16: [Int32]
  /// `utf8[j]` is the UTF-8 offset of UTF-16 offset `j` (for scalar boundaries), count + 1.
  private(set) var utf8: [Int32]

  init(_ text: String) {
    let byteCount = text.utf8.count
    var utf16 = [Int32](repeating: 0, count: byteCount + 1)
    var utf8 = [Int32](repeating: 0, count: text.utf16.count + 1)
    var byte = 0
    var unit = 0
    for scalar in text.unicodeScalars {
      let bytes = UTF8.width(scalar)
      let units = UTF16.width(scalar)
      for step in 0..<bytes { utf16[byte + step] = Int32(unit) }
      for step in 0..<units { utf8[unit + step] = Int32(byte) }
      byte += bytes
      unit += units
    }
    utf16[byte] = Int32(unit)
    utf8[unit] = Int32(byte)
    self.utf16 = utf16
    self.utf8 = utf8
  }

  func utf16Offset(ofUTF8 offset: Int) -> Int { Int(utf16[offset]) }
  func utf8Offset(ofUTF16 offset: Int) -> Int { Int(utf8[offset]) }
}
