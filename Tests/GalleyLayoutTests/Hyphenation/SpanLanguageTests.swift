import GalleyLayout
import GalleyMarkup
import Testing

/// A span's language (`%{de}G`) and hyphenation (`%{auto}H`): they hyphenate, shape, break
/// and fall back as the layout-wide options do, for the span's text only.
@Suite("Span languages and hyphenation")
struct SpanLanguageTests {
  /// Each line's text, with `-` after a hyphenated one's.
  static func lines(_ markup: String, width: Double, options: LayoutOptions = LayoutOptions())
    throws -> [String]
  {
    var options = options
    options.width = width
    let (text, layout) = try LayoutSupport.layout(markup, options: options)
    return zip(LayoutSupport.lineTexts(layout, text), layout.lines).map { text, line in
      line.isHyphenated ? text + "-" : text
    }
  }

  @Test func aSpanHyphenatesInItsOwnLanguage() throws {
    // The layout is English and manual; the span is qaa (the test dictionary) and auto.
    var options = LayoutOptions(language: "en-US")
    options.hyphens = .manual
    let (_, whole) = try LayoutSupport.layout("trä")
    let width = whole.lines[0].width + 8
    let spanned = try Self.lines(
      "%{qaa}G%{auto}Htränenüberströmt%h%g", width: width, options: options)
    #expect(spanned.first == "trä-")
    // Outside the span, the same word is not hyphenated (English manual): it is split.
    let plain = try Self.lines("tränenüberströmt", width: width, options: options)
    #expect(plain.allSatisfy { !$0.hasSuffix("-") })
  }

  @Test func aSpanWithoutHyphensKeepsItsSoftHyphensWhole() throws {
    let (_, hy) = try LayoutSupport.layout("hy\u{2010}")
    let width = hy.lines[0].width + 1
    #expect(try Self.lines("hy\u{AD}phen", width: width).first == "hy\u{AD}-")
    // Without the break, the word is wider than the line and is split with no hyphen.
    let none = try Self.lines("%{none}Hhy\u{AD}phen%h", width: width)
    #expect(none.allSatisfy { !$0.hasSuffix("-") })
  }

  @Test func aSpanShapesInItsLanguage() throws {
    // Noto Sans draws Serbian б with its localized form.
    let layout = try LayoutSupport.layout("б%{sr}Gб%g", family: "Noto Sans")
    let glyphs = layout.lines[0].runs.flatMap(\.glyphs).map(\.id)
    #expect(glyphs.count == 2 && glyphs[0] != glyphs[1])
    let plain = try LayoutSupport.layout("бб", family: "Noto Sans")
    #expect(plain.lines[0].runs.flatMap(\.glyphs).map(\.id) == [glyphs[0], glyphs[0]])
  }

  @Test func aSpanBreaksInItsLanguage() throws {
    // ICU's strict line breaking keeps small kana with the character before them; loose
    // breaks before them.
    var formatter = LayoutSupport.formatter
    formatter.defaultFamily = "Droid Sans Fallback"
    let engine = try LayoutSupport.engine()
    func lines(_ markup: String, language: String) throws -> Int {
      let options = LayoutOptions(width: 30, language: language)
      return try engine.layout(try formatter.format(markup), options: options).lines.count
    }
    let kana = "キャットァーキャット"
    let strict = try lines(kana, language: "ja-u-lb-strict")
    let loose = try lines(kana, language: "ja-u-lb-loose")
    #expect(strict != loose)
    #expect(try lines("%{ja-u-lb-strict}G\(kana)", language: "ja-u-lb-loose") == strict)
    #expect(try lines("%{ja-u-lb-loose}G\(kana)", language: "ja-u-lb-strict") == loose)
  }
}
