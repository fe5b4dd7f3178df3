/// The script of a run that is shaped word by word (``Shaper/wordScript(_:_:)``), part of each
/// cached word's key: the same bytes shape differently in another script or direction.
enum WordScript: UInt8, Hashable, Sendable {
  /// Digits, punctuation and spaces only.
  case common
  /// Latin letters, with Common characters.
  case latin
  /// Hebrew letters and points, with Common characters; shaped right to left.
  case hebrew
  /// Arabic letters and marks, with Common characters; shaped right to left.
  case arabic

  /// Whether words of this script are shaped right to left.
  var isRightToLeft: Bool { self == .hebrew || self == .arabic }

  /// The script a run with this script's letters and `other`'s has, or `nil` when they are
  /// two scripts with letters (such a run is shaped whole).
  ///
  /// - Parameter other: The script of the next letter.
  /// - Returns: The run's script.
  func merged(with other: WordScript) -> WordScript? {
    if self == other || other == .common { return self }
    return self == .common ? other : nil
  }
}
