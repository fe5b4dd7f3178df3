import Testing

@testable import GalleyLayout

@Suite("UTF-8 and UTF-16 offset tables")
struct OffsetTableTests {
  /// Texts with one-, two-, three- and four-byte scalars, and the empty text.
  static let texts = ["", "plain", "naïve résumé", "日本語 text", "a😀b", "👩‍💻 and 🇯🇵\n", "\u{10FFFF}"]

  @Test("Agrees with the standard library's views", arguments: texts)
  func agreesWithStandardLibrary(_ text: String) {
    let table = OffsetTable(utf8: Array(text.utf8))
    #expect(table.units == Array(text.utf16))
    for index in text.unicodeScalars.indices {
      let utf8 = text.utf8.distance(from: text.startIndex, to: index)
      let utf16 = text.utf16.distance(from: text.startIndex, to: index)
      #expect(table.utf16Offset(ofUTF8: utf8) == utf16)
      #expect(table.utf8Offset(ofUTF16: utf16) == utf8)
    }
    #expect(table.utf16Offset(ofUTF8: text.utf8.count) == text.utf16.count)
    #expect(table.utf8Offset(ofUTF16: text.utf16.count) == text.utf8.count)
  }

  @Test("Both halves of a surrogate pair map to the scalar's first byte")
  func surrogatePairs() {
    let table = OffsetTable(utf8: Array("a😀b".utf8))
    #expect(table.utf8Offset(ofUTF16: 1) == 1)
    #expect(table.utf8Offset(ofUTF16: 2) == 1)
    #expect(table.utf8Offset(ofUTF16: 3) == 5)
    #expect((1...4).map { table.utf16Offset(ofUTF8: $0) } == [1, 1, 1, 1])
  }

  @Test(
    "The characters right after a line break are noted, CR LF as one break",
    arguments: [
      "", "plain", "ab\n\u{0301}c", "ab\r\n\u{0301}c\ré", "日本\n語\u{0B}😀\u{0C}a",
      "x\u{85}\u{0301}\u{2028}\u{2029}y\u{2029}\u{05D0}", "\n\n\u{0301}", "a\tb\u{1C}é",
      "one\ntwo\r\nthree\rfour\n", "\r\r\n\n\r", "a\u{85}", "é\u{2029}",
    ])
  func paragraphStarts(_ text: String) {
    var expected: [Int] = []
    let scalars = Array(text.unicodeScalars)
    var offset = 0
    let breaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
    for (index, scalar) in scalars.enumerated() {
      offset += String(scalar).utf8.count
      let isCRLF = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
      if breaks.contains(scalar.value), !isCRLF, index + 1 < scalars.count {
        expected.append(offset)
      }
    }
    #expect(OffsetTable(utf8: Array(text.utf8)).paragraphStarts == expected)
  }
}
