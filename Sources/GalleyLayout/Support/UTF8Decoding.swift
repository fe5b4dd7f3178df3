/// Decoding of valid UTF-8, the one place the bit patterns are spelled out.
enum UTF8Decoding {
  /// The scalar that starts at `offset` and its length in bytes.
  ///
  /// The bytes must be valid UTF-8 (every `String`'s are) and `offset` a scalar boundary.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 bytes.
  ///   - offset: Where the scalar starts.
  /// - Returns: The scalar value and how many bytes encode it (1 to 4).
  @inline(__always)
  static func scalar(
    in bytes: UnsafeBufferPointer<UInt8>, at offset: Int
  ) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
      return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      let value =
        (lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
        | UInt32(bytes[offset + 2] & 0x3F)
      return (value, 3)
    }
    let value =
      (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
      | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
    return (value, 4)
  }

  /// The length in bytes of the scalar whose first byte is `lead`.
  ///
  /// - Parameter lead: A scalar's first byte.
  /// - Returns: 1 to 4.
  @inline(__always)
  static func length(ofScalarStartingWith lead: UInt8) -> Int {
    if lead < 0x80 { return 1 }
    if lead < 0xE0 { return 2 }
    return lead < 0xF0 ? 3 : 4
  }
}
