/// How the total-fit wrap styles score a paragraph's lines, and the best breaks by that score
/// (dynamic programming over ``BreakCandidates``); the rules are in
/// <doc:LayoutRules#Wrap-styles>.
///
/// Widths are in points. `S` is the font size at the paragraph's start and `R` the room of the
/// paragraph's first line; the penalties are minikin's: a hyphen costs `H = 2·S·R` (ragged) or
/// `S·R / 2` (justified), every line `2·H` (ragged only, so fewer lines win), a line after a
/// hyphenated one that is hyphenated too `H` more, and a hyphenated line before the last `3·H`
/// more.
struct LineScoring {
  let style: LayoutOptions.WrapStyle
  let isJustified: Bool
  let candidates: BreakCandidates
  /// The room of a line that starts at each candidate (26.6).
  private let rooms: [Int64]
  /// `H`, the penalty of a hyphen.
  private let hyphenPenalty: Double
  /// What each line costs in `optimal` (ragged): `2·H` of ragged lines.
  private let linePenalty: Double
  /// Whether any candidate is a hyphen's (most paragraphs have none).
  private let hasHyphens: Bool

  /// Prepares the scoring of a paragraph's lines.
  ///
  /// - Parameters:
  ///   - style: The wrap style.
  ///   - isJustified: Whether the lines are justified.
  ///   - candidates: The paragraph's candidates.
  ///   - limit: The room of a line that starts at an offset (26.6).
  init(
    style: LayoutOptions.WrapStyle, isJustified: Bool, candidates: BreakCandidates,
    limit: (Int) -> Int64
  ) {
    self.style = style
    self.isJustified = isJustified
    self.candidates = candidates
    rooms = candidates.offsets.map(limit)
    let size = candidates.breaker.size(at: candidates.offsets[0])
    let raggedPenalty = 2 * size * Double(rooms[0]) / 64
    hyphenPenalty = isJustified ? raggedPenalty / 4 : raggedPenalty
    linePenalty = isJustified ? 0 : 2 * raggedPenalty
    hasHyphens = candidates.isHyphen.contains(true)
  }

  /// A score: the number of lines first (`balance` and `pretty` never take more), then the
  /// cost; `optimal` counts no lines (its line penalty is in the cost).
  struct Score: Comparable {
    var lines: Int
    var cost: Double

    static func < (left: Score, right: Score) -> Bool {
      (left.lines, left.cost) < (right.lines, right.cost)
    }

    static func + (left: Score, right: Score) -> Score {
      Score(lines: left.lines + right.lines, cost: left.cost + right.cost)
    }
  }

  /// The best breaks: each line's first and last candidate, and the total score.
  struct Choice {
    var lines: [(start: Int, end: Int)]
    var score: Score
  }

  /// How many candidates before its end a line may start at: wider lines than this (boxes
  /// with thousands of words a line) are chosen within the window, so the work stays linear.
  static let window = 2048

  /// The score a stretched justified line gets past its tolerance (its spaces more than
  /// tripled), or a one-word last line shorter than a third of the room in `pretty`: more than
  /// any line's slack.
  static let desperate = 1e12

  /// The best breaks of the paragraph, or `nil` when some text fits no line.
  ///
  /// - Parameter cap: For `balance`, the widest a line may be (26.6).
  /// - Returns: The lines, in order.
  func bestBreaks(cap: Int64?) -> Choice? {
    let last = candidates.last
    // The best score of lines that end at each candidate, as two arrays (no optionals).
    var bestLines = [Int](repeating: .max, count: last + 1)
    var bestCosts = [Double](repeating: .infinity, count: last + 1)
    var previous = [Int](repeating: -1, count: last + 1)
    bestLines[0] = 0
    bestCosts[0] = 0
    let rooms = cap.map { cap in self.rooms.map { min($0, cap) } } ?? self.rooms
    let shrinks = isJustified && style == .optimal
    // Local copies of the arrays the inner loop reads (a line's width is a difference of two
    // of them in text without tabs).
    let (offsets, visibleEnds) = (candidates.offsets, candidates.visibleEnds)
    let (starts, ends) = (candidates.lineStarts, candidates.lineEnds)
    let byPrefix = !ends.isEmpty
    for k in 1...last {
      var i = k - 1
      let lowest = max(0, k - Self.window)
      let (visibleEnd, end) = (visibleEnds[k], byPrefix ? ends[k] : 0)
      while i >= lowest {
        defer { i -= 1 }
        guard visibleEnd > offsets[i] else { continue }
        let width = byPrefix ? end - starts[i] : candidates.width(i, k) ?? 0
        let room = rooms[i]
        let shrink = shrinks && k != last ? candidates.shrinkable(offsets[i], visibleEnd) : 0
        // Going back, the line only grows: no earlier start fits either.
        if width > room + shrink { break }
        guard bestLines[i] != .max else { continue }
        let score = lineScore(i, k, width: width, room: room)
        let lines = bestLines[i] + score.lines
        let cost = bestCosts[i] + score.cost
        if (lines, cost) < (bestLines[k], bestCosts[k]) {
          bestLines[k] = lines
          bestCosts[k] = cost
          previous[k] = i
        }
      }
    }
    guard bestLines[last] != .max else { return nil }
    var lines: [(start: Int, end: Int)] = []
    var k = last
    while k > 0 {
      lines.append((previous[k], k))
      k = previous[k]
    }
    return Choice(
      lines: lines.reversed(), score: Score(lines: bestLines[last], cost: bestCosts[last]))
  }

  /// The score of lines made otherwise (greedy's), or `nil` when one of them does not start
  /// and end at candidates.
  func score(of lines: ArraySlice<TextLine>) -> Score? {
    var total = Score(lines: 0, cost: 0)
    for line in lines {
      guard let i = index(of: line.utf8Range.lowerBound),
        let k = index(of: line.utf8Range.upperBound), let width = candidates.width(i, k)
      else { return nil }
      total = total + lineScore(i, k, width: width, room: room(i, cap: nil))
    }
    return total
  }

  private func index(of offset: Int) -> Int? {
    let index = candidates.offsets.partitioningIndex { $0 >= offset }
    return index < candidates.offsets.count && candidates.offsets[index] == offset ? index : nil
  }

  private func room(_ i: Int, cap: Int64?) -> Int64 {
    cap.map { min($0, rooms[i]) } ?? rooms[i]
  }

  /// The score of the line from candidate `i` to candidate `k`.
  private func lineScore(_ i: Int, _ k: Int, width: Int64, room: Int64) -> Score {
    let isLast = k == candidates.last
    let slack = Double(room - width) / 64
    var cost: Double
    switch style {
    case .greedy:
      cost = 0
    case .balance:
      return Score(lines: 1, cost: slack * slack)
    case .pretty:
      cost =
        isLast ? (isShortOneWord(i, width: width, room: room) ? Self.desperate : 0) : slack * slack
    case .optimal:
      cost = isLast ? 0 : slackCost(i, k, slack: slack)
      cost += linePenalty
    }
    if hasHyphens { cost += hyphenCost(i, k, isLast: isLast) }
    return Score(lines: style == .optimal ? 0 : 1, cost: cost)
  }

  /// A justified line's cost for its spaces' stretch or shrink; a ragged line's for its slack.
  private func slackCost(_ i: Int, _ k: Int, slack: Double) -> Double {
    guard isJustified else { return slack * slack }
    if slack < 0 { return 4 * slack * slack }
    let spaces =
      Double(
        candidates.spaceAdvance(candidates.offsets[i], candidates.visibleEnds[k])) / 64
    return slack * slack + (slack > 2 * spaces ? Self.desperate : 0)
  }

  /// The hyphen penalties of a line from candidate `i` to candidate `k`.
  private func hyphenCost(_ i: Int, _ k: Int, isLast: Bool) -> Double {
    let penalty = hyphenPenalty
    let endsHyphenated = !isLast && candidates.isHyphen[k]
    let followsHyphen = i > 0 && candidates.isHyphen[i]
    var cost = endsHyphenated ? penalty : 0
    if endsHyphenated && followsHyphen { cost += penalty }
    if isLast && followsHyphen { cost += 3 * penalty }
    return cost
  }

  /// Whether the last line, from candidate `i`, is one word shorter than a third of the room.
  private func isShortOneWord(_ i: Int, width: Int64, room: Int64) -> Bool {
    let last = candidates.last
    let words = candidates.wordBreaks[last - 1] - candidates.wordBreaks[i]
    return words == 0 && width * 3 < room
  }
}
