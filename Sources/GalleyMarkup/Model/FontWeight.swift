/// The rules for font weights written in markup (`%xW`, `%B`) and in formatter defaults.
///
/// Two scales share one integer. Small values are DAFontSet ladder steps: -3, -2, -1, 0, 1, 2, 3
/// stand for CSS 100, 200, 300, 400, 700, 800, 900, so `%B` (weight 1) is bold in every family
/// and `%-1W` is light. Values from 100 to 1000 are CSS/OpenType weights as written (`%600W`).
/// Every other value is out of range.
public enum FontWeight {
  /// The DA ladder steps.
  public static let ladderSteps: ClosedRange<Int> = -3...3
  /// The CSS weights.
  public static let cssWeights: ClosedRange<Int> = 100...1000

  /// Whether `weight` is a ladder step or a CSS weight.
  ///
  /// - Parameter weight: The weight to check.
  /// - Returns: `true` for -3...3 and 100...1000.
  public static func isValid(_ weight: Int) -> Bool {
    ladderSteps.contains(weight) || cssWeights.contains(weight)
  }

  /// The CSS weight a valid weight stands for.
  ///
  /// - Parameter weight: A ladder step or CSS weight.
  /// - Returns: The CSS weight (ladder step 1 gives 700), or `nil` when `weight` is not valid.
  public static func cssWeight(for weight: Int) -> Int? {
    switch weight {
    case -3: 100
    case -2: 200
    case -1: 300
    case 0: 400
    case 1: 700
    case 2: 800
    case 3: 900
    case cssWeights: weight
    default: nil
    }
  }

  /// The nearest valid weight, used by the lenient formatter for ported strings.
  ///
  /// Values between the two scales go to the nearer end: 4 becomes ladder step 3, 99 becomes
  /// CSS 100. Ties go to the ladder.
  ///
  /// - Parameter weight: Any integer.
  /// - Returns: The valid weight nearest to `weight`.
  public static func clamped(_ weight: Int) -> Int {
    if isValid(weight) { return weight }
    if weight < ladderSteps.lowerBound { return ladderSteps.lowerBound }
    if weight > cssWeights.upperBound { return cssWeights.upperBound }
    return weight - ladderSteps.upperBound <= cssWeights.lowerBound - weight
      ? ladderSteps.upperBound : cssWeights.lowerBound
  }
}
