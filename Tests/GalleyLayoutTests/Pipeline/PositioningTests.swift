import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

@Suite("Line positions, metrics, alignment and spacing")
struct PositioningTests {
  @Test func dejaVuLineMetrics() throws {
    let (_, layout) = try LayoutSupport.layout("Hello")
    let line = try #require(layout.lines.first)
    // DejaVu Sans at 13 px: ascender 0.928 em, descender 0.236 em, in 1/64 px.
    #expect(line.height == 15.125)
    #expect(line.baseline == 12.0625)
    #expect(layout.size.height == 15.125)
    #expect(layout.size.width == line.width)
    let glyphs = try #require(line.runs.first?.glyphs)
    #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
    #expect(glyphs.first?.x == 0)
    for (glyph, next) in zip(glyphs, glyphs.dropFirst()) {
      #expect(glyph.x + glyph.advance == next.x)
    }
    // Positions are fractional, multiples of 1/64, never rounded to pixels.
    #expect(glyphs.allSatisfy { ($0.x * 64).rounded() == $0.x * 64 })
    #expect(glyphs.contains { $0.x != $0.x.rounded() })
  }

  @Test func mixedSizesShareABaseline() throws {
    let (_, layout) = try LayoutSupport.layout("small %40SBIG%s small")
    let line = try #require(layout.lines.first)
    #expect(layout.lines.count == 1)
    #expect(line.runs.count == 3)
    #expect(line.height > 40)
    let baselines = Set(line.runs.flatMap { $0.glyphs.map(\.y) })
    #expect(baselines == [line.baseline])
    #expect(line.runs[1].font.size == 40)
  }

  @Test func baselineShiftMovesGlyphsAndGrowsTheLine() throws {
    let (_, plain) = try LayoutSupport.layout("H2O")
    let (_, shifted) = try LayoutSupport.layout("H%{-3}R2%rO")
    let line = try #require(shifted.lines.first)
    #expect(line.runs[1].glyphs.first?.y == line.baseline + 3)
    #expect(line.height == plain.lines[0].height + 3)
  }

  @Test func fallbackFacesInsideALine() throws {
    let (_, layout) = try LayoutSupport.layout("abc 男孩 def 😀")
    let line = try #require(layout.lines.first)
    #expect(layout.lines.count == 1)
    #expect(
      line.runs.map(\.font.family) == [
        "DejaVu Sans", "Droid Sans Fallback", "DejaVu Sans", "Noto Color Emoji",
      ])
    // Each run starts where the previous one ended.
    for (run, next) in zip(line.runs, line.runs.dropFirst()) {
      let end = try #require(run.glyphs.last).x + (run.glyphs.last?.advance ?? 0)
      #expect(next.glyphs.first?.x == end)
    }
    #expect(line.height > 15.125)  // the fallback faces are taller
  }

  @Test(arguments: LayoutOptions.Alignment.allCases)
  func alignment(alignment: LayoutOptions.Alignment) throws {
    let options = LayoutOptions(width: 300, alignment: alignment)
    let (_, layout) = try LayoutSupport.layout(
      "short line\nand a somewhat longer line", options: options)
    #expect(layout.size.width == 300)
    for line in layout.lines {
      let x = line.runs.first?.glyphs.first?.x ?? -1
      #expect(x == line.x)
      switch alignment {
      // Both lines end a paragraph, so justify leaves them as left does.
      case .left, .natural, .justify: #expect(line.x == 0)
      case .right: #expect(line.x + line.width == 300)
      case .center: #expect(abs(line.x + line.width / 2 - 150) <= 1 / 64)
      }
    }
  }

  @Test func lineSpacingMultipleLeadingAndParagraphSpacing() throws {
    let markup = "one\ntwo three four five six seven"
    let (_, base) = try LayoutSupport.layout(markup, width: 100)
    let height = base.lines[0].height
    let spaced = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: 100, lineSpacing: 10)
    ).1
    for (position, line) in spaced.lines.enumerated() {
      #expect(line.y == Double(position) * (height + 10))
    }
    let doubled = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: 100, lineHeightMultiple: 2)
    ).1
    #expect(doubled.lines[0].height == 2 * height)
    #expect(doubled.lines[0].baseline == 2 * height - (height - base.lines[0].baseline))
    let paragraphs = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: 100, paragraphSpacing: 7)
    ).1
    #expect(paragraphs.lines[1].y == height + 7)
    #expect(paragraphs.lines[2].y == 2 * height + 7)
    let leading = try LayoutSupport.layout(
      markup, options: LayoutOptions(width: 100, usesFontLeading: true)
    ).1
    #expect(leading.lines[0].height >= height)
  }

  @Test func unlimitedWidthKeepsParagraphsOnOneLine() throws {
    let (_, layout) = try LayoutSupport.layout(Markup.escape(LineBreakingTests.prose))
    #expect(layout.lines.count == 1)
    #expect(layout.size.width == layout.lines[0].width)
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Markup.escape(LineBreakingTests.prose))
    let intrinsic = try engine.sizeThatFits(text, width: nil)
    #expect(intrinsic == layout.size)
    let fitted = try engine.sizeThatFits(text, width: 200)
    #expect(fitted.width <= 200)
    #expect(fitted.height > layout.size.height)
  }

  @Test func decorationsAndBackgrounds() throws {
    let (_, layout) = try LayoutSupport.layout("a %1Uunder%u %2Udouble%u %Xstrike%x %0Dboxed%d")
    let kinds = layout.decorations.map(\.kind)
    #expect(kinds == [.underline, .doubleUnderline, .doubleUnderline, .strikethrough])
    let line = try #require(layout.lines.first)
    for decoration in layout.decorations {
      #expect(decoration.rect.y > line.y && decoration.rect.y < line.y + line.height)
      #expect(decoration.rect.height > 0)
    }
    let underline = layout.decorations[0].rect
    let strike = layout.decorations[3].rect
    #expect(underline.y > line.baseline)
    #expect(strike.y < line.baseline)
    #expect(layout.backgrounds.count == 1)
    #expect(layout.backgrounds.first?.color.hexString == "#1A5FB4FF")
    #expect(layout.backgrounds.first?.rect.height == line.height)
  }

  @Test func invalidOptionsAreErrors() throws {
    let engine = try LayoutSupport.engine()
    let text = FormattedText(plain: "x")
    for options in [
      LayoutOptions(width: 0), LayoutOptions(width: -5), LayoutOptions(width: .nan),
      LayoutOptions(width: 2e6), LayoutOptions(lineSpacing: .infinity),
      LayoutOptions(lineHeightMultiple: 0), LayoutOptions(language: ""),
    ] {
      #expect(throws: LayoutError.self) { try engine.layout(text, options: options) }
    }
  }

  /// Text built by hand can hold any attributes; out-of-range ones are errors, never traps.
  @Test(arguments: [
    ("size NaN", TextAttributes(size: .nan)), ("size 0", TextAttributes(size: 0)),
    ("size 1e300", TextAttributes(size: 1e300)), ("size -1", TextAttributes(size: -1)),
    ("spacing inf", TextAttributes(characterSpacing: .infinity)),
    ("spacing 1e9", TextAttributes(characterSpacing: 1e9)),
    ("shift NaN", TextAttributes(baselineShift: .nan)),
    ("shift -1e300", TextAttributes(baselineShift: -1e300)),
  ])
  func attributesOutOfRangeAreErrors(name: String, attributes: TextAttributes) throws {
    let engine = try LayoutSupport.engine()
    let text = FormattedText(plain: "Hello", attributes: attributes)
    let error = try #require(throws: LayoutError.self) { try engine.layout(text) }
    #expect(error.kind == .invalidAttributes, "\(name)")
    // Tiny but valid values lay out.
    let tiny = FormattedText(
      plain: "Hello",
      attributes: TextAttributes(size: 1e-300, characterSpacing: -1e-300, baselineShift: 1e-300))
    #expect(try engine.layout(tiny).lines.count == 1)
  }

  /// Control characters other than tab and line breaks take no space and have no glyph.
  @Test(arguments: ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{1}\u{2}\u{3}"])
  func controlCharactersTakeNoSpace(control: String) throws {
    let engine = try LayoutSupport.engine()
    let attributes = LayoutSupport.formatter.defaultAttributes
    let plain = try engine.layout(FormattedText(plain: "Hello world", attributes: attributes))
    for text in [
      "Hel\(control)lo world", "\(control)Hello world\(control)", "Hello \(control)world",
    ] {
      let layout = try engine.layout(FormattedText(plain: text, attributes: attributes))
      #expect(layout.lines.count == 1)
      #expect(layout.lines[0].width == plain.lines[0].width, "\(text.unicodeScalars.map(\.value))")
      let glyphs = layout.lines[0].runs.flatMap(\.glyphs)
      #expect(glyphs.count == 11)
      let utf16 = Array(text.utf16)
      for glyph in glyphs { #expect(utf16[glyph.cluster] >= 0x20 && utf16[glyph.cluster] != 0x7F) }
    }
  }

  @Test func jsonGolden() throws {
    let (_, layout) = try LayoutSupport.layout(
      "Tap %{https://example.com}L%0C%1Uhere%u%c%l for %Bmore%b, 男孩 %Ifun%i.", width: 120)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try encoder.encode(layout), as: UTF8.self)
    try expectGolden(json, named: "layout-link-wrap.json")
    #expect(try JSONDecoder().decode(Layout.self, from: Data(json.utf8)) == layout)
  }

  @Test func hugeParagraphIsLinear() throws {
    // 200,000 characters in one paragraph: lays out (its time is in galley-bench, not here).
    let markup = String(repeating: "lorem ipsum dolor sit amet, ", count: 7_200)
    let (text, layout) = try LayoutSupport.layout(markup, width: 400)
    #expect(layout.lines.count > 2_000)
    #expect(LayoutSupport.lineTexts(layout, text).joined() == text.string)
  }
}
