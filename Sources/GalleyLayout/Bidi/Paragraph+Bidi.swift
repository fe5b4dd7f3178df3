internal import GalleySupport

extension Paragraph {
  /// The bidi class of the scalar at a UTF-8 offset.
  ///
  /// - Parameter offset: A scalar boundary below ``count``.
  /// - Returns: The class, from ICU's character properties.
  func bidiClass(at offset: Int) -> BidiClass {
    let value = bytes.withUnsafeBufferPointer { UTF8Decoding.scalar(in: $0, at: offset).value }
    return BidiClass(Unicode.Scalar(value) ?? " ")
  }

  /// The start of the scalar that ends at a UTF-8 offset.
  ///
  /// - Parameter offset: A scalar boundary above 0.
  /// - Returns: The UTF-8 offset where the scalar before `offset` starts.
  func scalarStart(before offset: Int) -> Int {
    var start = offset - 1
    while start > 0, UTF8Decoding.isContinuation(bytes[start]) { start -= 1 }
    return start
  }
}
