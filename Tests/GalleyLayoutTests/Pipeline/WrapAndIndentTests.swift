import GalleyLayout
import GalleyMarkup
import Testing

/// `--wrap char` and the first-line (or hanging) indent.
@Suite("Wrap modes and indents")
struct WrapAndIndentTests {
  static let texts = [
    "Characters wrap anywhere, even insideverylongwords.",
    "e\u{301}e\u{301}e\u{301} 👩‍💻👩‍💻👩‍💻 🇫🇷🇯🇵 cafe\u{301}s",
    "男孩和世界各地的女孩依靠基本的机会。",
    "one\ntwo three four five six\u{2029}seven",
  ]

  @Test("Char wrap breaks between any graphemes, never inside one", arguments: texts)
  func charWrap(_ markup: String) throws {
    for width in [30.0, 45, 80] {
      let options = LayoutOptions(width: width, wrap: .char)
      let (text, layout) = try LayoutSupport.layout(markup, options: options)
      let utf16 = text.string.utf16
      let boundaries = Set(
        text.string.indices.map { utf16.distance(from: utf16.startIndex, to: $0) })
      for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
        #expect(boundaries.contains(next.location), "\(markup) at \(width)")
        #expect(line.location + line.length == next.location)
        if line.breakReason == .wrap {
          // A wrapped line could not take the next grapheme too.
          #expect(line.width <= width)
        }
      }
      #expect(layout.lines.allSatisfy { $0.width <= width || $0.breakReason == .emergency })
      #expect(LayoutSupport.lineTexts(layout, text).joined() == text.string)
    }
  }

  @Test func charWrapFillsLinesThatWordWrapLeavesShort() throws {
    let markup = "Characters wrap anywhere, even insideverylongwords."
    let (_, words) = try LayoutSupport.layout(markup, options: LayoutOptions(width: 80))
    let (_, chars) = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: 80, wrap: .char))
    #expect(chars.lines.count <= words.lines.count)
    #expect(chars.lines.dropLast().allSatisfy { $0.width > 70 })
    #expect(chars.lines.contains { $0.breakReason == .wrap })
  }

  @Test func aFirstLineIndentStartsEachParagraph() throws {
    let markup = "One paragraph that wraps over lines\nAnother that wraps as well"
    let options = LayoutOptions(width: 120, indent: 24)
    let (text, layout) = try LayoutSupport.layout(markup, options: options)
    let texts = LayoutSupport.lineTexts(layout, text)
    for (line, lineText) in zip(layout.lines, texts) {
      let first =
        line.location == 0
        || text.string.utf16[
          text.string.utf16.index(text.string.utf16.startIndex, offsetBy: line.location - 1)]
          == 0x0A
      #expect(line.x == (first ? 24 : 0), "\(lineText)")
      #expect(line.x + line.width <= 120)
      if first { #expect(line.runs.first?.glyphs.first?.x == 24) }
    }
    #expect(layout.lines.filter { $0.x == 24 }.count == 2)
  }

  @Test func aHangingIndentMovesTheOtherLines() throws {
    let options = LayoutOptions(width: 90, indent: -16)
    let (_, layout) = try LayoutSupport.layout(
      "A hanging indent moves every line after the first", options: options)
    #expect(layout.lines.count >= 3)
    #expect(layout.lines[0].x == 0)
    #expect(layout.lines.dropFirst().allSatisfy { $0.x == 16 && $0.x + $0.width <= 90 })
  }

  @Test func rightAlignedLinesStillEndAtTheEdge() throws {
    let options = LayoutOptions(width: 120, alignment: .right, indent: 30)
    let (_, layout) = try LayoutSupport.layout(
      "Right aligned text with an indent wraps here", options: options)
    #expect(layout.lines.allSatisfy { abs($0.x + $0.width - 120) <= 1.0 / 64 })
  }

  /// Indents that leave no room, and a word of each message.
  static let problems: [(LayoutOptions, String)] = [
    (LayoutOptions(width: 50, indent: 50), "indent"),
    (LayoutOptions(width: 50, indent: -60), "indent"),
    (
      LayoutOptions(
        width: 50, insets: .init(top: 0, left: 10, bottom: 0, right: 10), indent: 30), "indent"
    ),
    (LayoutOptions(indent: .nan), "indent"),
    (LayoutOptions(indent: 2e6), "indent"),
  ]

  @Test("Indents that leave no room are refused", arguments: problems)
  func badIndents(_ options: LayoutOptions, _ word: String) throws {
    let problem = try #require(options.problem)
    #expect(problem.contains(word))
  }
}

/// Justification and indents together: an indented line is stretched to the width its indent
/// leaves.
@Suite("Justified indents")
struct JustifiedIndentTests {
  @Test(arguments: [24.0, -24])
  func indentedLinesEndAtTheEdge(indent: Double) throws {
    let options = LayoutOptions(width: 150, alignment: .justify, indent: indent)
    let (_, layout) = try LayoutSupport.layout(
      "A justified paragraph with an indent keeps every wrapped line at the edge of the box",
      options: options)
    #expect(layout.lines.count >= 3)
    for line in layout.lines.dropLast() {
      #expect(abs(line.x + line.width - 150) <= 1.0 / 64, "\(line.x) \(line.width)")
    }
  }
}
