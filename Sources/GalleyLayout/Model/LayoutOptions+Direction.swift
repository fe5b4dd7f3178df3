extension LayoutOptions {
  /// The base direction of the text's paragraphs: what decides where a line starts, which side
  /// ``Alignment/natural`` aligns to, and how runs of the other direction are ordered
  /// (<doc:LayoutRules#Bidirectional-text>).
  public enum Direction: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each paragraph takes the direction of its first strong character (a letter with a
    /// direction, outside isolates), and is left to right when it has none: rules P2 and P3
    /// of UAX #9, as CSS's `dir=auto` and Pango's automatic direction.
    case auto
    /// Every paragraph is left to right.
    case leftToRight = "ltr"
    /// Every paragraph is right to left.
    case rightToLeft = "rtl"
  }
}

extension LayoutOptions.Direction {
  /// The base direction bidi analysis starts from.
  var base: BidiBaseDirection {
    switch self {
    case .auto: return .auto
    case .leftToRight: return .leftToRight
    case .rightToLeft: return .rightToLeft
    }
  }
}
