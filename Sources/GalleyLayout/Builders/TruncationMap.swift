import GalleyMarkup

/// Puts a layout of truncation's display text (the text with a range replaced by the token)
/// back in the offsets of the text, and marks what the token drew.
///
/// Offsets before the cut stay; offsets after the token move by the hidden length less the
/// token's; offsets inside the token become the cut's start, so a tap on the token reports
/// where the hidden text starts. A line or run that ends at the token's end ends at the cut's
/// start: a line covers only the text it shows (for middle truncation, from its start to the
/// text's end, the hidden range inside). A glyph run that the display text merged across the
/// token's edge (equal attributes) is split there. The text's links get their own ranges
/// back; the token's links (indexed after them) and runs take the cut's range.
struct TruncationMap {
  /// The hidden range, in UTF-16 of the text.
  let cut: Range<Int>
  /// The token's length in UTF-16.
  let tokenLength: Int
  /// The text's links.
  let links: [FormattedText.Link]

  /// A map for a cut.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - cut: The hidden range, in UTF-8 of the text.
  ///   - tokenLength: The token's length in UTF-16 (0 for clipping).
  init(text: FormattedText, cut: Range<Int>, tokenLength: Int) {
    self.cut = text.utf16Offset(ofUTF8: cut.lowerBound)..<text.utf16Offset(ofUTF8: cut.upperBound)
    self.tokenLength = tokenLength
    self.links = text.links
  }

  /// The token's range in the display text.
  private var token: Range<Int> { cut.lowerBound..<(cut.lowerBound + tokenLength) }

  /// Where text that starts at a display offset starts in the text.
  private func start(_ offset: Int) -> Int {
    if offset < token.lowerBound { return offset }
    // A start at the token (or where an empty token stands) is the cut's start.
    if offset < token.upperBound || offset == token.lowerBound { return cut.lowerBound }
    return offset - tokenLength + cut.count
  }

  /// Where text that ends at a display offset ends in the text.
  private func end(_ offset: Int) -> Int {
    offset <= token.upperBound ? min(offset, cut.lowerBound) : offset - tokenLength + cut.count
  }

  /// The layout in the text's offsets, with its truncation recorded.
  ///
  /// - Parameter layout: A layout of the display text.
  /// - Returns: The same layout for the text.
  func apply(to layout: Layout) -> Layout {
    var layout = layout
    layout.truncation = Layout.Truncation(location: cut.lowerBound, length: cut.count)
    layout.lines = layout.lines.map(mapped)
    layout.links = layout.links.map { region in
      var region = region
      if region.index < links.count {
        let link = links[region.index]
        region.location = link.utf16Range.lowerBound
        region.length = link.utf16Range.count
      } else {
        region.location = cut.lowerBound
        region.length = cut.count
        region.isToken = true
      }
      return region
    }
    return layout
  }

  private func mapped(_ line: Layout.Line) -> Layout.Line {
    var line = line
    let end = self.end(line.location + line.length)
    let visibleEnd = self.end(line.location + line.visibleLength)
    line.location = start(line.location)
    line.length = end - line.location
    line.visibleLength = visibleEnd - line.location
    var carets: [Int] = []
    for caret in line.ligatureCarets where !token.contains(caret) {
      let moved = start(caret)
      if carets.last != moved { carets.append(moved) }
    }
    line.ligatureCarets = carets
    line.runs = line.runs.flatMap(split)
    return line
  }

  /// A run in the text's offsets: split where it crosses the token's edges.
  private func split(_ run: Layout.GlyphRun) -> [Layout.GlyphRun] {
    let range = run.location..<(run.location + run.length)
    guard tokenLength > 0, range.overlaps(token) else { return [moved(run, range)] }
    /// 0 before the token, 1 in it, 2 after it.
    func part(_ offset: Int) -> Int {
      offset < token.lowerBound ? 0 : offset < token.upperBound ? 1 : 2
    }
    let bounds = [range.lowerBound, token.lowerBound, token.upperBound, range.upperBound]
    var runs: [Layout.GlyphRun] = []
    var start = 0
    while start < run.glyphs.count {
      let kind = part(run.glyphs[start].cluster)
      var next = start + 1
      while next < run.glyphs.count, part(run.glyphs[next].cluster) == kind { next += 1 }
      var piece = run
      piece.glyphs = Array(run.glyphs[start..<next])
      let lower = max(range.lowerBound, bounds[kind])
      let upper = min(range.upperBound, bounds[kind + 1])
      runs.append(moved(piece, lower..<max(lower, upper)))
      start = next
    }
    return runs
  }

  /// A run (or a piece of one) showing display range `range`, in the text's offsets.
  private func moved(_ run: Layout.GlyphRun, _ range: Range<Int>) -> Layout.GlyphRun {
    var run = run
    if token.contains(range.lowerBound) {
      run.isToken = true
      run.location = cut.lowerBound
      run.length = cut.count
    } else {
      run.location = start(range.lowerBound)
      run.length = max(0, end(range.upperBound) - run.location)
    }
    for index in run.glyphs.indices { run.glyphs[index].cluster = start(run.glyphs[index].cluster) }
    return run
  }
}
