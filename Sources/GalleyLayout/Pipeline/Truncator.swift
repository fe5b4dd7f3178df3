import GalleyMarkup
internal import GalleySupport

/// Truncation, the stage between line assembly and stacking when the box limits the lines
/// (``LayoutOptions/maximumLines``, ``LayoutOptions/height``).
///
/// 1. **Window.** Stages 0 to 5a run on a prefix of the text that grows (four times each
///    time) until it holds two lines more than the box shows, or the whole text: a long text
///    costs what its visible lines cost, not what its length does.
/// 2. **Cut.** When lines are hidden, the line breaker's sums of advances measure where the
///    last visible line is cut so that the token fits ("head" and "middle" measure the end of
///    the text on a window of its own). Whole grapheme clusters go, and white space next to
///    the token.
/// 3. **Display text.** The cut range of the text is replaced by the formatted token
///    (``GalleyMarkup/FormattedText``'s `replacing`), and stages 0 to 5a run on that with the
///    visible lines preset, so shaping, kerning and joining across the token are real. Should
///    the last line still overflow (kerning at the joins), the cut moves by the overflow and
///    this step repeats.
/// 4. **Offsets.** Stacking and the builders run on the display text; ``TruncationMap`` then
///    puts the layout back in the text's offsets and marks the token's runs and links.
///
/// Clipping stops after step 1: the visible lines are the window's.
struct Truncator {
  let engine: LayoutEngine
  let text: FormattedText
  let options: LayoutOptions
  /// The glyph placement after the layout is finished, or `nil`.
  var placer: GlyphPlacer? = nil

  /// The window of step 1: the first lines of the text and how many the box shows.
  struct Window {
    var assembled: AssembledText
    /// How many lines the box shows: at least one when the text has any.
    var visible: Int
    /// Whether the window is the whole text.
    var isWhole: Bool
    /// Whether the whole text fits the box.
    var fits: Bool { isWhole && visible == assembled.lines.count }
    /// Whether some line was split inside a word, which autoshrink avoids.
    var splitsWord: Bool { assembled.lines.contains { $0.text.reason == .emergency } }
  }

  /// Lays the text out in the box, truncated when it does not fit.
  ///
  /// - Parameter scale: The autoshrink scale to record.
  /// - Returns: The layout, in the text's offsets.
  /// - Throws: ``LayoutError`` from a stage or the token's markup.
  func layout(scale: Double) throws(LayoutError) -> Layout {
    let window = try window()
    if window.fits {
      return try engine.finish(
        window.assembled, options: options, scale: scale, placer: placer)
    }
    return try truncate(window, scale: scale)
  }

  /// The first lines of the text, on a growing window (step 1).
  func window() throws(LayoutError) -> Window {
    let count = text.string.utf8.count
    var size = initialWindowSize
    while true {
      let end = scalarBoundary(atOrAfter: size)
      let isWhole = end >= count
      let part = isWhole ? text : text.removing(utf8Range: end..<count)
      let assembled = try engine.assemble(part, options: options)
      FittingCounters.windowPasses.add(1, ordering: .relaxed)
      let visible = visibleCount(of: assembled)
      if isWhole || assembled.lines.count >= visible + 2 {
        return Window(assembled: assembled, visible: visible, isWhole: isWhole)
      }
      size = size > count / 4 ? count : size * 4
    }
  }

  /// A first window in UTF-8 bytes: room for the lines the box can show and two more, at
  /// three bytes per em of the line's width in the text's smallest size (about two lines of
  /// Latin text per line, one of CJK); a window that holds too few lines grows.
  private var initialWindowSize: Int {
    let smallest = max(1, text.runs.lazy.map(\.attributes.size).min() ?? 17)
    var lines = options.maximumLines > 0 ? options.maximumLines : Int.max
    if let height = options.height { lines = min(lines, Int(height / smallest) + 1) }
    let perLine = options.wrapWidth.map { max(16, Int(Double($0) / 64 / smallest * 3)) } ?? 4096
    let (product, overflow) = (min(lines, 1 << 20) + 2).multipliedReportingOverflow(by: perLine)
    return overflow ? Int.max / 2 : product
  }

  /// The first scalar boundary of the text at or after a UTF-8 offset (its length when past).
  func scalarBoundary(atOrAfter offset: Int) -> Int {
    let utf8 = text.string.utf8
    guard offset < utf8.count else { return utf8.count }
    var index = utf8.index(utf8.startIndex, offsetBy: offset)
    while index < utf8.endIndex, utf8[index] & 0xC0 == 0x80 { index = utf8.index(after: index) }
    return utf8.distance(from: utf8.startIndex, to: index)
  }

  /// How many of the assembled lines the box shows: no more than the maximum, and those whose
  /// bottom is within the height less the insets (at least one).
  private func visibleCount(of assembled: AssembledText) -> Int {
    var visible = assembled.lines.count
    if options.maximumLines > 0 { visible = min(visible, options.maximumLines) }
    guard let height = options.height, visible > 0 else { return visible }
    let frames = LineStacker(
      paragraph: assembled.paragraph, items: assembled.items, options: options
    )
    .stack(assembled.lines).frames
    let room = Int64(((height - options.insets.top - options.insets.bottom) * 64).rounded())
    let top = frames[0].top
    let fitting = frames.prefix { $0.top + $0.height - top <= room }.count
    return min(visible, max(1, fitting))
  }

  /// Truncates a text that does not fit (steps 2 to 4).
  private func truncate(_ window: Window, scale: Double) throws(LayoutError) -> Layout {
    let lastIndex = window.visible - 1
    let last = window.assembled.lines[lastIndex].text
    guard options.truncationMode != .clip else {
      var clipped = window.assembled
      clipped.lines.removeSubrange(window.visible...)
      clipped.lines[lastIndex].text.reason = .truncated
      let hidden = last.utf8Range.upperBound..<text.string.utf8.count
      let map = TruncationMap(text: text, cut: hidden, tokenLength: 0)
      return try engine.finish(
        clipped, options: options, scale: scale, map: map, placer: placer)
    }
    var cutter = try LineCutter(truncator: self, window: window)
    var cut = try cutter.cut()
    var window = window
    var tries = 0
    var pulled = false
    while true {
      var token = try cutter.token(at: cut)
      var shown = try display(window, cut: cut, token: token)
      if let shorter = pulledBack(window, shown: shown, cut: cut) {
        (window, cut) = shorter
        pulled = true
        continue
      }
      let overflow = (shown.lines.last?.width ?? 0) - cutter.available
      tries += 1
      // Kerning and shaping at the token's edges can make the line wider than measured.
      if overflow > 0, tries < 8, let tighter = try cutter.cut(narrowerBy: overflow) {
        // A cut the line above gave clusters to keeps its start.
        cut = (pulled ? cut.lowerBound : tighter.lowerBound)..<tighter.upperBound
        continue
      }
      if overflow > 0 {
        (token, shown) = try fittingToken(
          token, window: window, cut: cut, available: cutter.available)
      }
      let map = TruncationMap(text: text, cut: cut, tokenLength: token.string.utf16.count)
      return try engine.finish(shown, options: options, scale: scale, map: map, placer: placer)
    }
  }

  /// The window and cut with the line above the last one grapheme cluster shorter, or `nil`
  /// when the cut does not start where the last line does, or that line fits its room as
  /// shown (or is one cluster long).
  ///
  /// A cut that starts where the last line does (always with head truncation; with tail and
  /// middle truncation when the last line keeps none of its own text) puts the token right
  /// after the line above, in place of the text that line was measured next to: a line that
  /// ends inside a word can then be shaped differently at its end (an Arabic letter that
  /// loses the letter it joined) and come out wider than its room. Its last cluster then goes
  /// into the cut, and the display is laid out again.
  private func pulledBack(
    _ window: Window, shown: AssembledText, cut: Range<Int>
  ) -> (Window, Range<Int>)? {
    let index = window.visible - 2
    guard index >= 0, let wrapWidth = options.wrapWidth,
      cut.lowerBound == window.assembled.lines[index + 1].text.utf8Range.lowerBound
    else { return nil }
    let paragraph = window.assembled.paragraph
    let range = window.assembled.lines[index].text.utf8Range
    let room = wrapWidth - options.indentation(ofLineAt: range.lowerBound, in: paragraph)
    guard shown.lines[index].width > room else { return nil }
    var end: Int?
    paragraph.forEachGraphemeBoundary(after: range.lowerBound, upTo: range.upperBound) {
      guard $0 < range.upperBound else { return false }
      end = $0
      return true
    }
    guard let end else { return nil }
    var window = window
    window.assembled.lines[index].text.utf8Range = range.lowerBound..<end
    window.assembled.lines[index].text.visibleEnd = paragraph.visibleEnd(
      of: range.lowerBound..<end)
    let last = window.assembled.lines[index + 1].text.utf8Range
    window.assembled.lines[index + 1].text.utf8Range = end..<last.upperBound
    return (window, end..<cut.upperBound)
  }

  /// A token wider than the room left for it, cut to its longest start (whole grapheme
  /// clusters) with which the last line fits the width, possibly nothing; found in a binary
  /// search, so a long token costs a few layouts of the last line.
  private func fittingToken(
    _ token: FormattedText, window: Window, cut: Range<Int>, available: Int64
  ) throws(LayoutError) -> (FormattedText, AssembledText) {
    let ends =
      [0]
      + token.string.indices.dropFirst().map {
        token.string.utf8.distance(from: token.string.startIndex, to: $0)
      }
    var fitting = (token.removing(utf8Range: 0..<token.string.utf8.count), 0)
    var shown = try display(window, cut: cut, token: fitting.0)
    var low = 1
    var high = ends.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let candidate = token.removing(utf8Range: ends[middle]..<token.string.utf8.count)
      let candidateShown = try display(window, cut: cut, token: candidate)
      if (candidateShown.lines.last?.width ?? 0) <= available {
        fitting = (candidate, middle)
        shown = candidateShown
        low = middle + 1
      } else {
        high = middle - 1
      }
    }
    return (fitting.0, shown)
  }

  /// Stages 0 to 5a on the display text (step 3): the text with the cut replaced by the
  /// token, its lines preset to the window's visible ones, the last holding the rest.
  ///
  /// Bidi analysis isolates the token (``BidiIsolate``), so it lands on its line's end side
  /// (start side for head truncation) whatever its direction and that of the text next to it.
  private func display(
    _ window: Window, cut: Range<Int>, token: FormattedText
  ) throws(LayoutError) -> AssembledText {
    let lastIndex = window.visible - 1
    let start = window.assembled.lines[lastIndex].text.utf8Range.lowerBound
    let preset = window.assembled.lines[..<lastIndex].map(\.text)
    let display = text.replacing(utf8Range: cut, with: token)
    let isolated = cut.lowerBound..<(cut.lowerBound + token.string.utf8.count)
    return try engine.assemble(display, options: options, isolating: isolated) { paragraph in
      let range = start..<paragraph.count
      return preset + [
        TextLine(utf8Range: range, visibleEnd: paragraph.visibleEnd(of: range), reason: .truncated)
      ]
    }
  }
}
