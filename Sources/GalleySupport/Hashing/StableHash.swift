/// A 128-bit hash of bytes that is the same in every process (FNV-1a, twice with different
/// offset bases), for cache file names and `ETag`s; Swift's `Hasher` is seeded per process.
///
/// It is not cryptographic: the caches compare the whole key on a hit, so a collision can
/// only cost a miss.
package enum StableHash {
  /// The hash as 32 lower-case hexadecimal digits.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The hash.
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    // Contiguous bytes (arrays, `Data`, a string's UTF-8) are read through a buffer: a generic
    // iterator costs a call per byte.
    if let hash = bytes.withContiguousStorageIfAvailable({ hex(buffer: $0) }) { return hash }
    return Array(bytes).withUnsafeBufferPointer { hex(buffer: $0) }
  }

  /// The hash of the bytes of a buffer.
  private static func hex(buffer: UnsafeBufferPointer<UInt8>) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    let prime: UInt64 = 0x0000_0100_0000_01b3
    for byte in buffer {
      first = (first ^ UInt64(byte)) &* prime
      second = (second ^ UInt64(byte ^ 0x5A)) &* prime
    }
    return digits(first) + digits(second)
  }

  /// Sixteen hexadecimal digits, zero-padded.
  private static func digits(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
