import GalleyFonts
import Testing

/// Font lookup reads GalleyStyle's weight table, which `import GalleyFonts` brings in.
@Suite("The weight table in font lookup")
struct WeightTableTests {
  /// Every value from -10 to 1010, and the extremes.
  static let weights = Array(-10...1010) + [Int.min, Int.max]

  @Test func throwingCSSWeightAgreesWithTheTable() {
    for weight in Self.weights {
      switch FontWeight.cssWeight(for: weight) {
      case let css?:
        #expect((try? FontWeight.cssWeight(weight)) == css, "weight \(weight)")
      case nil:
        let error = #expect(throws: FontSetError.self) { try FontWeight.cssWeight(weight) }
        #expect(error?.kind == .invalidWeight, "weight \(weight)")
      }
    }
  }

  @Test func invalidWeightMessageGivesBothScales() throws {
    let error = try #require(throws: FontSetError.self) { try FontWeight.cssWeight(99) }
    #expect(
      error.message == "weight 99 is neither a ladder step in -3...3 nor a CSS weight in 100...1000"
    )
  }

  /// The deprecated `FontWeightScale` forwards to `FontWeight` (the test is deprecated too, so
  /// calling the shim does not warn).
  @available(*, deprecated)
  @Test func deprecatedFontWeightScaleForwards() {
    #expect(FontWeightScale.steps == FontWeight.ladderSteps)
    for weight in Self.weights {
      let old = Result { () throws(FontSetError) in try FontWeightScale.cssWeight(weight) }
      let new = Result { () throws(FontSetError) in try FontWeight.cssWeight(weight) }
      #expect(old == new, "weight \(weight)")
    }
  }
}
