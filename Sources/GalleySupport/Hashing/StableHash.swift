#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 128-bit hash of bytes that is the same in every process, machine and version, for cache
/// file names, `ETag`s and the fonts' fingerprints; Swift's `Hasher` is seeded per process.
///
/// Four 64-bit lanes each take every fourth 8-byte word (multiply, rotate, multiply), so long
/// inputs hash at several gigabytes a second; the lanes, the length and the last bytes are
/// then mixed. It is not cryptographic: the caches compare the whole key on a hit, so a
/// collision can only cost a miss, and a fingerprint tells whether content changed, not
/// whether someone forged it.
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

  /// The hash of a file's bytes, read in chunks of 1 MiB: what ``hex(_:)`` gives for them.
  ///
  /// - Parameter path: The file.
  /// - Returns: 32 lowercase hexadecimal digits.
  /// - Throws: ``FileError`` when the file cannot be opened or read.
  package static func hex(ofFile path: String) throws(FileError) -> String {
    let descriptor = try FileDescriptor.open(path, O_RDONLY | O_NOCTTY)
    defer { try? descriptor.close() }
    var state = State()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
    defer { buffer.deallocate() }
    var filled = 0
    while true {
      let got = try descriptor.read(
        into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
      filled += got
      if got == 0 || filled == buffer.count {
        let whole = filled - filled % 32
        state.absorb(UnsafeRawBufferPointer(rebasing: buffer[..<whole]))
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[whole..<filled]))
        filled -= whole
      }
      if got == 0 { break }
    }
    return state.finish(tail: UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
  }

  /// The hash of the bytes of a buffer.
  private static func hex(buffer: UnsafeBufferPointer<UInt8>) -> String {
    var state = State()
    let all = UnsafeRawBufferPointer(buffer)
    let whole = all.count - all.count % 32
    state.absorb(UnsafeRawBufferPointer(rebasing: all[..<whole]))
    return state.finish(tail: UnsafeRawBufferPointer(rebasing: all[whole...]))
  }

  private struct State {
    private static let first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
    private var length: UInt64 = 0

    /// Takes whole 32-byte blocks.
    mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
      var offset = 0
      while offset + 32 <= bytes.count {
        lanes.0 = Self.round(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        lanes.1 = Self.round(
          lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
        lanes.2 = Self.round(
          lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
        lanes.3 = Self.round(
          lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
        offset += 32
      }
      length &+= UInt64(offset)
    }

    /// Takes the last bytes (fewer than 32) and mixes everything into two words.
    func finish(tail: UnsafeRawBufferPointer) -> String {
      var last: UInt64 = 0
      var more: UInt64 = 0
      for (index, byte) in tail.enumerated() {
        // Little-endian words of the tail, so the hash does not depend on the machine.
        if index < 8 {
          last |= UInt64(byte) << (8 * UInt64(index))
        } else {
          more = Self.round(more, UInt64(byte) &+ UInt64(index) << 8)
        }
      }
      let total = length &+ UInt64(tail.count)
      let high = Self.mix(lanes.0 ^ Self.round(lanes.2, last) ^ total)
      let low = Self.mix(lanes.1 &+ Self.round(lanes.3, more) ^ (total &* Self.first))
      return Self.digits(high) + Self.digits(low ^ high &* Self.second)
    }

    private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
      let mixed = lane ^ (UInt64(littleEndian: word) &* second)
      return (mixed << 31 | mixed >> 33) &* first
    }

    /// MurmurHash3's finalizer: every input bit reaches every output bit.
    private static func mix(_ value: UInt64) -> UInt64 {
      var value = value
      value ^= value >> 33
      value &*= 0xFF51_AFD7_ED55_8CCD
      value ^= value >> 33
      value &*= 0xC4CE_B9FE_1A85_EC53
      return value ^ value >> 33
    }

    private static func digits(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
  }
}
