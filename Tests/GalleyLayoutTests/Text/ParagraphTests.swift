import Testing

@testable import GalleyLayout

/// The per-layout text authority: line-break characters, content and visible ends, and
/// graphemes.
@Suite("Paragraph: offsets and character rules")
struct ParagraphTests {
  /// Each line-break character, as the rule lists them, and characters that only look close.
  static let breakLengths: [(text: String, length: Int)] = [
    ("\n", 1), ("\r", 1), ("\u{0B}", 1), ("\u{0C}", 1), ("\u{85}", 2), ("\u{2028}", 3),
    ("\u{2029}", 3), (" ", 0), ("\t", 0), ("a", 0), ("\u{A0}", 0), ("\u{2027}", 0),
    ("\u{3000}", 0), ("é", 0),
  ]

  @Test("Line-break characters, from either end", arguments: breakLengths)
  func lineBreakLengths(_ text: String, _ length: Int) {
    let paragraph = Paragraph("x" + text + "y")
    #expect(paragraph.lineBreakLength(at: 1) == length)
    let end = 1 + text.utf8.count
    #expect(paragraph.lineBreakLength(endingAt: end) == length)
    #expect(paragraph.isMandatoryBreak(at: end) == (length > 0))
    // A character that would start before `notBefore` does not count.
    if length > 1 { #expect(paragraph.lineBreakLength(endingAt: end, notBefore: 2) == 0) }
  }

  /// Lines' texts and what their content and visible ends drop.
  static let ends: [(text: String, content: String, visible: String)] = [
    ("word", "word", "word"),
    ("word  ", "word  ", "word"),
    ("word \n", "word ", "word"),
    ("word\r\n", "word", "word"),
    ("word\t\u{2029}", "word\t", "word"),
    ("語\u{3000}\u{3000}", "語\u{3000}\u{3000}", "語"),
    ("\n\n", "", ""),
    ("a\u{85}", "a", "a"),
    ("", "", ""),
  ]

  @Test("Content end drops the break; visible end drops white space too", arguments: ends)
  func contentAndVisibleEnds(_ text: String, _ content: String, _ visible: String) {
    let paragraph = Paragraph("»" + text)
    let range = 2..<paragraph.count
    #expect(paragraph.contentEnd(of: range) == 2 + content.utf8.count)
    #expect(paragraph.visibleEnd(of: range) == 2 + visible.utf8.count)
  }

  /// Texts whose graphemes span several scalars, with the UTF-16 grapheme starts inside them.
  static let graphemes: [(text: String, inner: [Int])] = [
    ("fi", [1]),
    ("e\u{301}x", [2]),
    ("👩‍💻a", [5]),
    ("🇯🇵🇫🇷", [4]),
    ("\r\n", []),
    ("a", []),
    // A letter with marks is one grapheme (the fast path for Hebrew and Arabic points).
    ("שָׁ", []), ("دّ", []), ("e\u{301}\u{302}", []), ("\u{64E}\u{651}", []),
    ("\u{5D0}\u{5D1}", [1]), ("ـَب", [2]), ("\t\u{64E}", [1]), ("\u{85}\u{301}", [1]),
    ("\u{A0}\u{64E}", []), ("\u{64E}x", [1]), ("ض\u{301}ش", [2]),
  ]

  @Test("Grapheme boundaries inside a range, in UTF-16", arguments: graphemes)
  func innerGraphemeBoundaries(_ text: String, _ inner: [Int]) {
    let paragraph = Paragraph(text)
    #expect(paragraph.innerGraphemeBoundaries(of: 0..<paragraph.count) == inner)
  }
}
