internal import GalleySupport

/// Greedy line filling over break opportunities, on prefix sums of cluster advances, so each
/// opportunity is looked at a bounded number of times: linear in the text's length.
///
/// A line that starts or ends where HarfBuzz marks breaking unsafe (a kerning pair, a
/// ligature or Arabic joining across the break) is shaped again when it is assembled, and its
/// width can differ from the prefix sums: the line chosen on the prefix sums is measured as
/// assembled (`exact`), and an earlier opportunity taken while it does not fit.
///
/// A line that wraps at a soft hyphen counts the hyphen it will draw; with automatic
/// hyphenation, the word that overflows a line is hyphenated and its last point that fits is
/// taken (``LineHyphens``).
///
/// Input: the shaped items' advances and the ``BreakOpportunities``; output: one ``TextLine``
/// per line.
struct LineBreaker {
  /// `advance[i]` is the total advance (26.6) of the glyphs of clusters before UTF-8 offset i.
  private var prefix: [Int64]
  /// The shaped items, in text order, for whether a line edge is unsafe to break.
  private let items: [ShapedItem]
  let paragraph: Paragraph
  /// Where the text's tabs are (UTF-8, increasing) and each one's default interval, when it
  /// has any: a line's width then depends on where its tabs fall.
  private var tabs: [(offset: Int, interval: Int64)] = []
  private let tabStops: TabStops
  /// Soft hyphens, automatic hyphenation, and the hyphen's width at a break.
  let hyphens: LineHyphens

  /// Sums the items' advances per offset.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - items: The shaped items.
  ///   - tabStops: Where tabs advance to.
  ///   - hyphens: Which breaks draw a hyphen, and how wide it is.
  init(
    paragraph: Paragraph, items: [ShapedItem], tabStops: TabStops = TabStops(points: []),
    hyphens: LineHyphens = .none
  ) {
    self.paragraph = paragraph
    self.tabStops = tabStops
    self.hyphens = hyphens
    self.items = items
    let count = paragraph.count
    var perOffset = [Int64](repeating: 0, count: count + 1)
    for item in items {
      for glyph in item.glyphs { perOffset[glyph.cluster] += Int64(glyph.xAdvance) }
      guard paragraph.containsTab else { continue }
      // One entry per tab, however many glyphs its cluster has (marks after a tab join it).
      for glyph in item.glyphs
      where paragraph.bytes[glyph.cluster] == 0x09 && tabs.last?.offset != glyph.cluster {
        tabs.append((glyph.cluster, TabStops.interval(in: item.font)))
      }
    }
    tabs.sort { $0.offset < $1.offset }
    var running: Int64 = 0
    for index in 0...count {
      let advance = perOffset[index]
      perOffset[index] = running
      running += advance
    }
    prefix = perOffset
  }

  /// Whether widths are prefix-sum differences: the text has no tab whose stop a width
  /// depends on.
  var measuresByPrefix: Bool { tabs.isEmpty }

  /// The advance (26.6) of the clusters before `offset`.
  func advance(before offset: Int) -> Int64 { prefix[offset] }

  /// The width of the clusters in `range` as a line that starts at its start.
  ///
  /// It is the sum of their advances, a tab reaching the next tab stop instead. Constant time
  /// without tabs; with them, linear in the tabs of the range.
  func width(_ range: Range<Int>) -> Int64 {
    guard !tabs.isEmpty else { return prefix[range.upperBound] - prefix[range.lowerBound] }
    var pen: Int64 = 0
    var cursor = range.lowerBound
    var next = tabs.partitioningIndex { $0.offset >= range.lowerBound }
    while next < tabs.count, tabs[next].offset < range.upperBound {
      let tab = tabs[next]
      pen += prefix[tab.offset] - prefix[cursor]
      pen = tabStops.next(after: pen, interval: tab.interval)
      cursor = tab.offset + 1
      next += 1
    }
    return pen + prefix[range.upperBound] - prefix[cursor]
  }

  /// The font size (points) of the item at `offset`, for the wrap styles' penalties.
  func size(at offset: Int) -> Double {
    let index = items.partitioningIndex { $0.item.utf8Range.upperBound > offset }
    return index < items.count ? items[index].font.size : 0
  }

  /// Whether a line edge at `offset` is one where ``LineAssembler`` shapes the item again:
  /// inside an item, at a glyph HarfBuzz marks unsafe to break.
  func isUnsafe(_ offset: Int) -> Bool {
    let index = items.partitioningIndex { $0.item.utf8Range.upperBound > offset }
    guard index < items.count, items[index].item.utf8Range.lowerBound < offset else {
      return false
    }
    let glyph = items[index].firstGlyph(atOrAfter: offset)
    return glyph < items[index].glyphs.count && items[index].glyphs[glyph].isUnsafeToBreak
  }

  /// The width of the line `start..<cut` whose visible part ends at `visibleEnd`, its hyphen
  /// included when it is `hyphenated`: the prefix sums', or, where an edge is unsafe to break
  /// and `exact` is given, the line's as assembled.
  func width(
    _ start: Int, _ cut: Int, visibleEnd: Int, hyphenated: Bool = false,
    exact: ((TextLine) -> Int64)?
  ) -> Int64 {
    guard let exact, isUnsafe(start) || isUnsafe(cut) else {
      return width(start..<visibleEnd) + (hyphenated ? hyphens.advance(cut) : 0)
    }
    return exact(
      TextLine(
        utf8Range: start..<cut, visibleEnd: visibleEnd, reason: .wrap, isHyphenated: hyphenated))
  }

  /// Whether a line that wraps at `offset` ends with a hyphen: the text before it is a soft
  /// hyphen (``BreakOpportunities`` keeps those only when hyphens are on).
  func wrapsWithHyphen(at offset: Int) -> Bool { paragraph.isSoftHyphen(before: offset) }

  /// Breaks the text into lines.
  ///
  /// - Parameters:
  ///   - breaks: The break opportunities.
  ///   - maximumWidth: The line width in 26.6, or `nil` for mandatory breaks only.
  ///   - indentation: How much narrower (26.6) a line that starts at an offset is (see
  ///     ``LayoutOptions/indentation(ofLineAt:in:)``).
  ///   - allowsOrphans: When `false`, a paragraph's last line gets a second word from the line
  ///     before where it fits (see ``LayoutOptions/allowsOrphans``).
  ///   - exact: The width of a line as assembled, for lines with an edge unsafe to break; `nil`
  ///     measures every line by the prefix sums.
  ///   - style: How lines are chosen; styles other than greedy re-break greedy's paragraphs
  ///     (``TotalFitBreaker``).
  ///   - isJustified: Whether the lines will be justified (``LayoutOptions/WrapStyle/optimal``
  ///     may then shrink spaces).
  /// - Returns: The lines, in order, covering the whole text.
  func lines(
    breaks: BreakOpportunities, maximumWidth: Int64?,
    indentation: @escaping (Int) -> Int64 = { _ in 0 }, allowsOrphans: Bool = true,
    exact: ((TextLine) -> Int64)? = nil, style: LayoutOptions.WrapStyle = .greedy,
    isJustified: Bool = false
  ) -> [TextLine] {
    var lines = greedyLines(
      breaks: breaks, maximumWidth: maximumWidth, indentation: indentation, exact: exact)
    guard let maximumWidth else { return lines }
    let limit = { (start: Int) in maximumWidth - indentation(start) }
    if style != .greedy {
      lines = TotalFitBreaker(
        breaker: self, style: style, isJustified: isJustified, limit: limit, exact: exact
      ).lines(lines, breaks: breaks)
    }
    // `pretty` already keeps a paragraph's last word company.
    guard !allowsOrphans, style != .pretty else { return lines }
    return avoidingOrphans(lines, breaks: breaks, limit: limit, exact: exact)
  }

  /// Greedy filling: each line takes as much as fits.
  private func greedyLines(
    breaks: BreakOpportunities, maximumWidth: Int64?, indentation: (Int) -> Int64,
    exact: ((TextLine) -> Int64)?
  ) -> [TextLine] {
    var lines: [TextLine] = []
    let count = paragraph.count
    guard count > 0 else { return lines }
    /// The width left for a line that starts at `start`.
    func limit(_ start: Int) -> Int64? {
      maximumWidth.map {
        $0 - indentation(start)
      }
    }
    var start = 0
    // The last opportunity whose line fits by the prefix sums; confirmed when it is used.
    var lastFit: Int?
    var position = 0
    while position < breaks.offsets.count {
      let offset = breaks.offsets[position]
      let isMandatory = breaks.isMandatory[position]
      // An emergency split can move the start onto or past an opportunity: lines are never
      // empty.
      if offset <= start {
        position += 1
        continue
      }
      let end = paragraph.visibleEnd(of: start..<offset)
      let room = limit(start)
      let isLast = isMandatory || offset == count
      let hyphen = !isLast && wrapsWithHyphen(at: offset) ? hyphens.advance(offset) : 0
      var fits = room.map { width(start..<end) + hyphen <= $0 } ?? true
      if fits, isLast, let room {
        fits = width(start, offset, visibleEnd: end, exact: exact) <= room
      }
      if fits {
        if isMandatory || offset == count {
          // ICU marks a break mandatory only after a line break character.
          lines.append(
            TextLine(
              utf8Range: start..<offset, visibleEnd: end, reason: isMandatory ? .explicit : .end))
          start = offset
          lastFit = nil
        } else {
          lastFit = position
        }
        position += 1
        continue
      }
      // The line overflows here: end it before (the same opportunity is looked at again from
      // the new start).
      guard let room else { break }
      let line = overflowLine(
        at: position, start: start, lastFit: lastFit, room: room, breaks: breaks, exact: exact)
      lines.append(line)
      start = line.utf8Range.upperBound
      lastFit = nil
    }
    if start < count {
      lines.append(
        TextLine(
          utf8Range: start..<count, visibleEnd: paragraph.visibleEnd(of: start..<count),
          reason: .end))
    }
    return lines
  }

  /// The line from `start` that ends before the opportunity at `position`, where the text
  /// first overflows `room`: at the word's last point of automatic hyphenation that fits (it
  /// always comes after the last fitting opportunity), else at the last opportunity that fits
  /// (`lastFit`, confirmed as assembled), else at an emergency split of the word.
  private func overflowLine(
    at position: Int, start: Int, lastFit: Int?, room: Int64, breaks: BreakOpportunities,
    exact: ((TextLine) -> Int64)?
  ) -> TextLine {
    if let cut = hyphenationFit(
      at: position, start: start, breaks: breaks, room: room, exact: exact)
    {
      return TextLine(utf8Range: start..<cut, visibleEnd: cut, reason: .wrap, isHyphenated: true)
    }
    if let fit = lastFit,
      let cut = confirmedFit(from: fit, start: start, breaks: breaks, room: room, exact: exact)
    {
      return TextLine(
        utf8Range: start..<cut, visibleEnd: paragraph.visibleEnd(of: start..<cut), reason: .wrap,
        isHyphenated: wrapsWithHyphen(at: cut))
    }
    // One word is wider than the line: split it between grapheme clusters.
    let offset = breaks.offsets[position]
    let end = paragraph.visibleEnd(of: start..<offset)
    let visible = emergencySplit(from: start, before: end, maximumWidth: room, exact: exact)
    // When the split reaches the word's end, its trailing spaces hang on the same line.
    return TextLine(
      utf8Range: start..<(visible >= end ? offset : visible), visibleEnd: visible,
      reason: .emergency, isHyphenated: hyphens.hyphenatesEmergencyBreaks && visible < end)
  }

  /// The last opportunity at or before `position`, after `start`, whose line fits `room` as
  /// assembled.
  ///
  /// Lines with safe edges fit by the prefix sums, so this is the opportunity at `position`
  /// unless an edge is unsafe to break; `nil` when none fits.
  private func confirmedFit(
    from position: Int, start: Int, breaks: BreakOpportunities, room: Int64,
    exact: ((TextLine) -> Int64)?
  ) -> Int? {
    var position = position
    while position >= 0, breaks.offsets[position] > start {
      let cut = breaks.offsets[position]
      let end = paragraph.visibleEnd(of: start..<cut)
      let hyphenated = wrapsWithHyphen(at: cut)
      if width(start, cut, visibleEnd: end, hyphenated: hyphenated, exact: exact) <= room {
        return cut
      }
      position -= 1
    }
    return nil
  }

  /// The last point of automatic hyphenation, after `start`, in the word that overflows at
  /// the opportunity at `position`, where the line from `start` fits `room` with its hyphen;
  /// `nil` when there is none (or no automatic hyphenation).
  ///
  /// The word is looked at whole, from the opportunity before it, also when an earlier line
  /// ends inside it.
  private func hyphenationFit(
    at position: Int, start: Int, breaks: BreakOpportunities, room: Int64,
    exact: ((TextLine) -> Int64)?
  ) -> Int? {
    guard let hyphenator = hyphens.hyphenator else { return nil }
    let wordStart = position > 0 ? breaks.offsets[position - 1] : 0
    let points = hyphenator.points(in: wordStart..<breaks.offsets[position])
    for point in points.reversed() where point > start {
      // The prefix sums first: confirming a point as assembled re-shapes its line.
      guard width(start..<point) + hyphens.advance(point) <= room else { continue }
      if width(start, point, visibleEnd: point, hyphenated: true, exact: exact) <= room {
        return point
      }
    }
    return nil
  }

  /// The lines with each paragraph's one-word last line given the last word of the line
  /// before, when the two words fit the last line's width and the line before keeps a word.
  ///
  /// One look at each paragraph's last two lines; an emergency split is left as it is.
  private func avoidingOrphans(
    _ lines: [TextLine], breaks: BreakOpportunities, limit: (Int) -> Int64,
    exact: ((TextLine) -> Int64)?
  ) -> [TextLine] {
    var lines = lines
    let offsets = breaks.offsets
    for index in lines.indices.dropFirst() {
      let last = lines[index]
      let previous = lines[index - 1]
      guard last.reason == .explicit || last.reason == .end, previous.reason == .wrap,
        last.visibleEnd > last.utf8Range.lowerBound
      else { continue }
      // Two words or more: an opportunity inside the visible part of the last line.
      let inside = offsets.partitioningIndex { $0 > last.utf8Range.lowerBound }
      if inside < offsets.count, offsets[inside] < last.visibleEnd { continue }
      // The last opportunity inside the line before, which keeps its first word.
      let candidate = offsets.partitioningIndex { $0 >= previous.visibleEnd } - 1
      // A whole word moves: a soft hyphen's break would leave the line before hyphenated.
      guard candidate >= 0, offsets[candidate] > previous.utf8Range.lowerBound,
        !breaks.isMandatory[candidate], !wrapsWithHyphen(at: offsets[candidate]),
        case let room = limit(offsets[candidate]),
        width(
          offsets[candidate], last.utf8Range.upperBound, visibleEnd: last.visibleEnd,
          exact: exact) <= room
      else { continue }
      let split = offsets[candidate]
      let kept = previous.utf8Range.lowerBound..<split
      lines[index - 1] = TextLine(
        utf8Range: kept, visibleEnd: paragraph.visibleEnd(of: kept), reason: .wrap)
      lines[index] = TextLine(
        utf8Range: split..<last.utf8Range.upperBound, visibleEnd: last.visibleEnd,
        reason: last.reason)
    }
    return lines
  }

  /// The largest grapheme boundary after `start`, up to `end`, whose prefix fits; at least
  /// one grapheme cluster, so that every line makes progress.
  ///
  /// The boundary is found on the prefix sums; while the line as assembled (`exact`, where the
  /// split is unsafe to break) is wider than the box, the split moves back one boundary. When
  /// emergency breaks draw a hyphen (``LineHyphens/hyphenatesEmergencyBreaks``), a split
  /// inside the word counts it.
  private func emergencySplit(
    from start: Int, before end: Int, maximumWidth: Int64, exact: ((TextLine) -> Int64)?
  ) -> Int {
    let withHyphens = hyphens.hyphenatesEmergencyBreaks
    var boundaries = [start]
    paragraph.forEachGraphemeBoundary(after: start, upTo: .max) { boundary in
      let hyphen = withHyphens && boundary < end ? hyphens.advance(boundary) : 0
      if boundaries.count > 1, boundary > end || width(start..<boundary) + hyphen > maximumWidth {
        return false
      }
      boundaries.append(boundary)
      return true
    }
    while boundaries.count > 2, let split = boundaries.last,
      width(
        start, split, visibleEnd: split, hyphenated: withHyphens && split < end, exact: exact)
        > maximumWidth
    {
      boundaries.removeLast()
    }
    return boundaries.last ?? start
  }
}
