import GalleyMarkup

/// DA ladder steps and CSS weights, the two scales a requested weight may use.
///
/// Steps -3, -2, -1, 0, 1, 2, 3 stand for CSS 100, 200, 300, 400, 700, 800, 900; values from
/// 100 to 1000 are CSS weights as given. Every other value is an error. The table is
/// GalleyMarkup's `FontWeight`, which markup weights are checked against.
public enum FontWeightScale {
  /// The ladder steps.
  public static let steps: ClosedRange<Int> = FontWeight.ladderSteps

  /// The CSS weight of a step or CSS weight.
  ///
  /// - Parameter weight: A ladder step or a CSS weight.
  /// - Returns: The CSS weight.
  /// - Throws: ``FontSetError/Kind/invalidWeight`` for any other value.
  public static func cssWeight(_ weight: Int) throws(FontSetError) -> Int {
    guard let css = FontWeight.cssWeight(for: weight) else {
      throw FontSetError(
        .invalidWeight,
        "weight \(weight) is neither a ladder step in -3...3 nor a CSS weight in 100...1000")
    }
    return css
  }
}
