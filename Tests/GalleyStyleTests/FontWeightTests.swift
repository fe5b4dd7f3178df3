import GalleyStyle
import Testing

/// The one weight table that markup, the CLI and font lookup share.
@Suite("Font weights")
struct FontWeightTests {
  @Test(arguments: [
    (-3, 100), (-2, 200), (-1, 300), (0, 400), (1, 700), (2, 800), (3, 900), (100, 100),
    (350, 350), (1000, 1000),
  ])
  func cssWeightOfValidWeights(weight: Int, css: Int) {
    #expect(FontWeight.isValid(weight))
    #expect(FontWeight.cssWeight(for: weight) == css)
  }

  @Test(arguments: [-4, 4, 50, 99, 1001, Int.min, Int.max])
  func invalidWeightsHaveNoCSSWeight(weight: Int) {
    #expect(!FontWeight.isValid(weight))
    #expect(FontWeight.cssWeight(for: weight) == nil)
  }

  @Test func everyLadderStepHasACSSWeightInOrder() {
    let weights = FontWeight.ladderSteps.compactMap(FontWeight.cssWeight(for:))
    #expect(weights == [100, 200, 300, 400, 700, 800, 900])
    #expect(weights.allSatisfy(FontWeight.cssWeights.contains))
  }

  @Test(arguments: [(-9, -3), (4, 3), (51, 3), (52, 100), (99, 100), (5000, 1000), (0, 0)])
  func clampedGoesToTheNearerScale(weight: Int, expected: Int) {
    #expect(FontWeight.clamped(weight) == expected)
  }

  @Test(arguments: [
    ("-1", -1), ("600", 600), ("semibold", 600), ("Semi-Bold", 600), ("Extra Bold", 800),
    ("hairline", 100), ("heavy", 900),
  ])
  func parsesNumbersAndNames(text: String, weight: Int) {
    #expect(FontWeight.parse(text) == weight)
  }
}
