/// The base direction Galley asks of each paragraph of a text.
enum BidiBaseDirection: Hashable, Sendable {
  /// The direction of each paragraph's first strong character (UAX #9 rules P2 and P3), or
  /// left-to-right when it has none.
  case auto
  /// Every paragraph is left-to-right (base level 0).
  case leftToRight
  /// Every paragraph is right-to-left (base level 1).
  case rightToLeft

  /// The number `galley_bidi_levels` takes: 0 left-to-right, 1 right-to-left, 2 auto.
  var icuValue: Int32 {
    switch self {
    case .leftToRight: return 0
    case .rightToLeft: return 1
    case .auto: return 2
    }
  }
}
