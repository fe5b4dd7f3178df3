extension LayoutOptions {
  /// Where lines may break when they must wrap.
  public enum WrapMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// At the line break opportunities of UAX #14 (between words, and between the characters
    /// of scripts written without spaces); a word wider than the line is split between grapheme
    /// clusters.
    case word
    /// Between any two grapheme clusters, as pango-view's `--wrap=char`.
    case char
  }

  /// How much narrower (26.6) a paragraph's first line is, and its other lines, from
  /// ``indent``: a positive indent narrows the first line, a negative (hanging) one the others.
  var indentation: (first: Int64, other: Int64) {
    let amount = Int64((abs(indent) * 64).rounded())
    return indent >= 0 ? (amount, 0) : (0, amount)
  }

  /// Why the tab stops cannot be used, or `nil`.
  var tabStopsProblem: String? {
    guard tabStops.count <= 1000 else { return "there may be at most 1000 tab stops" }
    var previous = 0.0
    for stop in tabStops {
      guard stop > previous, stop <= Self.maximumDimension else {
        return "tab stops must be above 0, increasing, and at most \(Int(Self.maximumDimension))"
      }
      previous = stop
    }
    return nil
  }

  /// Why the indent cannot be used, or `nil`.
  var indentProblem: String? {
    let limit = Self.maximumDimension
    guard abs(indent) <= limit else { return "the indent must be within ±\(Int(limit))" }
    if let width, !(abs(indent) < width - insets.left - insets.right) {
      return "the indent must be narrower than the width less the left and right insets"
    }
    return nil
  }
}
