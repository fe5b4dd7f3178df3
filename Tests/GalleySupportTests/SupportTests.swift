import Testing

@testable import GalleySupport

/// The helpers written once for every library: binary search and UTF-8 decoding.
@Suite("Shared helpers")
struct SupportTests {
  @Test func scalarLengthsFollowTheLeadByte() {
    let bytes = Array("a\u{E9}\u{8A9E}\u{1F600}".utf8)
    #expect(
      [0, 1, 3, 6].map { UTF8Decoding.length(ofScalarStartingWith: bytes[$0]) } == [1, 2, 3, 4])
    #expect(
      bytes.map(UTF8Decoding.isContinuation) == [false, false, true, false, true, true] + [
        false, true, true, true,
      ])
    bytes.withUnsafeBufferPointer { bytes in
      #expect(UTF8Decoding.scalar(in: bytes, at: 6).value == 0x1F600)
      #expect(UTF8Decoding.scalar(in: bytes, at: 3).value == 0x8A9E)
    }
  }

  @Test("Binary search finds the partition point", arguments: 0...6)
  func partitioningIndex(_ key: Int) {
    let sorted = [1, 1, 2, 3, 5, 5]
    let expected = sorted.firstIndex { $0 >= key } ?? sorted.count
    #expect(sorted.partitioningIndex { $0 >= key } == expected)
    #expect(sorted[2...].partitioningIndex { $0 >= key } == max(2, expected))
    #expect([Int]().partitioningIndex { $0 >= key } == 0)
  }

  @Test("Every scalar decodes to itself", arguments: ["", "ascii", "é", "語", "😀", "\u{10FFFF}"])
  func decodesEveryLength(_ text: String) {
    let bytes = Array(text.utf8)
    var decoded: [UInt32] = []
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let (value, length) = UTF8Decoding.scalar(in: buffer, at: offset)
        decoded.append(value)
        offset += length
      }
    }
    #expect(decoded == text.unicodeScalars.map(\.value))
  }
}
