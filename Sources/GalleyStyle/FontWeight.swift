/// The weight table: which integers are font weights, and the CSS weight each stands for.
///
/// Two scales share one integer. Small values are DAFontSet ladder steps: -3, -2, -1, 0, 1, 2, 3
/// stand for CSS 100, 200, 300, 400, 700, 800, 900, so `%B` (weight 1) is bold in every family
/// and `%-1W` is light. Values from 100 to 1000 are CSS/OpenType weights as written (`%600W`).
/// Every other value is out of range.
///
/// Markup (`%xW`, `%B`, formatter defaults), the command line (`--weight`) and font lookup
/// (`FontSet.resolve`) all read this one table.
public enum FontWeight {
  /// The DA ladder steps.
  public static let ladderSteps: ClosedRange<Int> = -3...3
  /// The CSS weights.
  public static let cssWeights: ClosedRange<Int> = 100...1000

  /// CSS weight names in lower case, with their usual synonyms (`hairline`, `ultralight`,
  /// `demibold`, `ultrabold`, `heavy`), as `%{semibold}W` accepts them.
  public static let cssNames: [String: Int] = [
    "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
    "normal": 400, "regular": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700,
    "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900,
  ]

  /// Reads a weight written as a whole number or as a CSS name, in any case.
  ///
  /// A hyphen, underscore or space inside a name is ignored, so `semi-bold` and `Extra Bold`
  /// are read too. The number is not range-checked: use ``isValid(_:)``.
  ///
  /// - Parameter text: A number such as `-1` or `600`, or a name such as `semibold`.
  /// - Returns: The weight, or `nil` when `text` is neither.
  public static func parse(_ text: some StringProtocol) -> Int? {
    if let number = Int(text) { return number }
    let name = text.lowercased().filter { !"-_ ".contains($0) }
    return cssNames[name]
  }

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
