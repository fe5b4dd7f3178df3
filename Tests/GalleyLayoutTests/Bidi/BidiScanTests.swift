import Testing

@testable import GalleyLayout

/// The fast scan that lets left-to-right text skip bidi analysis.
@Suite("Bidi fast scan")
struct BidiScanTests {
  /// Texts, the direction asked for, and whether analysis is needed.
  static let cases: [(text: String, direction: BidiBaseDirection, needsAnalysis: Bool)] = [
    ("", .auto, false),
    ("", .rightToLeft, true),
    ("Hello, world: plain ASCII, longer than eight bytes.", .auto, false),
    ("naïve café, Größe, œuvre", .auto, false),
    ("Armenian ՀայերենՖր with U+0580 ր and U+0582 ւ", .auto, false),
    ("日本語のテキストと中文", .auto, false),
    ("한국어 텍스트", .leftToRight, false),
    ("emoji 😀👍🏽🇯🇵 and ﬀ ligature", .auto, false),
    ("plain ASCII", .rightToLeft, true),
    ("שלום", .auto, true),
    ("Hebrew at the end after a long ASCII prefix: ם", .leftToRight, true),
    ("1234567ש", .auto, true),
    ("مرحبا", .auto, true),
    ("digits ٣٤٥", .leftToRight, true),
    ("Syriac ܐ, NKo ߊ, Arabic Extended-A ࢠ", .auto, true),
    ("presentation forms ﭐ", .auto, true),
    ("Hebrew presentation form יִ", .auto, true),
    ("Arabic presentation forms-B ﻼ", .auto, true),
    ("Phoenician 𐤀", .auto, true),
    ("Adlam 𞤀", .auto, true),
    ("LRM alone a\u{200E}b", .leftToRight, false),
    ("LRM alone a\u{200E}b", .auto, false),
    ("RLM a\u{200F}b", .auto, true),
    ("ALM a\u{061C}b", .auto, true),
    ("LRE a\u{202A}b", .auto, true),
    ("RLE a\u{202B}b", .auto, true),
    ("PDF a\u{202C}b", .auto, true),
    ("LRO a\u{202D}b", .auto, true),
    ("RLO a\u{202E}b", .auto, true),
    ("LRI a\u{2066}b", .auto, true),
    ("RLI a\u{2067}b", .auto, true),
    ("FSI a\u{2068}b", .auto, true),
    ("PDI a\u{2069}b", .auto, true),
    ("neighbours of the controls \u{2010}\u{2029}\u{202F}\u{2065}\u{206A}", .auto, false),
  ]

  @Test(
    "Needs analysis only for right-to-left text, controls or a right-to-left base",
    arguments: cases)
  func needsAnalysis(_ text: String, _ direction: BidiBaseDirection, _ expected: Bool) {
    #expect(BidiScan.requiresAnalysis(Array(text.utf8), direction: direction) == expected)
  }

  /// A right-to-left character at each position around the eight-byte steps.
  @Test("Finds a right-to-left character or a control at any position", arguments: 0..<20)
  func anyPosition(_ prefixLength: Int) {
    let prefix = String(repeating: "a", count: prefixLength)
    for needle in ["ש", "\u{200F}", "\u{2067}", "\u{FB50}", "\u{10900}"] {
      let text = prefix + needle + "bcdefghij"
      #expect(BidiScan.requiresAnalysis(Array(text.utf8), direction: .leftToRight), "\(needle)")
    }
    // RLM cut after its first two bytes: the scan never reads past the bytes it is given.
    let cut = Array((prefix + "\u{200F}").utf8.dropLast())
    #expect(!BidiScan.requiresAnalysis(cut, direction: .leftToRight))
  }

  /// The classes that make a text need analysis when the base is left-to-right.
  static let classesNeedingAnalysis: Set<BidiClass> = [
    .rightToLeft, .arabicLetter, .arabicNumber, .leftToRightEmbedding, .rightToLeftEmbedding,
    .leftToRightOverride, .rightToLeftOverride, .popDirectionalFormat, .leftToRightIsolate,
    .rightToLeftIsolate, .firstStrongIsolate, .popDirectionalIsolate,
  ]

  @Test("Every character of classes R, AL and AN and every control is found (all of Unicode)")
  func everyCodePoint() {
    var missed: [String] = []
    var checked = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value),
        Self.classesNeedingAnalysis.contains(BidiClass(scalar))
      else { continue }
      checked += 1
      let bytes = Array(String(Character(scalar)).utf8)
      if !BidiScan.requiresAnalysis(bytes, direction: .leftToRight) {
        missed.append("U+" + String(value, radix: 16, uppercase: true))
      }
    }
    #expect(checked > 5_000, "only \(checked) characters of those classes")
    #expect(missed.isEmpty, "not found: \(missed.prefix(20))")
  }
}
