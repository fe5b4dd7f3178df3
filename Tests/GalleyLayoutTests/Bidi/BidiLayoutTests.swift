import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// Bidirectional paragraphs: direction, visual order, alignment, trailing white space and
/// hit-testing, on real mixed Hebrew, Arabic and English text.
@Suite("Bidi: mixed paragraphs laid out in visual order")
struct BidiLayoutTests {
  /// Mixed texts, with what each exercises.
  static let texts: [(name: String, markup: String)] = [
    ("Hebrew with English and numbers", "שלום עולם, this is Galley 2.0 עם 120 ₪ ו-3/4 כוס קפה."),
    ("Arabic with a URL", "زوروا موقعنا https://example.com/docs/a_b.html لمعرفة المزيد اليوم."),
    ("English with Hebrew inside", "The word שלום means peace, and תודה רבה means thanks a lot."),
    ("a file name in Hebrew", "הקובץ report_2024-final.pdf נשמר בתיקייה Documents/old בהצלחה."),
    ("brackets in Hebrew", "הוא אמר (שלום) ואז [עולם] והלך {הביתה} מהר."),
    ("explicit isolates", "abc \u{2067}אבג 123\u{2069} def \u{2068}גדה\u{2069} xyz \u{200F}!"),
    ("embeddings and overrides", "abc \u{202B}אבג def\u{202C} ghi \u{202E}reversed\u{202C} jkl."),
    ("all Hebrew", "זהו משפט ארוך בעברית בלבד שאין בו אף מילה באנגלית והוא נשבר לכמה שורות."),
    ("two paragraphs", "שלום עולם, a Hebrew paragraph.\nAn English one with עברית inside."),
    ("a link across directions", "Tap %Lthe שלום%l עולם link and %Lעוד text%l here please."),
    ("Arabic with colors", "كتاب %0Cجميل%c جدا و%Bكبير%b أيضا في المكتبة الكبيرة."),
    (
      "segment separators in a row at a line's end",
      "א (\u{1F}l, 1 \u{1F}\u{1F} שלום here, 121 \u{1F}\u{1F}(\u{1F}\u{1F}l, 121 \u{1F}\u{1F}\u{1F} wrap"
    ),
  ]

  @Test("Every line is a permutation in visual order, and hits land on their glyphs")
  func invariants() throws {
    let engine = try LayoutSupport.engine()
    for (name, markup) in Self.texts {
      let text = try LayoutSupport.formatter.format(markup)
      for width in [90.0, 160, 280, 600] {
        let layout = try engine.layout(text, options: LayoutOptions(width: width))
        BidiCheck(text: text, layout: layout, width: width).verify("\(name) at \(width)")
      }
    }
  }

  /// Rule L1 resets segment separators (U+001F) with the white space before them and the
  /// line's trailing ones: separators in a row at the line's end made two overlapping ranges,
  /// and the glyphs between them were drawn twice.
  @Test(arguments: [300.0, 90, 60])
  func segmentSeparatorsInARowDrawEachGlyphOnce(width: Double) throws {
    var formatter = LayoutSupport.formatter
    formatter.defaultSize = 15
    let text = try formatter.format(
      "א (\u{1F}l, 1 \u{1F}\u{1F} שלום 121 \u{1F}\u{1F}(\u{1F}l, 121 \u{1F}\u{1F}\u{1F}")
    let layout = try LayoutSupport.engine().layout(text, options: LayoutOptions(width: width))
    let utf16 = Array(text.string.utf16)
    for line in layout.lines {
      let clusters = line.runs.flatMap { $0.glyphs.map(\.cluster) }
      // ASCII letters, digits and punctuation are one glyph each in DejaVu Sans.
      for cluster in Set(clusters) where (0x21..<0x7F).contains(utf16[cluster]) {
        #expect(clusters.filter { $0 == cluster }.count == 1, "cluster \(cluster) at \(width)")
      }
      #expect(line.width <= width + 1.0 / 64)
    }
  }

  @Test(
    "Each paragraph's direction comes from its first strong character",
    arguments: [
      ("שלום world", LayoutOptions.Direction.auto, Layout.Direction.rightToLeft),
      ("world שלום", .auto, .leftToRight),
      ("123 שלום", .auto, .rightToLeft),
      ("123 ...", .auto, .leftToRight),
      ("\u{2067}שלום\u{2069} world", .auto, .leftToRight),
      ("world", .rightToLeft, .rightToLeft),
      ("שלום", .leftToRight, .leftToRight),
      ("", .rightToLeft, .rightToLeft),
    ])
  func direction(
    _ markup: String, _ option: LayoutOptions.Direction, _ expected: Layout.Direction
  ) throws {
    let (_, layout) = try LayoutSupport.layout(
      markup, width: 300, options: LayoutOptions(direction: option))
    #expect(layout.lines.allSatisfy { $0.direction == expected }, "\(markup)")
  }

  @Test("Two paragraphs take their own directions")
  func paragraphDirections() throws {
    let (_, layout) = try LayoutSupport.layout("שלום עולם\nhello world\n\nמה שלומך", width: 300)
    #expect(
      layout.lines.map(\.direction) == [.rightToLeft, .leftToRight, .leftToRight, .rightToLeft])
  }

  /// Visual order of glyph clusters (UTF-16), left to right, of a one-line layout.
  static func visualClusters(_ markup: String, direction: LayoutOptions.Direction = .auto)
    throws -> [Int]
  {
    let (_, layout) = try LayoutSupport.layout(
      markup, width: 600, options: LayoutOptions(direction: direction))
    var clusters: [Int] = []
    let glyphs = layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
    for glyph in glyphs where clusters.last != glyph.cluster { clusters.append(glyph.cluster) }
    return clusters
  }

  @Test(
    "Numbers, currency and punctuation in right-to-left text",
    arguments: [
      // 120 stays left to right; the shekel sign and the space go to its left.
      ("120 ₪", LayoutOptions.Direction.rightToLeft, [4, 3, 0, 1, 2]),
      ("3/4", .rightToLeft, [0, 1, 2]),
      // "(שלום)" in a right-to-left paragraph: the closing bracket is on the left.
      ("(שלום)", .auto, [5, 4, 3, 2, 1, 0]),
      ("abc אבג", .auto, [0, 1, 2, 3, 6, 5, 4]),
      ("אבג abc", .auto, [4, 5, 6, 3, 2, 1, 0]),
      ("אבג 12 דה", .auto, [8, 7, 6, 4, 5, 3, 2, 1, 0]),
    ])
  func numbersAndPunctuation(
    _ markup: String, _ direction: LayoutOptions.Direction, _ expected: [Int]
  ) throws {
    #expect(try Self.visualClusters(markup, direction: direction) == expected)
  }

  @Test("Brackets are mirrored in right-to-left runs")
  func mirroring() throws {
    let (_, rtl) = try LayoutSupport.layout("(שלום)", width: 300)
    let (_, ltr) = try LayoutSupport.layout("(abc)", width: 300)
    let rtlGlyphs = rtl.lines[0].runs.flatMap(\.glyphs)
    let ltrGlyphs = ltr.lines[0].runs.flatMap(\.glyphs)
    // Leftmost glyph: the logical ")" drawn as "(", the same glyph as the "(" of "(abc)".
    #expect(rtlGlyphs.first?.cluster == 5)
    #expect(rtlGlyphs.first?.id == ltrGlyphs.first?.id)
    #expect(rtlGlyphs.last?.id == ltrGlyphs.last?.id)
  }

  @Test("Natural alignment is right for right-to-left paragraphs; left, right, center stay")
  func alignment() throws {
    let width = 300.0
    let markup = "שלום עולם\nhello world"
    for (alignment, rtlRight, ltrLeft) in [
      (LayoutOptions.Alignment.natural, true, true), (.left, false, true),
      (.right, true, false),
    ] {
      let (_, layout) = try LayoutSupport.layout(
        markup, width: width, options: LayoutOptions(alignment: alignment))
      let rtl = layout.lines[0]
      let ltr = layout.lines[1]
      #expect((abs(rtl.x + rtl.width - width) < 0.02) == rtlRight, "\(alignment)")
      #expect((abs(ltr.x) < 0.02) == ltrLeft, "\(alignment)")
    }
    let (_, centered) = try LayoutSupport.layout(
      markup, width: width, options: LayoutOptions(alignment: .center))
    for line in centered.lines {
      #expect(abs(line.x + line.width / 2 - width / 2) < 0.02)
    }
  }

  @Test("Trailing spaces hang on the end side: left of a right-to-left line")
  func trailingSpaces() throws {
    let text = try LayoutSupport.formatter.format("שלום עולם גדול מאוד ויפה מאוד מאוד")
    let engine = try LayoutSupport.engine()
    let layout = try engine.layout(text, options: LayoutOptions(width: 90))
    #expect(layout.lines.count > 1)
    for line in layout.lines.dropLast() {
      #expect(line.direction == .rightToLeft)
      #expect(abs(line.x + line.width - 90) < 0.02, "right-aligned")
      // The line's trailing space (its last character) is drawn left of the line's x.
      let last = line.location + line.length - 1
      let space = line.runs.flatMap(\.glyphs).first { $0.cluster == last }
      #expect(space.map { $0.x < line.x + 0.01 } == true, "the space hangs on the left")
      #expect(line.runs.first?.glyphs.first?.cluster == last, "and comes first visually")
    }
  }

  @Test("Justified right-to-left lines fill the width; the last line sits on the right")
  func justified() throws {
    let text = try LayoutSupport.formatter.format(Self.texts[7].markup)
    let layout = try LayoutSupport.engine().layout(
      text, options: LayoutOptions(width: 150, alignment: .justify))
    for line in layout.lines.dropLast() {
      #expect(abs(line.width - 150) < 0.02 && abs(line.x) < 0.02)
    }
    let last = try #require(layout.lines.last)
    #expect(abs(last.x + last.width - 150) < 0.02)
  }

  @Test("A right-to-left indent is taken from the right")
  func indent() throws {
    let text = try LayoutSupport.formatter.format(Self.texts[7].markup)
    let layout = try LayoutSupport.engine().layout(
      text, options: LayoutOptions(width: 200, indent: 20))
    let first = layout.lines[0]
    #expect(abs(first.x + first.width - 180) < 0.02)
    #expect(abs(layout.lines[1].x + layout.lines[1].width - 200) < 0.02)
  }

  @Test("Left-to-right text has level 0 runs in left-to-right lines")
  func leftToRightIsUnchanged() throws {
    let (_, layout) = try LayoutSupport.layout("Plain %Bbold%b text that wraps.", width: 80)
    for line in layout.lines {
      #expect(line.direction == .leftToRight)
      #expect(line.runs.allSatisfy { $0.level == 0 })
    }
  }

  @Test("Empty and blank right-to-left paragraphs lay out")
  func emptyParagraphs() throws {
    for markup in ["", " ", "\n", "שלום\n\nעולם", "   \n  "] {
      let (_, layout) = try LayoutSupport.layout(
        markup, width: 100, options: LayoutOptions(direction: .rightToLeft))
      for line in layout.lines {
        #expect(line.direction == .rightToLeft, "\(markup.debugDescription)")
        #expect(line.x >= -0.01 && line.x <= 100.01)
      }
    }
  }

  @Test("Arabic joining survives a color change in the middle of a word")
  func joiningAcrossColors() throws {
    let (_, plain) = try LayoutSupport.layout("كتاب", width: 300)
    let (_, colored) = try LayoutSupport.layout("ك%0Cتا%cب", width: 300)
    let plainIDs = plain.lines[0].runs.flatMap { $0.glyphs.map(\.id) }
    let coloredIDs = colored.lines[0].runs.flatMap { $0.glyphs.map(\.id) }
    #expect(plainIDs == coloredIDs)
    #expect(colored.lines[0].runs.count == 3)
  }
}
