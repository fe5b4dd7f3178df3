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

  /// How lines are chosen among the break opportunities (CSS `text-wrap-style`, and
  /// Knuth–Plass's total fit); <doc:LayoutRules#Wrap-styles> gives each one's rules and costs.
  public enum WrapStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Each line takes as much as fits (the default).
    case greedy
    /// The same number of lines as greedy, as even as can be: the smallest widest line, then
    /// the least variance (CSS `text-wrap: balance`), for paragraphs of any length.
    case balance
    /// Never more lines than greedy, no short one-word last line where a break avoids it, and
    /// the ragged edge evened over the paragraph (CSS `text-wrap: pretty`).
    case pretty
    /// Total-fit breaking over the paragraph, scored as Android's minikin scores lines, with
    /// shrinking spaces when justified.
    case optimal
  }

  /// How far in (26.6) a line that starts at `offset` begins, from ``indent``: a positive
  /// indent moves a paragraph's first line, a negative (hanging) one its other lines.
  ///
  /// The one rule line breaking (the line's width), justification and stacking (its x) share.
  ///
  /// - Parameters:
  ///   - offset: Where the line starts (UTF-8).
  ///   - paragraph: The text.
  /// - Returns: The indent, 0 or more.
  func indentation(ofLineAt offset: Int, in paragraph: Paragraph) -> Int64 {
    guard indent != 0 else { return 0 }
    let isFirst = paragraph.startsParagraph(at: offset)
    return isFirst == (indent > 0) ? Int64((abs(indent) * 64).rounded()) : 0
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
