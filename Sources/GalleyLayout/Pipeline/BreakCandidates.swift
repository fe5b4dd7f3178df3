internal import GalleySupport

/// A paragraph's break candidates and what a line between two of them measures.
struct BreakCandidates {
  let breaker: LineBreaker
  /// The paragraph's start, then each candidate's offset, the last the paragraph's end.
  private(set) var offsets: [Int] = []
  /// Whether a line that ends at each candidate ends with a hyphen (never the last).
  private(set) var isHyphen: [Bool] = []
  /// Where the visible part of a line that ends at each candidate ends.
  private(set) var visibleEnds: [Int] = []
  /// The hyphen's advance at each hyphen candidate (26.6), 0 elsewhere.
  private var hyphenAdvances: [Int64] = []
  /// How many candidates up to each one are between words (not hyphen points).
  private(set) var wordBreaks: [Int] = []
  /// For a justified `optimal` paragraph: `spaces[o]` is the advance of the justification
  /// spaces before offset `o` of the paragraph (from its start).
  private var spaceAdvances: [Int64] = []
  private let start: Int

  /// The candidates of the paragraph `range`.
  init(breaker: LineBreaker, range: Range<Int>, breaks: BreakOpportunities, spaces: Bool) {
    self.breaker = breaker
    start = range.lowerBound
    var points = breaker.hyphens.hyphenator?.points(in: range)[...] ?? []
    let low = breaks.offsets.partitioningIndex { $0 > range.lowerBound }
    let high = breaks.offsets.partitioningIndex { $0 >= range.upperBound }
    var offsets = [range.lowerBound]
    var isHyphen = [false]
    offsets.reserveCapacity(high - low + points.count + 2)
    isHyphen.reserveCapacity(offsets.capacity)
    for offset in breaks.offsets[low..<high] {
      while let point = points.first, point <= offset {
        if point < offset {
          offsets.append(point)
          isHyphen.append(true)
        }
        points.removeFirst()
      }
      offsets.append(offset)
      isHyphen.append(breaker.wrapsWithHyphen(at: offset))
    }
    for point in points where point < range.upperBound {
      offsets.append(point)
      isHyphen.append(true)
    }
    offsets.append(range.upperBound)
    isHyphen.append(false)
    self.offsets = offsets
    self.isHyphen = isHyphen
    measureCandidates()
    if spaces { measureSpaces(range) }
    measureByPrefix()
  }

  /// Each candidate's visible end, hyphen advance and word count.
  private mutating func measureCandidates() {
    let paragraph = breaker.paragraph
    let start = start
    var visibleEnds = [Int](repeating: 0, count: offsets.count)
    var hyphenAdvances = [Int64](repeating: 0, count: offsets.count)
    var wordBreaks = [Int](repeating: 0, count: offsets.count)
    for index in offsets.indices {
      let offset = offsets[index]
      if isHyphen[index] {
        visibleEnds[index] = offset
        hyphenAdvances[index] = breaker.hyphens.advance(offset)
      } else {
        visibleEnds[index] = paragraph.visibleEnd(of: start..<offset)
      }
      if index > 0 { wordBreaks[index] = wordBreaks[index - 1] + (isHyphen[index] ? 0 : 1) }
    }
    self.visibleEnds = visibleEnds
    self.hyphenAdvances = hyphenAdvances
    self.wordBreaks = wordBreaks
  }

  private mutating func measureSpaces(_ range: Range<Int>) {
    let paragraph = breaker.paragraph
    spaceAdvances = [Int64](repeating: 0, count: range.count + 1)
    var offset = range.lowerBound
    while offset < range.upperBound {
      let length = paragraph.scalarLength(at: offset)
      let advance =
        paragraph.isJustificationSpace(at: offset)
        ? breaker.width(offset..<(offset + length)) : 0
      for step in 0..<length where offset + step < range.upperBound {
        spaceAdvances[offset - range.lowerBound + step + 1] =
          spaceAdvances[offset - range.lowerBound + step] + (step == 0 ? advance : 0)
      }
      offset += length
    }
  }

  /// The index of the last candidate, the paragraph's end.
  var last: Int { offsets.count - 1 }

  /// For text without tabs, where lines that start and end at each candidate start and end.
  ///
  /// In 26.6: the advance before the candidate, and the advance before its visible end with
  /// its hyphen, so a line's width is a difference. Empty with tabs.
  private(set) var lineStarts: [Int64] = []
  private(set) var lineEnds: [Int64] = []

  /// The width (26.6) of the line from candidate `i` to candidate `k`, its hyphen included;
  /// `nil` when it shows nothing.
  func width(_ i: Int, _ k: Int) -> Int64? {
    let end = visibleEnds[k]
    guard end > offsets[i] else { return nil }
    if !lineEnds.isEmpty { return lineEnds[k] - lineStarts[i] }
    return breaker.width(offsets[i]..<end) + (k == last ? 0 : hyphenAdvances[k])
  }

  /// Fills ``lineStarts`` and ``lineEnds`` when widths are prefix-sum differences.
  private mutating func measureByPrefix() {
    guard breaker.measuresByPrefix else { return }
    lineStarts = offsets.map { breaker.advance(before: $0) }
    lineEnds = visibleEnds.indices.map { k in
      breaker.advance(before: visibleEnds[k]) + (k == last ? 0 : hyphenAdvances[k])
    }
  }

  /// The advance (26.6) of the justification spaces of a line from `lineStart` to
  /// `visibleEnd` that ``Justifier`` may change: those between its first and last other
  /// characters; 0 unless the paragraph measured its spaces.
  func spaceAdvance(_ lineStart: Int, _ visibleEnd: Int) -> Int64 {
    guard !spaceAdvances.isEmpty, lineStart >= start, visibleEnd >= lineStart,
      visibleEnd - start < spaceAdvances.count
    else { return 0 }
    let (first, last) = breaker.paragraph.innerCharacters(of: lineStart..<visibleEnd)
    return spaceAdvances[last - start] - spaceAdvances[first - start]
  }

  /// How much (26.6) the spaces of a justified line may shrink: a third of their advance.
  func shrinkable(_ lineStart: Int, _ visibleEnd: Int) -> Int64 {
    spaceAdvance(lineStart, visibleEnd) / 3
  }

  /// The line from candidate `i` to candidate `k`.
  func line(_ i: Int, _ k: Int, lastReason: Layout.BreakReason) -> TextLine {
    let isLast = k == last
    return TextLine(
      utf8Range: offsets[i]..<offsets[k], visibleEnd: max(visibleEnds[k], offsets[i]),
      reason: isLast ? lastReason : .wrap, isHyphenated: !isLast && isHyphen[k])
  }

  /// The narrowest width (26.6) at which greedy filling gives at most `lines` lines (each
  /// line's room capped at it), by bisection; `nil` when not even the full room does.
  func balancedWidth(lines: Int, limit: (Int) -> Int64) -> Int64? {
    var high = offsets.indices.dropLast().map { limit(offsets[$0]) }.max() ?? 0
    guard let count = greedyCount(cap: high, limit: limit), count <= lines else { return nil }
    var low: Int64 = 0
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if let count = greedyCount(cap: middle, limit: limit), count <= lines {
        high = middle
      } else {
        low = middle
      }
    }
    return high
  }

  /// How many lines greedy filling makes with each line's room capped at `cap`, or `nil`
  /// when a line cannot hold even one candidate's text.
  private func greedyCount(cap: Int64, limit: (Int) -> Int64) -> Int? {
    var count = 0
    var i = 0
    while i < last {
      let room = min(cap, limit(offsets[i]))
      var best: Int?
      var k = i + 1
      while k <= last, let width = width(i, k) {
        if width <= room { best = k }
        if width - (k == last ? 0 : hyphenAdvances[k]) > room { break }
        k += 1
      }
      guard let next = best else { return nil }
      count += 1
      i = next
    }
    return count
  }
}
