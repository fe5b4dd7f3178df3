import GalleyLayout
import GalleyMarkup
import Testing

/// Maximum lines and box heights: which lines stay, where the last visible line is cut, what
/// the token is, and how the layout reports it.
@Suite("Truncation: maximum lines, height, tail, head, middle and clip")
struct TruncationTests {
  /// Texts that wrap to several lines at the widths below, with what makes each hard.
  static let texts: [(name: String, markup: String)] = [
    (
      "prose",
      "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."
    ),
    (
      "a link the cut goes through",
      "Read %Lthe full terms and conditions of this agreement before you sign%l it today."
    ),
    (
      "emoji and combining marks",
      "Cafe\u{301} 👨‍👩‍👧‍👦 family 🇫🇷 flags e\u{301}e\u{301}e\u{301} and 👍🏽 thumbs 👩🏾‍💻 coders ñ\u{303} ok"
    ),
    ("CJK", "日本語のテキストは単語の間に空白がありませんが、どこでも改行できます。東京都。"),
    ("Thai", "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ แต่ตัดบรรทัดได้ตามพจนานุกรม สวัสดีครับ"),
    ("two paragraphs", "First paragraph that wraps over lines.\nSecond one, which also wraps far."),
    ("styles", "Some %Bbold%b and %Iitalic%i and %0Ccolored%c words that go on and on and on."),
  ]

  static let modes: [LayoutOptions.TruncationMode] = [.tail, .head, .middle, .clip]

  @Test("Every mode at several widths and line counts", arguments: modes)
  func everyMode(_ mode: LayoutOptions.TruncationMode) throws {
    let engine = try LayoutSupport.engine()
    for (name, markup) in Self.texts {
      let text = try LayoutSupport.formatter.format(markup)
      for width in [80.0, 150, 260] {
        let full = try engine.layout(text, options: LayoutOptions(width: width))
        for lines in [1, 2, 3] {
          let options = LayoutOptions(width: width, maximumLines: lines, truncationMode: mode)
          let layout = try engine.layout(text, options: options)
          let context = "\(name) at \(width) in \(lines) lines"
          if full.lines.count <= lines {
            #expect(layout == full, "\(context): text that fits is not truncated")
            continue
          }
          TruncationCheck(text: text, full: full, layout: layout, options: options)
            .verify(context)
        }
      }
    }
  }

  @Test("A height shows the lines whose bottoms fit it, at least one", arguments: modes)
  func height(_ mode: LayoutOptions.TruncationMode) throws {
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Self.texts[0].markup)
    let insets = LayoutOptions.Insets(top: 5, left: 0, bottom: 3, right: 0)
    let full = try engine.layout(text, options: LayoutOptions(width: 120, insets: insets))
    let lineHeight = full.lines[0].height
    for (height, expected) in [(lineHeight * 2.5 + 8, 2), (lineHeight * 3 + 8, 3), (3.0 + 8, 1)] {
      let options = LayoutOptions(
        width: 120, height: height, insets: insets, truncationMode: mode)
      let layout = try engine.layout(text, options: options)
      #expect(layout.lines.count == expected, "\(height)")
      #expect(layout.size.height == height)
      TruncationCheck(text: text, full: full, layout: layout, options: options)
        .verify("height \(height)")
    }
  }

  @Test func aTokenLinkComesAfterTheTextsLinksAndIsTapped() throws {
    var options = LayoutOptions(width: 150, maximumLines: 2)
    options.truncationToken = .init(
      markup: "… %{more}Lmore%l", formatter: LayoutSupport.formatter)
    let (text, layout) = try LayoutSupport.layout(Self.texts[1].markup, options: options)
    let truncation = try #require(layout.truncation)
    #expect(layout.links.count == 2)
    let cut = layout.links[0]
    // The cut link keeps its own range and the rectangles of what is shown.
    #expect(cut.location == text.links[0].utf16Range.lowerBound)
    #expect(cut.length == text.links[0].utf16Range.count)
    #expect(!cut.isToken && !cut.rects.isEmpty)
    let token = layout.links[1]
    #expect(token.index == 1 && token.isToken && token.target == "more")
    #expect(token.location == truncation.location && token.length == truncation.length)
    let rect = try #require(token.rects.first)
    #expect(rect.y == layout.lines[1].y)
    let hits = HitTester(layout: layout)
    #expect(hits.link(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == 1)
    #expect(
      hits.characterIndex(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        == truncation.location)
    let runs = layout.lines[1].runs.filter(\.isToken)
    #expect(runs.contains { $0.link == 1 } && runs.contains { $0.link == nil })
  }

  @Test func theTokenTakesTheAttributesOfTheTextItFollows() throws {
    let options = LayoutOptions(width: 120, maximumLines: 1)
    let (_, layout) = try LayoutSupport.layout(
      "%0C%Bcolored bold words%b that do not fit%c", options: options)
    let token = try #require(layout.lines[0].runs.first { $0.isToken })
    let before = try #require(layout.lines[0].runs.first { !$0.isToken })
    #expect(token.color == before.color)
    #expect(token.font == before.font)
  }

  @Test func aTokenWithALineBreakIsAnError() throws {
    var options = LayoutOptions(width: 80, maximumLines: 1)
    options.truncationToken = .init(markup: "…\nmore")
    #expect(throws: LayoutError.self) {
      _ = try LayoutSupport.layout(Self.texts[0].markup, options: options)
    }
    options.truncationToken = .init(markup: "%Lmore")
    let error = #expect(throws: LayoutError.self) {
      _ = try LayoutSupport.layout(Self.texts[0].markup, options: options)
    }
    #expect(error?.message.contains("truncation token") == true)
  }

  @Test func clipKeepsTheWholeLinesThatFit() throws {
    let engine = try LayoutSupport.engine()
    let text = try LayoutSupport.formatter.format(Self.texts[0].markup)
    let full = try engine.layout(text, options: LayoutOptions(width: 100))
    let layout = try engine.layout(
      text, options: LayoutOptions(width: 100, maximumLines: 2, truncationMode: .clip))
    #expect(layout.lines.count == 2)
    #expect(layout.lines[0] == full.lines[0])
    #expect(layout.lines[1].runs == full.lines[1].runs)
    #expect(layout.lines[1].breakReason == .truncated)
    let truncation = try #require(layout.truncation)
    #expect(truncation.location == full.lines[2].location)
  }

  /// A token wider than the room: the last line keeps the longest start of the token that
  /// fits (whole clusters), or nothing, so it never passes the width; the truncation still
  /// covers the hidden text.
  @Test(
    arguments: [
      (10.0, "…", LayoutOptions.TruncationMode.tail, ""),
      (10.0, "…", .head, ""),
      (30.0, "… more", .tail, "… m"),
      (36.0, "[more]", .middle, "[mor"),
    ])
  func aTokenWiderThanTheBoxIsCut(
    _ width: Double, _ token: String, _ mode: LayoutOptions.TruncationMode, _ shown: String
  ) throws {
    var options = LayoutOptions(width: width, maximumLines: 1, truncationMode: mode)
    options.truncationToken = .init(markup: token, formatter: LayoutSupport.formatter)
    let (text, layout) = try LayoutSupport.layout("Hello world", options: options)
    let last = try #require(layout.lines.last)
    #expect(last.width <= width, "\(last.width)")
    let tokenGlyphs = last.runs.filter(\.isToken).reduce(0) { $0 + $1.glyphs.count }
    #expect(tokenGlyphs == shown.count, "\(mode) \(token) at \(width)")
    let truncation = try #require(layout.truncation)
    #expect(truncation.length > 0)
    #expect(truncation.location + truncation.length <= text.string.utf16.count)
    #expect(last.length >= 0 && last.visibleLength >= 0)
  }

  @Test func aLongParagraphIsCutAfterItsVisibleLines() throws {
    let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. "
    let long = String(repeating: sentence, count: 3_000)
    let engine = try LayoutSupport.engine()
    let text = FormattedText(plain: long, attributes: LayoutSupport.formatter.defaultAttributes)
    for mode in Self.modes {
      let layout = try engine.layout(
        text, options: LayoutOptions(width: 300, maximumLines: 3, truncationMode: mode))
      #expect(layout.lines.count == 3)
      let truncation = try #require(layout.truncation)
      #expect(truncation.location + truncation.length <= long.utf16.count)
      if mode == .tail || mode == .clip {
        #expect(truncation.location + truncation.length == long.utf16.count)
      } else {
        // The last line ends with the text's end.
        let last = try #require(layout.lines.last)
        #expect(last.location + last.length == long.utf16.count)
      }
    }
  }

  /// A cut at the last line's start follows the line above with the token, not the text it
  /// was broken next to: an Arabic word split at that line's end loses its joining there, and
  /// the line still fits (the fuzzer's seeds `found-line-width-exact-truncated-window`, head,
  /// and `…-truncated-middle-token-only`, a last line that keeps none of its text).
  @Test(arguments: [LayoutOptions.TruncationMode.head, .middle, .tail])
  func theLineAboveATokenFitsWhenItsWordLosesItsJoining(
    mode: LayoutOptions.TruncationMode
  ) throws {
    let markup = "%{40}Sبببببببببببببال To Wa x"
    var overflowing: [Double] = []
    for width in stride(from: 100.0, through: 200, by: 2) {
      var options = LayoutOptions(width: width, maximumLines: 2, truncationMode: mode)
      options.truncationToken = .init(
        markup: "… %{more}Lmore%l", formatter: LayoutSupport.formatter)
      let (_, layout) = try LayoutSupport.layout(markup, options: options)
      #expect(layout.lines.count == 2 || layout.truncation == nil)
      if layout.lines.contains(where: { $0.width > width }) { overflowing.append(width) }
    }
    #expect(overflowing.isEmpty, "\(mode): lines past the box at widths \(overflowing)")
  }
}

/// The facts every truncated layout must show, compared with the same text laid out whole.
struct TruncationCheck {
  let text: FormattedText
  let full: Layout
  let layout: Layout
  let options: LayoutOptions

  func verify(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let truncation = layout.truncation, let last = layout.lines.last else {
      Issue.record("\(context): not truncated", sourceLocation: sourceLocation)
      return
    }
    let count = text.string.utf16.count
    let kept = layout.lines.count - 1
    // The lines before the last are those of the whole layout.
    #expect(
      Array(layout.lines.prefix(kept)) == Array(full.lines.prefix(kept)), "\(context)",
      sourceLocation: sourceLocation)
    #expect(last.breakReason == .truncated, "\(context)", sourceLocation: sourceLocation)
    let hidden = truncation.location..<(truncation.location + truncation.length)
    #expect(
      hidden.upperBound <= count && !hidden.isEmpty, "\(context)", sourceLocation: sourceLocation)
    let boundaries = Self.graphemeBoundaries(text.string)
    #expect(
      boundaries.contains(hidden.lowerBound) && boundaries.contains(hidden.upperBound),
      "\(context): the cut splits a grapheme cluster", sourceLocation: sourceLocation)
    // No drawn glyph but the token's shows hidden text.
    for run in last.runs where !run.isToken {
      #expect(
        run.glyphs.allSatisfy { !hidden.contains($0.cluster) }, "\(context)",
        sourceLocation: sourceLocation)
    }
    let tokens = last.runs.filter(\.isToken)
    let width = (options.width ?? .infinity)
    switch options.truncationMode {
    case .clip:
      #expect(tokens.isEmpty, "\(context)", sourceLocation: sourceLocation)
      #expect(hidden.lowerBound == last.location + last.length, sourceLocation: sourceLocation)
      #expect(hidden.upperBound == count, sourceLocation: sourceLocation)
    case .tail:
      #expect(hidden.upperBound == count, "\(context)", sourceLocation: sourceLocation)
      #expect(last.location + last.length == hidden.lowerBound, sourceLocation: sourceLocation)
      expectNoSpace(before: hidden.lowerBound, context, sourceLocation)
    case .head:
      #expect(hidden.lowerBound == last.location, "\(context)", sourceLocation: sourceLocation)
      expectNoSpace(after: hidden.upperBound, context, sourceLocation)
    case .middle:
      #expect(hidden.lowerBound >= last.location, "\(context)", sourceLocation: sourceLocation)
      expectNoSpace(before: hidden.lowerBound, context, sourceLocation)
      expectNoSpace(after: hidden.upperBound, context, sourceLocation)
    }
    if options.truncationMode != .clip {
      #expect(!tokens.isEmpty, "\(context): no token", sourceLocation: sourceLocation)
      #expect(
        tokens.allSatisfy { $0.location == hidden.lowerBound && $0.length == hidden.count },
        sourceLocation: sourceLocation)
      // The line fits unless the token alone is wider.
      let tokenWidth = tokens.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
      #expect(
        last.width <= width || tokenWidth > width / 2, "\(context): \(last.width) > \(width)",
        sourceLocation: sourceLocation)
    }
  }

  private func expectNoSpace(
    before offset: Int, _ context: String, _ sourceLocation: SourceLocation
  ) {
    let utf16 = Array(text.string.utf16)
    guard offset > 0, offset <= utf16.count else { return }
    #expect(
      utf16[offset - 1] != 0x20, "\(context): a space before the token",
      sourceLocation: sourceLocation)
  }

  private func expectNoSpace(
    after offset: Int, _ context: String, _ sourceLocation: SourceLocation
  ) {
    let utf16 = Array(text.string.utf16)
    guard offset < utf16.count else { return }
    #expect(
      utf16[offset] != 0x20, "\(context): a space after the token", sourceLocation: sourceLocation)
  }

  /// The UTF-16 offsets where grapheme clusters start, and the end.
  static func graphemeBoundaries(_ string: String) -> Set<Int> {
    var boundaries: Set<Int> = [0]
    var offset = 0
    for character in string {
      offset += character.utf16.count
      boundaries.insert(offset)
    }
    return boundaries
  }
}

/// Line limits, token and autoshrink values out of range are refused before any work.
@Suite("Label options out of range")
struct LabelOptionProblemTests {
  static let cases: [(String, LayoutOptions, String)] = [
    ("negative lines", LayoutOptions(width: 100, maximumLines: -1), "maximum number of lines"),
    ("zero scale", LayoutOptions(width: 100, minimumScaleFactor: 0), "minimum scale"),
    ("scale above 1", LayoutOptions(width: 100, minimumScaleFactor: 1.5), "minimum scale"),
    ("NaN scale", LayoutOptions(width: 100, minimumScaleFactor: .nan), "minimum scale"),
    ("negative size", LayoutOptions(width: 100, minimumSize: -1), "minimum size"),
    ("huge size", LayoutOptions(width: 100, minimumSize: 5000), "minimum size"),
    (
      "long token",
      LayoutOptions(
        width: 100, truncationToken: .init(markup: String(repeating: "…", count: 2000))),
      "truncation token"
    ),
  ]

  @Test(arguments: cases)
  func refused(_ name: String, _ options: LayoutOptions, _ words: String) throws {
    let problem = try #require(options.problem, "\(name)")
    #expect(problem.contains(words), "\(name): \(problem)")
    let error = #expect(throws: LayoutError.self) {
      _ = try LayoutSupport.layout("Text", options: options)
    }
    #expect(error?.kind == .invalidOptions)
  }
}
