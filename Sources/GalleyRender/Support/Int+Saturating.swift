extension Int {
  /// The whole number nearest `value` within ±2⁵³, and 0 for NaN: a conversion of a computed
  /// coordinate that cannot trap, whatever the inputs were.
  ///
  /// Callers round first (`rounded(.down)` or `.up`); this only bounds the result.
  init(saturating value: Double) {
    let limit = 9_007_199_254_740_992.0  // 2⁵³: every Double below it converts exactly.
    if value.isNaN {
      self = 0
    } else {
      self = Int(Swift.min(limit, Swift.max(-limit, value)))
    }
  }
}
