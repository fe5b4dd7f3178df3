import GalleyLayout
import GalleyMarkup
import Testing

/// The invariants every line of a bidirectional layout keeps, checked line by line.
struct BidiCheck {
  let text: FormattedText
  let layout: Layout
  /// The layout box's content edges, for alignment checks.
  let width: Double?

  /// Checks every invariant, recording failures at the caller's line.
  ///
  /// - Parameters:
  ///   - context: What is checked, for messages.
  ///   - sourceLocation: Where the check was called.
  func verify(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for (number, line) in layout.lines.enumerated() {
      let place = "\(context), line \(number)"
      verifyPermutation(line, place, sourceLocation)
      verifyVisualOrder(line, place, sourceLocation)
      verifyHits(line, place, sourceLocation)
    }
  }

  /// The runs' source ranges tile the line's range exactly once (a permutation of it), but for
  /// the hidden text of head and middle truncation.
  private func verifyPermutation(
    _ line: Layout.Line, _ context: String, _ sourceLocation: SourceLocation
  ) {
    // The token's run stands for the hidden text, which is not the line's (tail) or is inside
    // it without glyphs (head and middle).
    let ranges = line.runs.filter { !$0.isToken }.map { $0.location..<($0.location + $0.length) }
      .filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var next = line.location
    for range in ranges {
      if let hidden = layout.truncation, next == hidden.location, range.lowerBound != next {
        next += hidden.length
      }
      #expect(
        range.lowerBound == next, "\(context): runs leave a gap or overlap at \(next)",
        sourceLocation: sourceLocation)
      next = range.upperBound
    }
    #expect(
      next == line.location + line.length, "\(context): the runs do not reach the line's end",
      sourceLocation: sourceLocation)
  }

  /// Glyph pens increase left to right across the runs; inside a run, clusters increase in a
  /// left-to-right run and decrease in a right-to-left one.
  private func verifyVisualOrder(
    _ line: Layout.Line, _ context: String, _ sourceLocation: SourceLocation
  ) {
    var previousEnd = -Double.infinity
    for run in line.runs {
      guard let first = run.glyphs.first, let last = run.glyphs.last else { continue }
      // Runs follow each other left to right (a point of slack for marks' offsets).
      #expect(
        first.x + 1 >= previousEnd, "\(context): a run starts left of the one before it",
        sourceLocation: sourceLocation)
      previousEnd = last.x + last.advance
      let clusters = run.glyphs.map(\.cluster)
      let ordered =
        run.isRightToLeft
        ? zip(clusters, clusters.dropFirst()).allSatisfy { $0 >= $1 }
        : zip(clusters, clusters.dropFirst()).allSatisfy { $0 <= $1 }
      #expect(
        ordered, "\(context): clusters of a level \(run.level) run are out of order: \(clusters)",
        sourceLocation: sourceLocation)
    }
  }

  /// Hit-testing each visible glyph's centre gives a character that glyph's cluster holds.
  private func verifyHits(
    _ line: Layout.Line, _ context: String, _ sourceLocation: SourceLocation
  ) {
    let tester = HitTester(layout: layout)
    let clusterStarts = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
    let contentEnd = line.location + line.visibleLength
    let y = line.y + line.height / 2
    for run in line.runs where !run.isToken {
      for glyph in run.glyphs where glyph.advance > 0.5 {
        let x = glyph.x + glyph.advance / 2
        guard x > line.x, x < line.x + line.width else { continue }  // hanging spaces
        let next = clusterStarts.first { $0 > glyph.cluster } ?? contentEnd
        let hit = tester.characterIndex(atX: x, y: y)
        #expect(
          hit.map { $0 >= glyph.cluster && $0 < max(next, glyph.cluster + 1) } == true,
          "\(context): the glyph of cluster \(glyph.cluster) at x \(x) hits \(String(describing: hit))",
          sourceLocation: sourceLocation)
      }
    }
  }
}
