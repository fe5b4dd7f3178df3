import GalleyLayout
import GalleyMarkup
import Testing

@Suite("Line breaking")
struct LineBreakingTests {
  static let prose = """
    By through river kerning, is well-known however layout be résumé they library \
    state-of-the-art, were well-known. Environment perhaps state-of-the-art between you Tokyo \
    because this, experience on whole naïve.
    """

  @Test(arguments: [80.0, 150, 233.5, 400, 1000])
  func latinLinesFitAndAreGreedy(width: Double) throws {
    let (text, layout) = try LayoutSupport.layout(Markup.escape(Self.prose), width: width)
    let lines = LayoutSupport.lineTexts(layout, text)
    #expect(lines.joined() == text.string)
    for line in layout.lines {
      #expect(line.width <= width || line.breakReason == .emergency)
      #expect(line.x == 0)
    }
    // Greedy: the next line's first word would not have fitted on the line before.
    let (_, whole) = try LayoutSupport.layout(Markup.escape(Self.prose))
    #expect(whole.lines.count == 1)
    for (line, next) in zip(layout.lines, layout.lines.dropFirst()) where line.breakReason == .wrap
    {
      let nextText = LayoutSupport.lineTexts(layout, text)[layout.lines.firstIndex(of: next) ?? 0]
      let firstWord = nextText.split(separator: " ").first.map(String.init) ?? ""
      let candidate =
        LayoutSupport.lineTexts(layout, text)[layout.lines.firstIndex(of: line) ?? 0] + firstWord
      let (_, single) = try LayoutSupport.layout(Markup.escape(candidate))
      #expect(single.lines[0].width > width, "\(candidate)")
    }
    #expect(layout.lines.last?.breakReason == .end)
  }

  @Test(
    "A combining mark that starts a paragraph is drawn on its own line",
    arguments: ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"])
  func markAfterALineBreak(lineBreak: String) throws {
    // HarfBuzz joins a mark to the cluster before it; shaped with the line break, the mark
    // stayed in the break's cluster on the first line and was never drawn.
    let (_, layout) = try LayoutSupport.layout(Markup.escape("ab" + lineBreak + "\u{0301}c"))
    try #require(layout.lines.count == 2)
    let mark = 2 + lineBreak.utf16.count
    let second = layout.lines[1].runs.flatMap(\.glyphs)
    #expect(second.map(\.cluster) == [mark, mark + 1])
    #expect(second.allSatisfy { $0.id != 0 })
    #expect(!layout.lines[0].runs.flatMap(\.glyphs).contains { $0.cluster >= mark })
  }

  /// A line whose edge is unsafe to break is shaped again when assembled, measured so, and fits.
  ///
  /// "s/et" in Lato at 100 points: the kerning pair "/e" narrows "s/" by the prefix sums, and
  /// the line "s/" alone is 88.5 wide.
  @Test(
    arguments: [
      ("s/et", "Lato", 100.0, 86.0),
      ("عربيthLبالعربي", "DejaVu Sans", 15, 30),
      ("AVAVAVAV WAWAWA To/Te Ty/Ta", "Lato", 40, 120),
    ])
  func linesCutWhereBreakingIsUnsafeFit(
    markup: String, family: String, size: Double, width: Double
  ) throws {
    var formatter = LayoutSupport.formatter
    formatter.defaultFamily = family
    formatter.defaultSize = size
    let text = try formatter.format(markup)
    var options = LayoutOptions()
    options.width = width
    let layout = try LayoutSupport.engine().layout(text, options: options)
    #expect(LayoutSupport.lineTexts(layout, text).joined() == text.string)
    for line in layout.lines where line.length > 1 {
      #expect(line.width <= width + 1.0 / 64, "\(line)")
    }
  }

  @Test func longWordsBreakBetweenGraphemes() throws {
    let word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
    let (text, layout) = try LayoutSupport.layout("a \(word) b", width: 90)
    let lines = LayoutSupport.lineTexts(layout, text)
    #expect(lines.joined() == text.string)
    #expect(layout.lines.contains { $0.breakReason == .emergency })
    for line in layout.lines { #expect(line.width <= 90) }
    // A single cluster wider than the line still gets a line of its own.
    let (_, narrow) = try LayoutSupport.layout("WWW", width: 3)
    #expect(narrow.lines.count == 3)
    #expect(narrow.lines.allSatisfy { $0.length == 1 })
  }

  @Test func urlsBreakAtTheirPunctuation() throws {
    let url = "https://example.com/galley/docs/layout/line-breaking/urls/and/more/segments"
    let (text, layout) = try LayoutSupport.layout(url, width: 120)
    #expect(layout.lines.count > 2)
    #expect(LayoutSupport.lineTexts(layout, text).joined() == url)
    #expect(!layout.lines.contains { $0.breakReason == .emergency })
  }

  @Test func cjkAndThaiBreakAtWordsWithoutSpaces() throws {
    let cjk = "男孩和世界各地的女孩依靠基本的机会。男の子と、世界中の女の子が根本的な機会に依存しています。"
    let (cjkText, cjkLayout) = try LayoutSupport.layout(cjk, width: 100)
    #expect(cjkLayout.lines.count > 3)
    #expect(LayoutSupport.lineTexts(cjkLayout, cjkText).joined() == cjk)
    #expect(!cjkLayout.lines.contains { $0.breakReason == .emergency })
    // Closing punctuation never starts a line.
    for line in LayoutSupport.lineTexts(cjkLayout, cjkText).dropFirst() {
      #expect(!["、", "。"].contains(line.first.map(String.init) ?? ""), "\(line)")
    }
    let thai = "สวัสดีชาวโลก นี่คือประโยคภาษาไทยสั้นๆ ที่ไม่มีช่องว่างระหว่างคำ"
    let (thaiText, thaiLayout) = try LayoutSupport.layout(thai, width: 80)
    let thaiLines = LayoutSupport.lineTexts(thaiLayout, thaiText)
    #expect(thaiLines.joined() == thai)
    #expect(thaiLines.count > 3)
    #expect(!thaiLayout.lines.contains { $0.breakReason == .emergency })
    // ICU's dictionary keeps words whole: "ประโยค" (sentence) is never split.
    #expect(thaiLines.contains { $0.contains("ประโยค") })
  }

  /// Scripts that ICU breaks with dictionaries: their word breaks are opportunities, never
  /// mandatory breaks, also when another paragraph follows.
  @Test(arguments: [
    ("Thai", "ภาษาไทยไม่มีช่องว่าง"),
    ("Lao", "ພາສາລາວບໍ່ມີຍະຫວ່າງລະຫວ່າງຄໍາ"),
    ("Khmer", "ភាសាខ្មែរគ្មានដកឃ្លារវាងពាក្យ"),
    ("Burmese", "မြန်မာဘာသာစကားတွင်စကားလုံးများကြားနေရာမရှိပါ"),
    ("Chinese", "男孩和世界各地的女孩依靠基本的机会"),
    ("Japanese", "世界中の女の子が根本的な機会に依存しています"),
  ])
  func dictionaryBreaksBeforeAnotherParagraphAreNotMandatory(script: String, text: String) throws {
    for separator in ["\n", "\r\n", "\u{2029}"] {
      let source = text + separator + "x"
      let (formatted, layout) = try LayoutSupport.layout(Markup.escape(source))
      let lines = LayoutSupport.lineTexts(layout, formatted)
      #expect(lines == [text + separator, "x"], "\(script)")
      #expect(layout.lines.map(\.breakReason) == [.explicit, .end], "\(script)")
      // Wrapped, the lines before the paragraph's end break softly.
      let (_, narrow) = try LayoutSupport.layout(Markup.escape(source), width: 60)
      #expect(narrow.lines.count > 2, "\(script)")
      #expect(narrow.lines.filter { $0.breakReason == .explicit }.count == 1, "\(script)")
    }
  }

  @Test func mandatoryBreaks() throws {
    let (text, layout) = try LayoutSupport.layout("one\ntwo\u{2028}three\u{2029}four\r\nfive")
    #expect(
      LayoutSupport.lineTexts(layout, text) == [
        "one\n", "two\u{2028}", "three\u{2029}", "four\r\n", "five",
      ])
    #expect(layout.lines.map(\.breakReason) == [.explicit, .explicit, .explicit, .explicit, .end])
    // Line breaks are not drawn.
    for line in layout.lines {
      for run in line.runs {
        for glyph in run.glyphs {
          #expect(
            !["\n", "\r", "\u{2028}", "\u{2029}"].contains(
              text.string.utf16Character(at: glyph.cluster)))
        }
      }
    }
  }

  @Test func emptyAndWhitespaceOnlyText() throws {
    let (_, empty) = try LayoutSupport.layout("")
    #expect(empty.lines.isEmpty)
    #expect(empty.size == Layout.Size(width: 0, height: 0))
    let (_, spaces) = try LayoutSupport.layout("     ", width: 100)
    #expect(spaces.lines.count == 1)
    #expect(spaces.lines[0].width == 0)
    #expect(spaces.lines[0].height > 0)
  }

  /// A combining mark after a space is in the space's HarfBuzz cluster: a line never starts
  /// with it, and every line that shows text has glyphs.
  @Test(
    arguments: [
      "كتاب \u{64B} كتاب \u{64E}ب", "word \u{301}x word \u{20DD}", "שלום \u{5B8}א שלום",
      "a b\u{200B}\u{301}c d",
    ])
  func noLineStartsWithAMarkAfterASpace(text: String) throws {
    let (formatted, layout) = try LayoutSupport.layout(Markup.escape(text), width: 1)
    let utf16 = Array(formatted.string.utf16)
    for line in layout.lines {
      let first = String(decoding: utf16[line.location...].prefix(2), as: UTF16.self)
      let startsWithMark =
        first.unicodeScalars.first.map {
          $0.properties.isGraphemeExtend || $0.properties.generalCategory == .spacingMark
        } ?? false
      #expect(!startsWithMark, "\(text): line at \(line.location)")
      if line.visibleLength > 0 {
        #expect(!line.runs.flatMap(\.glyphs).isEmpty, "\(text): line at \(line.location)")
      }
    }
  }
}

extension String {
  /// The character starting at a UTF-16 offset, as a string.
  fileprivate func utf16Character(at offset: Int) -> String {
    let index = utf16.index(utf16.startIndex, offsetBy: offset)
    return String(self[index...].prefix(1))
  }
}
