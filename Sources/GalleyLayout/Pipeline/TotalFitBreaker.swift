internal import GalleySupport

/// The wrap styles that choose a paragraph's breaks together (``LayoutOptions/WrapStyle``
/// `balance`, `pretty` and `optimal`): dynamic programming over the paragraph's break
/// candidates, from greedy breaking's lines.
///
/// Candidates are the opportunities inside the paragraph and, with automatic hyphenation,
/// every word's hyphenation points. For each candidate, the best way to end a line there is
/// the best over the candidates a line can start at and still fit: going back from a
/// candidate, a line only grows, so the search stops at the first that does not fit, and the
/// work is linear in the paragraph (the candidates times the candidates a line holds). The
/// scores are in <doc:LayoutRules#Wrap-styles>.
///
/// A paragraph keeps its greedy lines when it has one line, when greedy split a word wider
/// than the line, when a chosen line with an edge unsafe to break does not fit as assembled,
/// or when the style's promise would not hold (more lines than greedy; for `optimal`, a score
/// above greedy's). Input: greedy's ``TextLine``s; output: the styled lines.
struct TotalFitBreaker {
  let breaker: LineBreaker
  let style: LayoutOptions.WrapStyle
  /// Whether the lines are justified: `optimal` may then shrink spaces.
  let isJustified: Bool
  /// The width left for a line that starts at an offset (26.6).
  let limit: (Int) -> Int64
  /// The width of a line as assembled, for lines with an edge unsafe to break.
  let exact: ((TextLine) -> Int64)?

  /// The lines, each paragraph broken in the style.
  ///
  /// - Parameters:
  ///   - greedy: Greedy breaking's lines, covering the text.
  ///   - breaks: The break opportunities.
  /// - Returns: The lines, covering the text.
  func lines(_ greedy: [TextLine], breaks: BreakOpportunities) -> [TextLine] {
    var result: [TextLine] = []
    result.reserveCapacity(greedy.count)
    var first = 0
    for index in greedy.indices {
      let reason = greedy[index].reason
      guard reason == .explicit || reason == .end || index == greedy.count - 1 else { continue }
      let paragraph = greedy[first...index]
      result += styled(paragraph, breaks: breaks) ?? Array(paragraph)
      first = index + 1
    }
    return result
  }

  /// One paragraph's lines in the style, or `nil` to keep greedy's.
  private func styled(_ greedy: ArraySlice<TextLine>, breaks: BreakOpportunities) -> [TextLine]? {
    guard greedy.count > 1, greedy.allSatisfy({ $0.reason != .emergency }),
      let first = greedy.first, let last = greedy.last
    else { return nil }
    let candidates = BreakCandidates(
      breaker: breaker, range: first.utf8Range.lowerBound..<last.utf8Range.upperBound,
      breaks: breaks, spaces: isJustified && style == .optimal)
    let scoring = LineScoring(
      style: style, isJustified: isJustified, candidates: candidates, limit: limit)
    var cap: Int64?
    if style == .balance {
      guard let balanced = candidates.balancedWidth(lines: greedy.count, limit: limit) else {
        return nil
      }
      cap = balanced
    }
    guard let chosen = scoring.bestBreaks(cap: cap) else { return nil }
    let lines = chosen.lines.map { candidates.line($0.start, $0.end, lastReason: last.reason) }
    guard lines.count <= greedy.count || style == .optimal,
      fitsAsAssembled(lines, candidates, greedy: greedy)
    else { return nil }
    if style == .optimal, let greedyScore = scoring.score(of: greedy),
      greedyScore < chosen.score
    {
      return nil
    }
    return lines
  }

  /// Whether every line with an edge unsafe to break fits as assembled (greedy's own lines
  /// were measured so already).
  private func fitsAsAssembled(
    _ lines: [TextLine], _ candidates: BreakCandidates, greedy: ArraySlice<TextLine>
  ) -> Bool {
    guard let exact else { return true }
    var greedyLine = greedy.startIndex
    for line in lines {
      let start = line.utf8Range.lowerBound
      let end = line.utf8Range.upperBound
      while greedyLine < greedy.endIndex, greedy[greedyLine].utf8Range.lowerBound < start {
        greedyLine += 1
      }
      if greedyLine < greedy.endIndex, greedy[greedyLine].utf8Range == line.utf8Range { continue }
      guard breaker.isUnsafe(start) || breaker.isUnsafe(end) else { continue }
      let shrink = line.reason == .wrap ? candidates.shrinkable(start, line.visibleEnd) : 0
      if exact(line) > limit(start) + shrink { return false }
    }
    return true
  }
}
