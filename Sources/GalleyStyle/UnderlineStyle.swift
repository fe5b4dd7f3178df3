/// How a run is underlined, as DAAttributedStringFormatter's `%xU` sets it.
public enum UnderlineStyle: String, Hashable, Sendable, Codable, CaseIterable {
  /// No underline (`%0U`, `%u`).
  case none
  /// One line (`%1U`).
  case single
  /// Two lines (`%2U`).
  case double

  /// The style for a `%xU` argument: 0 none, 1 single, 2 double.
  ///
  /// - Parameter number: The number written before `U`.
  public init?(number: Int) {
    switch number {
    case 0: self = .none
    case 1: self = .single
    case 2: self = .double
    default: return nil
    }
  }
}
