import Foundation
import Testing

@testable import GalleyLayout

/// The soft-hyphen cases of Unicode's `LineBreakTest.txt` (from Debian's `unicode-data`):
/// break analysis finds exactly the opportunities the test file marks, and with `hyphens:
/// none` none after a soft hyphen.
@Suite("Soft hyphens in LineBreakTest.txt")
struct SoftHyphenBreakTests {
  /// A test line: its text, and the UTF-8 offsets after which it may break (the end
  /// included).
  struct Case {
    var text: String
    var breaks: [Int]
  }

  static func cases() throws -> [Case] {
    let file = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    let contents = try String(contentsOfFile: file, encoding: .utf8)
    var cases: [Case] = []
    for line in contents.split(separator: "\n") where line.contains("00AD") {
      let rule = line.prefix { $0 != "#" }
      var text = ""
      var breaks: [Int] = []
      for token in rule.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        switch token {
        case "÷": if !text.isEmpty { breaks.append(text.utf8.count) }
        case "×": continue
        default:
          guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
            continue
          }
          text.unicodeScalars.append(scalar)
        }
      }
      cases.append(Case(text: text, breaks: breaks))
    }
    return cases
  }

  @Test func opportunitiesAreTheFilesOnes() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 10)
    for testCase in cases {
      let paragraph = Paragraph(testCase.text)
      let breaks = try BreakOpportunities(paragraph, language: nil)
      #expect(breaks.offsets == testCase.breaks, "\(testCase.text.unicodeScalars.map(\.value))")
    }
  }

  @Test func hyphensNoneDropsTheBreaksAfterSoftHyphens() throws {
    for testCase in try Self.cases() {
      let paragraph = Paragraph(testCase.text)
      let breaks = try BreakOpportunities(paragraph, language: nil, hyphens: .none)
      let afterSoftHyphen = testCase.breaks.filter { offset in
        offset < paragraph.count && paragraph.bytes[offset - 2] == 0xC2
          && paragraph.bytes[offset - 1] == 0xAD
      }
      #expect(breaks.offsets == testCase.breaks.filter { !afterSoftHyphen.contains($0) })
    }
  }
}
