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
    let paragraph = breaker.paragraph
    var points = breaker.hyphens.hyphenator?.points(in: range)[...] ?? []
    let low = breaks.offsets.partitioningIndex { $0 > range.lowerBound }
    let high = breaks.offsets.partitioningIndex { $0 >= range.upperBound }
    append(range.lowerBound, hyphen: false, paragraph: paragraph)
    for offset in breaks.offsets[low..<high] {
      while let point = points.first, point <= offset {
        if point < offset { append(point, hyphen: true, paragraph: paragraph) }
        points.removeFirst()
      }
      append(offset, hyphen: breaker.wrapsWithHyphen(at: offset), paragraph: paragraph)
    }
    for point in points where point < range.upperBound {
      append(point, hyphen: true, paragraph: paragraph)
    }
    append(range.upperBound, hyphen: false, paragraph: paragraph)
    if spaces { measureSpaces(range) }
  }

  private mutating func append(_ offset: Int, hyphen: Bool, paragraph: Paragraph) {
    offsets.append(offset)
    isHyphen.append(hyphen)
    visibleEnds.append(hyphen ? offset : paragraph.visibleEnd(of: start..<offset))
    hyphenAdvances.append(hyphen ? breaker.hyphens.advance(offset) : 0)
    wordBreaks.append((wordBreaks.last ?? 0) + (hyphen || offsets.count == 1 ? 0 : 1))
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

  /// The width (26.6) of the line from candidate `i` to candidate `k`, its hyphen included;
  /// `nil` when it shows nothing.
  func width(_ i: Int, _ k: Int) -> Int64? {
    let end = visibleEnds[k]
    guard end > offsets[i] else { return nil }
    return breaker.width(offsets[i]..<end) + (k == last ? 0 : hyphenAdvances[k])
  }

  /// The advance (26.6) of the justification spaces of a line from `lineStart` to
  /// `visibleEnd`; 0 unless the paragraph measured its spaces.
  func spaceAdvance(_ lineStart: Int, _ visibleEnd: Int) -> Int64 {
    guard !spaceAdvances.isEmpty, lineStart >= start, visibleEnd >= lineStart,
      visibleEnd - start < spaceAdvances.count
    else { return 0 }
    return spaceAdvances[visibleEnd - start] - spaceAdvances[lineStart - start]
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
