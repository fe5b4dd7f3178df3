import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Words are shaped once and cached only where that gives exactly what shaping whole runs
/// gives.
@Suite("Shaping word by word")
struct WordShapingTests {
  @Test(
    "Which runs can be shaped word by word, and their script",
    arguments: [
      ("Plain words", .latin), ("123 ,.;", .common), ("Zürich résumé naïve", .latin),
      ("× ÷ ¿¡ «»", .common), ("ª", .latin), ("Ȳ", .latin), ("ɐ", nil), ("e\u{301}", nil),
      ("Привет", nil), ("مرحبا، كتاب.", .arabic), ("שָׁלוֹם עולם!", .hebrew), ("שלום abc", nil),
      ("مرحبا שלום", nil), ("\u{600}١٢", nil), ("a\u{61C}b", nil), ("文字", nil), ("😀", nil),
      ("a – b — “c” …", .latin), ("‰ € ‘’", .common), ("1⁄2", nil), ("a\u{200D}b", nil),
      ("\u{202E}x", nil), ("\u{2028}", nil), ("، ؟", .common), (" \u{64B}", .common),
      ("ـ\u{670}", .common), ("\u{64E}ب", .arabic),
    ] as [(String, ShapingScript?)])
  func wordScript(text: String, expected: ShapingScript?) {
    let bytes = Array(text.utf8)
    let script = bytes.withUnsafeBufferPointer { WordText.script($0, 0..<bytes.count) }
    #expect(script == expected)
  }

  @Test(
    "Fonts whose default lookups involve the space are shaped whole",
    arguments: [
      // DejaVu's ligature with a space is in scripts other than Latin: words are cached.
      ("dejavu/DejaVuSans.ttf", true), ("dejavu/DejaVuSans-Bold.ttf", true),
      ("dejavu/DejaVuSerif.ttf", true), ("dejavu/DejaVuSansMono.ttf", true),
      // Both kern pairs with the space.
      ("lato/Lato-Regular.ttf", false), ("liberation2/LiberationSans-Regular.ttf", false),
    ])
  func wordsShapeAlone(file: String, expected: Bool) throws {
    let face = try #require(ShapingFace(file: HermeticFonts.fontPath(file), index: 0))
    #expect(face.wordSplitting(rightToLeft: false) == (expected ? .everywhere : .never))
  }

  @Test(
    "Hebrew and Arabic words are cached in fonts whose lookups leave the space alone",
    arguments: [
      "noto/NotoSansHebrew-Regular.ttf", "noto/NotoSansArabic-Regular.ttf",
      "noto/NotoNaskhArabic-Regular.ttf",
    ])
  func rightToLeftWordsShapeAlone(file: String) throws {
    let face = try #require(ShapingFace(file: HermeticFonts.fontPath(file), index: 0))
    #expect(face.wordSplitting(rightToLeft: true) == .everywhere)
  }

  /// DejaVu Sans makes the spacing forms of the Arabic harakat (U+FE70 to U+FE7F) from a space
  /// and a haraka, a ligature; its other ligatures (alef with madda or hamza) do not involve
  /// the space.
  @Test func dejaVuArabicWordsMayNotStartWithAHaraka() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), index: 0))
    guard case .exceptBefore(let starts) = face.wordSplitting(rightToLeft: true) else {
      Issue.record("expected words cut everywhere but before the harakat")
      return
    }
    for haraka: UInt32 in [0x64B, 0x64C, 0x64D, 0x64E, 0x64F, 0x650, 0x651, 0x652] {
      #expect(starts.contains(haraka), "U+\(String(haraka, radix: 16))")
    }
    // Alef, waw and yeh start ligatures too, but none with the space before them.
    for letter: UInt32 in [0x627, 0x648, 0x64A, 0x628, 0x5D0, 0x61] {
      #expect(!starts.contains(letter), "U+\(String(letter, radix: 16))")
    }
  }

  @Test(
    "A word that starts with a blocked character stays with the word before it",
    arguments: [
      ("ab cd", [0..<3, 3..<5]), ("ab  cd ", [0..<4, 4..<7]),
      ("كتب \u{64E}ب قلم", [0..<12, 12..<18]), ("\u{64E}ب  \u{64E}", [0..<8]),
    ] as [(String, [Range<Int>])])
  func wordsWithBlockedStarts(text: String, expected: [Range<Int>]) {
    let starts = WordStarts { $0 == 0x64E }
    let bytes = Array(text.utf8)
    let words = bytes.withUnsafeBufferPointer {
      WordRun.words(in: $0, 0..<bytes.count, blocked: starts)
    }
    #expect(words == expected)
  }

  /// Paragraphs of words that kern, ligate and carry accents, in several fonts, styles and
  /// sizes, with runs of spaces and words too long for the cache.
  static func paragraphs() -> [String] {
    let words = [
      "AVATAR", "To", "Wa", "office", "fluffy", "ffi", "Zürich", "résumé", "naïve", "1/2",
      "3.14,", "(see", "it)", "Ýou'll", "«quoted»", "state-of-the-art,", "T.", "Yo", "LT",
      "incomprehensibilities-and-more", "x", "—", "ŁÓDŹ", "Ǆemal", "   ", "P.S.", "¿qué?",
      "–", "“Te”", "‘Ay’", "…", "A—V", "€5", "1⁄2", "Я", "fi\u{200C}x",
    ]
    let codes = [("%B", "%b"), ("%I", "%i"), ("%1F", "%f"), ("%2F", "%f"), ("%16S", "%s")]
    var random = SeededGenerator(seed: 7)
    return (0..<120).map { _ in
      var paragraph = ""
      for index in 0..<Int.random(in: 4...40, using: &random) {
        var word = words.randomElement(using: &random) ?? "x"
        if Int.random(in: 0..<6, using: &random) == 0,
          let (open, close) = codes.randomElement(using: &random)
        {
          word = open + word + close
        }
        paragraph += (index == 0 ? "" : " ") + word
      }
      return paragraph
    }
  }

  /// Hebrew and Arabic paragraphs, with points, joining letters, lam-alef, digits, Latin words
  /// and color changes inside words.
  static func rightToLeftParagraphs() -> [String] {
    let words = [
      "שלום", "עולם", "שָׁלוֹם", "בְּרֵאשִׁית", "ספר,", "(מילה)", "مرحبا", "كتاب", "لا", "الإسلام",
      "مُحَمَّد", "في", "١٢٣", "123", "word", "،", "؟", "ك%0Cتا%cب", "ש%Bלו%bם", "اللغة", "٤٫٥",
      // Harakat after a space: DejaVu Sans makes a ligature of the two.
      "\u{64E}ب", "\u{64B}", "\u{651}\u{64E}", "آمن", "أ", "ؤ", "ئ",
    ]
    var random = SeededGenerator(seed: 41)
    return (0..<120).map { _ in
      (0..<Int.random(in: 4...30, using: &random)).map { _ in
        words.randomElement(using: &random) ?? "x"
      }.joined(separator: " ")
    }
  }

  /// Expects engines that shape words, pairs or both and one that shapes runs whole to lay out
  /// each paragraph alike at two widths, twice (the second time, the words come from the
  /// cache).
  static func expectWordsShapeAsRuns(
    _ paragraphs: [String], formatter: MarkupFormatter, context: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fonts = try HermeticFonts.fontSet()
    let engines = [.wordCache, .pairShaping, .all].map {
      LayoutEngine(fonts: fonts, accelerators: $0)
    }
    let whole = LayoutEngine(fonts: fonts, accelerators: [])
    for paragraph in paragraphs {
      let text = try formatter.format(paragraph)
      for width in [120.0, 400] {
        let options = LayoutOptions(width: width)
        let expected = try whole.layout(text, options: options)
        for engine in engines + engines {
          #expect(
            try engine.layout(text, options: options) == expected,
            "\(context)\(paragraph) at \(width)", sourceLocation: sourceLocation)
        }
      }
    }
  }

  @Test func rightToLeftWordShapingGivesTheWholeRunLayout() throws {
    for family in ["DejaVu Sans", "Noto Sans Hebrew", "Noto Sans Arabic"] {
      var formatter = LayoutSupport.formatter
      formatter.defaultFamily = family
      try Self.expectWordsShapeAsRuns(
        Self.rightToLeftParagraphs(), formatter: formatter, context: "\(family): ")
    }
  }

  @Test func wordShapingGivesTheWholeRunLayout() throws {
    var formatter = MarkupFormatter(fontFamilies: ["DejaVu Sans", "DejaVu Serif", "Lato"])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    try Self.expectWordsShapeAsRuns(Self.paragraphs(), formatter: formatter)
  }

  /// Text whose words do not come again turns the cache to shaping whole runs, and the words
  /// it then learns from whole runs (cut from their glyphs) must be each word's own: laid out
  /// again from the cache, the text comes out the same.
  @Test func wordsLearnedFromWholeRunsGiveTheSameLayout() throws {
    let fonts = try HermeticFonts.fontSet()
    let engines = [.wordCache, .all].map { LayoutEngine(fonts: fonts, accelerators: $0) }
    let whole = LayoutEngine(fonts: fonts, accelerators: [])
    var random = SeededGenerator(seed: 16)
    let letters = Array("abcdefghijklmnopqrstuvwxyzAVTWY.,'0123456789")
    let paragraphs = (0..<200).map { _ in
      (0..<40).map { _ in
        String(
          (0..<Int.random(in: 1...12, using: &random)).map { _ in
            letters.randomElement(using: &random) ?? "a"
          })
      }.joined(separator: " ")
    }
    let formatter = LayoutSupport.formatter
    for pass in 0..<3 {
      for paragraph in paragraphs {
        let text = try formatter.format(Markup.escape(paragraph))
        let options = LayoutOptions(width: 300)
        let expected = try whole.layout(text, options: options)
        for engine in engines {
          #expect(
            try engine.layout(text, options: options) == expected, "pass \(pass): \(paragraph)")
        }
      }
    }
  }
}
