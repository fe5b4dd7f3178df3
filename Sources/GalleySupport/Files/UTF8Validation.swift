/// Finds malformed UTF-8.
package enum UTF8Validation {
  /// The byte offset of the first malformed sequence, or `nil` for valid UTF-8.
  ///
  /// - Parameter bytes: The bytes to check.
  /// - Returns: The offset of the first byte of the first malformed sequence.
  package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Decodes UTF-8 that must be valid.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The text.
  /// - Throws: ``FileError/Kind-swift.struct/notUTF8`` with the offset of the first bad byte.
  package static func decode(_ bytes: [UInt8]) throws(FileError) -> String {
    if let offset = firstInvalidOffset(in: bytes) {
      throw FileError(.notUTF8, "is not valid UTF-8 (bad byte at offset \(offset))")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
