import GalleyStyle

/// DA ladder steps and CSS weights, the two scales a requested weight may use.
///
/// Deprecated: the table is GalleyStyle's `FontWeight`, which markup weights are checked
/// against too. Use `FontWeight.ladderSteps` and `FontWeight.cssWeight(_:)`.
@available(*, deprecated, message: "use FontWeight, the same table")
public enum FontWeightScale {
  /// The ladder steps.
  @available(*, deprecated, renamed: "FontWeight.ladderSteps")
  public static let steps: ClosedRange<Int> = FontWeight.ladderSteps

  /// The CSS weight of a step or CSS weight.
  ///
  /// - Parameter weight: A ladder step or a CSS weight.
  /// - Returns: The CSS weight.
  /// - Throws: ``FontSetError/Kind/invalidWeight`` for any other value.
  @available(*, deprecated, renamed: "FontWeight.cssWeight(_:)")
  public static func cssWeight(_ weight: Int) throws(FontSetError) -> Int {
    try FontWeight.cssWeight(weight)
  }
}
