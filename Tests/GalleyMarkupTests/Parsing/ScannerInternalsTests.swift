import GalleyTestSupport
import Testing

@testable import GalleyMarkup

@Suite("Word-at-a-time helpers agree with byte-at-a-time definitions")
struct ScannerInternalsTests {
  static let samples: [String] = {
    var generator = SeededGenerator(seed: 11)
    let pieces = ["a", "%", "é", "€", "😀", "𝄞", "\u{7F}", "ÿ", "%%", "abcdefgh", "\n", "中"]
    return (0..<400).map { _ in
      let count = Int.random(in: 0..<40, using: &generator)
      return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }
  }()

  @Test func utf16CountMatchesTheStandardLibrary() {
    for sample in Self.samples {
      let bytes = Array(sample.utf8)
      for start in [0, 1, 3] where start <= bytes.count {
        // Only start at scalar boundaries, as the scanner does.
        guard start == bytes.count || bytes[start] & 0xC0 != 0x80 else { continue }
        let expected = String(decoding: bytes[start...], as: UTF8.self).utf16.count
        let counted = bytes.withUnsafeBufferPointer {
          UTF16Counter.utf16Count(UnsafeBufferPointer(rebasing: $0[start...]))
        }
        #expect(counted == expected, "\(sample.debugDescription) from \(start)")
      }
    }
  }

  @Test func copyTextStopsAtTheFirstPercentAndCountsUTF16() {
    for sample in Self.samples {
      let bytes = Array(sample.utf8)
      for start in 0...bytes.count where start == bytes.count || bytes[start] & 0xC0 != 0x80 {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "%")) ?? bytes.count
        let expected = String(decoding: bytes[start..<end], as: UTF8.self).utf16.count
        var copy = [UInt8](repeating: 0, count: bytes.count - start + TextCopier.slack)
        let found = bytes.withUnsafeBufferPointer { input in
          copy.withUnsafeMutableBufferPointer { destination in
            TextCopier.copyText(input, from: start, to: destination.baseAddress.unsafelyUnwrapped)
          }
        }
        #expect(found.end == end, "\(sample.debugDescription) from \(start)")
        #expect(found.utf16 == expected, "\(sample.debugDescription) from \(start)")
        #expect(copy[..<(end - start)].elementsEqual(bytes[start..<end]))
      }
    }
  }
}
