import GalleySupport

/// A catalog file's text: UTF-8 (with or without a byte-order mark) or UTF-16 with one, as
/// Apple's `.strings` files often are; and the lines of that text, to say where a key is.
package struct CatalogText: Sendable {
  /// The text.
  package let string: String
  /// The UTF-8 offset at which each line starts.
  private let lineStarts: [Int]
  /// The Unicode scalars before every ``checkpointBytes``-th byte, so a column costs at most
  /// that many bytes of counting however long its line (a minified JSON file is one line).
  private let scalarCheckpoints: [Int]

  /// The bytes between two scalar checkpoints.
  private static let checkpointBytes = 1024
  /// The text's UTF-8 bytes.
  let utf8: [UInt8]

  /// Decodes a file's bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name, for the error.
  /// - Throws: ``CatalogError`` for bytes that are not UTF-8 or UTF-16 with a byte-order mark.
  package init(_ bytes: [UInt8], file: String) throws(CatalogError) {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let littleEndian = bytes[0] == 0xFF
      guard bytes.count % 2 == 0 else {
        throw CatalogError(file: file, "is UTF-16 with an odd number of bytes")
      }
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2 - 1)
      for index in stride(from: 2, to: bytes.count, by: 2) {
        let (low, high) =
          littleEndian
          ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
        units.append(UInt16(high) << 8 | UInt16(low))
      }
      guard let text = String(validating: units, as: UTF16.self) else {
        throw CatalogError(file: file, "is not valid UTF-16 (an unpaired surrogate)")
      }
      self.init(text)
      return
    }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if let offset = UTF8Validation.firstInvalidOffset(in: body) {
      let line = body[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      throw CatalogError(file: file, line: line, "is not UTF-8 (byte \(offset))")
    }
    self.init(String(decoding: body, as: UTF8.self))
  }

  /// Wraps a string.
  ///
  /// - Parameter string: The text.
  package init(_ string: String) {
    self.string = string
    utf8 = Array(string.utf8)
    var starts = [0]
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(utf8.count / Self.checkpointBytes + 1)
    var scalars = 0
    for (offset, byte) in utf8.enumerated() {
      if offset % Self.checkpointBytes == 0 { checkpoints.append(scalars) }
      if byte & 0xC0 != 0x80 { scalars += 1 }
      if byte == 0x0A { starts.append(offset + 1) }
    }
    if utf8.count % Self.checkpointBytes == 0 { checkpoints.append(scalars) }
    lineStarts = starts
    scalarCheckpoints = checkpoints
  }

  /// The Unicode scalars that start before a UTF-8 offset.
  private func scalars(before offset: Int) -> Int {
    let checkpoint = offset / Self.checkpointBytes
    guard checkpoint < scalarCheckpoints.count else { return 0 }
    let from = checkpoint * Self.checkpointBytes
    return utf8[from..<offset].reduce(scalarCheckpoints[checkpoint]) {
      $1 & 0xC0 == 0x80 ? $0 : $0 + 1
    }
  }

  /// The line and column (1-based, the column in Unicode scalars) of a UTF-8 offset.
  ///
  /// - Parameter offset: The offset.
  /// - Returns: The line and column.
  package func position(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
    let clamped = min(max(0, offset), utf8.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
    }
    return (low + 1, scalars(before: clamped) - scalars(before: lineStarts[low]) + 1)
  }

  /// The UTF-8 offset of the first occurrence of `needle` at or after `start`, or `nil`.
  ///
  /// - Parameters:
  ///   - needle: The text to find.
  ///   - start: The UTF-8 offset to search from.
  /// - Returns: The offset, or `nil`.
  package func find(_ needle: String, from start: Int = 0) -> Int? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first, start >= 0, pattern.count <= utf8.count else { return nil }
    var index = start
    let last = utf8.count - pattern.count
    while index <= last {
      if utf8[index] == first, utf8[index..<(index + pattern.count)].elementsEqual(pattern) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The line and column just after the first occurrence of `needle` at or after `start`,
  /// and the offset there; `nil` when it does not occur.
  ///
  /// - Parameters:
  ///   - needle: The text to find.
  ///   - start: The UTF-8 offset to search from.
  /// - Returns: The position after the needle and its offset, or `nil`.
  package func position(after needle: String, from start: Int = 0) -> (
    line: Int, column: Int, offset: Int
  )? {
    guard let found = find(needle, from: start) else { return nil }
    let end = found + needle.utf8.count
    let (line, column) = position(ofUTF8Offset: end)
    return (line, column, end)
  }
}
