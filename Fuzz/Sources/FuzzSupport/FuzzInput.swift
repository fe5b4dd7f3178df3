/// A fuzzer input read from the front: a few bytes that choose options, then text.
public struct FuzzInput {
  /// The bytes not read yet.
  private var bytes: UnsafeBufferPointer<UInt8>

  /// Wraps libFuzzer's buffer, which stays valid for the current call only.
  ///
  /// - Parameters:
  ///   - data: The input's first byte.
  ///   - size: The input's length in bytes.
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: size)
  }

  /// Reads one byte, or 0 when the input is used up.
  ///
  /// - Returns: The byte.
  public mutating func byte() -> UInt8 {
    guard let first = bytes.first else { return 0 }
    bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst())
    return first
  }

  /// Reads two bytes as a big-endian number, 0 where the input is used up.
  ///
  /// - Returns: The number.
  public mutating func uint16() -> UInt16 {
    let high = UInt16(byte())
    return high << 8 | UInt16(byte())
  }

  /// The rest of the input as bytes.
  public var rest: [UInt8] { Array(bytes) }

  /// The rest of the input as text: invalid UTF-8 becomes U+FFFD, as `String(decoding:)` does.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
