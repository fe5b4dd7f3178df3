import Testing

@testable import GalleyLayout

/// Galley's rules L1 and L2 on hand-made lines.
@Suite("Bidi reordering: L1 and L2")
struct VisualOrderTests {
  /// Levels, classes, the paragraph level, and the levels after L1.
  static let l1Cases:
    [(name: String, levels: [UInt8], classes: [BidiClass], base: UInt8, expected: [UInt8])] = [
      (
        "trailing white space", [1, 1, 1, 1],
        [.rightToLeft, .rightToLeft, .whitespace, .whitespace],
        0, [1, 1, 0, 0]
      ),
      (
        "white space inside the line stays", [1, 1, 1], [.rightToLeft, .whitespace, .rightToLeft],
        0, [1, 1, 1]
      ),
      (
        "white space before a tab, and the tab", [1, 1, 1, 1],
        [.rightToLeft, .whitespace, .segmentSeparator, .rightToLeft], 0, [1, 0, 0, 1]
      ),
      (
        "a paragraph separator", [2, 2, 2], [.leftToRight, .whitespace, .paragraphSeparator], 1,
        [2, 1, 1]
      ),
      (
        "isolate formatters join the trailing sequence", [1, 1, 1, 1],
        [.rightToLeft, .whitespace, .popDirectionalIsolate, .rightToLeftIsolate], 0, [1, 0, 0, 0]
      ),
      (
        "characters X9 removes join the sequence", [1, 1, 1, 1],
        [.rightToLeft, .whitespace, .boundaryNeutral, .whitespace], 0, [1, 0, 0, 0]
      ),
      (
        "a boundary neutral alone at the end", [2, 2], [.leftToRight, .boundaryNeutral], 1, [2, 1]
      ),
      (
        "a letter ends the sequence", [1, 1, 1, 1],
        [.whitespace, .rightToLeft, .whitespace, .leftToRightEmbedding], 0, [1, 1, 0, 0]
      ),
      ("the empty line", [], [], 1, []),
    ]

  @Test("L1 resets separators and trailing white space", arguments: l1Cases)
  func ruleL1(
    _ name: String, _ levels: [UInt8], _ classes: [BidiClass], _ base: UInt8, _ expected: [UInt8]
  ) {
    #expect(
      VisualOrder.applyingL1(levels: levels, classes: classes, baseLevel: base) == expected,
      "\(name)")
  }

  @Test("L1 needs a class for every level")
  func ruleL1Mismatch() async {
    await #expect(processExitsWith: .failure) {
      _ = VisualOrder.applyingL1(levels: [0, 0], classes: [.leftToRight], baseLevel: 0)
    }
  }

  /// Levels after L1 and the visual order of their indices.
  static let l2Cases: [(levels: [UInt8], expected: [Int])] = [
    ([], []),
    ([0, 0, 0], [0, 1, 2]),
    ([1, 1, 1], [2, 1, 0]),
    ([0, 0, 1, 1, 0], [0, 1, 3, 2, 4]),
    ([0, 1, 2, 2, 1, 0], [0, 4, 2, 3, 1, 5]),
    ([1, 2, 2, 1, 2], [4, 3, 1, 2, 0]),
    ([2, 2, 2], [0, 1, 2]),
    ([2, 4, 4, 3], [0, 3, 1, 2]),
    ([0, 3, 3, 0], [0, 2, 1, 3]),
  ]

  @Test("L2 reverses from the highest level to the lowest odd level", arguments: l2Cases)
  func ruleL2(_ levels: [UInt8], _ expected: [Int]) {
    #expect(VisualOrder.reorder(levels: levels) == expected)
    #expect(VisualOrder.reorder(runLevels: levels) == expected)
  }
}
