import GalleyStyle

extension LayoutOptions {
  /// Where words may be hyphenated at a line's end: GalleyStyle's `Hyphens`, which spans
  /// set too (`%{auto}H`); <doc:LayoutRules#Hyphenation> gives the rules.
  public typealias Hyphens = GalleyStyle.Hyphens

  /// How long a word must be, and how many characters each side of a hyphen keeps, for
  /// ``Hyphens/auto`` to hyphenate it (CSS `hyphenate-limit-chars`).
  public struct HyphenationLimits: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The fewest characters a word needs to be hyphenated.
    public var minimumWordLength: Int
    /// The fewest characters before a hyphen; a dictionary's own LEFTHYPHENMIN raises it.
    public var before: Int
    /// The fewest characters after a hyphen; a dictionary's own RIGHTHYPHENMIN raises it.
    public var after: Int

    /// The defaults, 5, 2 and 2.
    public static let standard = HyphenationLimits(minimumWordLength: 5, before: 2, after: 2)

    /// The largest value of each limit.
    public static let maximum = 64

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - minimumWordLength: The fewest characters a word needs.
    ///   - before: The fewest characters before a hyphen.
    ///   - after: The fewest characters after a hyphen.
    public init(minimumWordLength: Int, before: Int, after: Int) {
      self.minimumWordLength = minimumWordLength
      self.before = before
      self.after = after
    }

    /// Reads `WORD,BEFORE,AFTER` (`5,2,2`), as `--hyphenate-limits` takes them.
    ///
    /// Fails (`nil`) when the text is not that.
    ///
    /// - Parameter text: Three whole numbers, comma-separated, each 1 to ``maximum`` written
    ///   without sign or leading zero; spaces around each are allowed.
    public init?(parsing text: String) {
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      // Each number as written in decimal, spaces around it allowed: no sign, no leading zero.
      let numbers = parts.compactMap { part -> Int? in
        let digits = part.trimmingSpaces
        guard (1...2).contains(digits.count), digits.first != "0",
          digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int(digits)
      }
      guard parts.count == 3, numbers.count == 3 else { return nil }
      self.init(minimumWordLength: numbers[0], before: numbers[1], after: numbers[2])
      guard problem == nil else { return nil }
    }

    /// `WORD,BEFORE,AFTER`, as ``init(parsing:)`` reads it.
    public var description: String { "\(minimumWordLength),\(before),\(after)" }

    /// Why the limits cannot be used, or `nil`.
    var problem: String? {
      let range = 1...Self.maximum
      guard range.contains(minimumWordLength), range.contains(before), range.contains(after)
      else { return "hyphenation limits must each be 1 to \(Self.maximum)" }
      return nil
    }
  }
}

extension Substring {
  /// The text without its leading and trailing spaces.
  fileprivate var trimmingSpaces: Substring {
    guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " })
    else { return "" }
    return self[first...last]
  }
}
