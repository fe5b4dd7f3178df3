import GalleyLayout
import GalleyMarkup
import Testing

/// The truncation token is laid out as a first-strong isolate: it lands on its line's end side
/// (tail), start side (head) or between the halves (middle), whatever its direction and that of
/// the text next to it, and keeps its own inner order.
@Suite("Bidi: the truncation token as an isolate")
struct BidiTokenTests {
  /// Paragraphs that wrap, named by their direction and by that of the text at their cuts.
  static let texts: [(name: String, markup: String, isRightToLeft: Bool)] = [
    (
      "Hebrew", "זהו משפט ארוך בעברית בלבד שאין בו אף מילה באנגלית והוא נשבר לכמה שורות ועוד",
      true
    ),
    (
      "Hebrew ending in Latin",
      "שלום alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi",
      true
    ),
    (
      "English", "The quick brown fox jumps over the lazy dog and keeps running far away from here",
      false
    ),
    (
      "English ending in Hebrew",
      "Hello זהו משפט ארוך בעברית שאין בו אף מילה באנגלית והוא נשבר לכמה שורות ארוכות",
      false
    ),
  ]

  /// Tokens: neutral, left-to-right, right-to-left, and with a link.
  static let tokens = ["…", " more", " עוד", "…%Lmore%l"]

  static let modes: [LayoutOptions.TruncationMode] = [.tail, .head, .middle]

  /// Each of ``texts`` truncated to two lines of 160 points with a token, after the checks
  /// every truncated layout and every bidi layout pass.
  ///
  /// - Parameters:
  ///   - token: The token's markup.
  ///   - mode: The truncation mode.
  ///   - sourceLocation: Where failures are recorded.
  ///   - body: Called with a description, whether the text is right to left, and the layout.
  /// - Throws: What formatting, layout or `body` throws.
  private func eachTruncated(
    token: String, _ mode: LayoutOptions.TruncationMode,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (String, Bool, Layout) throws -> Void
  ) throws {
    let engine = try LayoutSupport.engine()
    for (name, markup, isRightToLeft) in Self.texts {
      let context = "\(name), token \(token.debugDescription), \(mode)"
      let text = try LayoutSupport.formatter.format(markup)
      var options = LayoutOptions(width: 160, maximumLines: 2, truncationMode: mode)
      options.truncationToken = .init(markup: token, formatter: LayoutSupport.formatter)
      let layout = try engine.layout(text, options: options)
      let full = try engine.layout(text, options: LayoutOptions(width: 160))
      TruncationCheck(text: text, full: full, layout: layout, options: options)
        .verify(context, sourceLocation: sourceLocation)
      BidiCheck(text: text, layout: layout, width: 160)
        .verify(context, sourceLocation: sourceLocation)
      try body(context, isRightToLeft, layout)
    }
  }

  @Test("The token lands on the side its mode names", arguments: tokens, modes)
  func tokenSide(_ token: String, _ mode: LayoutOptions.TruncationMode) throws {
    try eachTruncated(token: token, mode) { context, isRightToLeft, layout in
      let last = try #require(layout.lines.last)
      #expect(last.direction == (isRightToLeft ? .rightToLeft : .leftToRight), "\(context)")
      let runs = last.runs.filter { !$0.glyphs.isEmpty }
      let tokenIndices = runs.indices.filter { runs[$0].isToken }
      let first = try #require(tokenIndices.first, "\(context): no token")
      let end = tokenIndices[tokenIndices.count - 1] + 1
      #expect(tokenIndices == Array(first..<end), "\(context): the token is in pieces")
      switch (mode, isRightToLeft) {
      case (.tail, true), (.head, false):
        #expect(first == 0, "\(context): the token is not leftmost")
      case (.tail, false), (.head, true):
        #expect(end == runs.count, "\(context): the token is not rightmost")
      default:
        #expect(first > 0 && end < runs.count, "\(context): the token is not between")
      }
      try expectInnerOrder(
        of: runs[first..<end], token: token, isRightToLeft: isRightToLeft, context)
      try expectHits(on: layout, line: last, context)
    }
  }

  /// The token's glyphs, left to right, are those of the token laid out alone in its own
  /// direction (its paragraph's, for a token without strong characters).
  private func expectInnerOrder(
    of runs: ArraySlice<Layout.GlyphRun>, token: String, isRightToLeft: Bool,
    _ context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let hasStrong = token.unicodeScalars.contains { $0.properties.isAlphabetic }
    let direction: LayoutOptions.Direction =
      hasStrong ? .auto : isRightToLeft ? .rightToLeft : .leftToRight
    let (_, alone) = try LayoutSupport.layout(token, options: LayoutOptions(direction: direction))
    let expected = try #require(alone.lines.first).runs.flatMap(\.glyphs).map(\.id)
    #expect(
      runs.flatMap(\.glyphs).map(\.id) == expected, "\(context): the token's order changed",
      sourceLocation: sourceLocation)
  }

  /// Every token glyph's centre is on the token, at the truncation; every glyph of the kept
  /// text is off it; the token's link rectangle spans the link's glyphs.
  private func expectHits(
    on layout: Layout, line: Layout.Line, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let truncation = try #require(layout.truncation, sourceLocation: sourceLocation)
    let hits = HitTester(layout: layout)
    let y = line.y + line.height / 2
    for run in line.runs {
      for glyph in run.glyphs where glyph.advance > 0.5 {
        let x = glyph.x + glyph.advance / 2
        #expect(
          hits.isOnToken(atX: x, y: y) == run.isToken, "\(context): at x \(x)",
          sourceLocation: sourceLocation)
        if run.isToken {
          #expect(
            hits.characterIndex(atX: x, y: y) == truncation.location, "\(context): at x \(x)",
            sourceLocation: sourceLocation)
        }
      }
    }
    guard let link = layout.links.first(where: \.isToken) else { return }
    let glyphs = line.runs.filter { $0.isToken && $0.link == link.index }.flatMap(\.glyphs)
    let rect = try #require(link.rects.first, sourceLocation: sourceLocation)
    #expect(link.rects.count == 1, "\(context)", sourceLocation: sourceLocation)
    let minX = glyphs.map(\.x).min() ?? .nan
    let maxX = glyphs.map { $0.x + $0.advance }.max() ?? .nan
    #expect(
      abs(rect.x - minX) < 0.01 && abs(rect.x + rect.width - maxX) < 0.01,
      "\(context): the link's rectangle \(rect) is not on its glyphs \(minX)...\(maxX)",
      sourceLocation: sourceLocation)
    #expect(
      hits.link(atX: (minX + maxX) / 2, y: y) == link.index, "\(context)",
      sourceLocation: sourceLocation)
  }

  @Test("A token of the other direction does not join the text next to it")
  func otherDirection() throws {
    // Before the isolate, " more" joined the Latin run and showed right of "lambda".
    var options = LayoutOptions(width: 160, maximumLines: 1)
    options.truncationToken = .init(markup: " more", formatter: LayoutSupport.formatter)
    let (_, layout) = try LayoutSupport.layout(Self.texts[1].markup, options: options)
    let line = try #require(layout.lines.first)
    let leftmost = try #require(line.runs.first { !$0.glyphs.isEmpty })
    #expect(leftmost.isToken)
    #expect(line.runs.filter(\.isToken).count == 1)
  }

  /// Tokens with bidi controls of their own, balanced or not.
  static let oddTokens = [
    "\u{2069}…", "\u{2067}עוד", "…\u{2066}", "\u{202E}more\u{202C}", "\u{200F}",
  ]

  @Test("A token with a paragraph separator is refused", arguments: ["a\u{1C}b", "\u{1E}"])
  func paragraphSeparatorToken(_ token: String) throws {
    var options = LayoutOptions(width: 160, maximumLines: 1)
    options.truncationToken = .init(markup: Markup.escape(token))
    let error = #expect(throws: LayoutError.self) {
      _ = try LayoutSupport.layout(Self.texts[0].markup, options: options)
    }
    #expect(error?.kind == .invalidOptions)
    #expect(error?.message.contains("paragraph separator") == true)
  }

  @Test("Tokens with bidi controls are laid out whole", arguments: oddTokens, modes)
  func oddToken(_ token: String, _ mode: LayoutOptions.TruncationMode) throws {
    try eachTruncated(token: Markup.escape(token), mode) { context, _, layout in
      let last = try #require(layout.lines.last)
      #expect(last.runs.contains { $0.isToken && !$0.glyphs.isEmpty }, "\(context): no token")
    }
  }
}
