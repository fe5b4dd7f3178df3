internal import GalleySupport

/// Plain text plus the attributed runs and links that a markup string described.
///
/// The runs are a coalesced partition of ``string``: they cover it from start to end with no
/// gap or overlap, none is empty, and adjacent runs always have different attributes. Empty
/// text has no runs. Links are listed separately in order of appearance; link `i` is
/// `links[i]`, and the runs inside it carry `link == i`.
///
/// Ranges are given three ways: as `String.Index` ranges for Swift code, as UTF-16 offsets
/// (what JSON, NSRange and JavaScript count) and as UTF-8 offsets (what the layout engine and
/// HarfBuzz use).
public struct FormattedText: Hashable, Sendable {
  /// The text with every formatting code removed.
  public let string: String
  /// The attributed runs, in text order.
  public let runs: [Run]
  /// The links, in order of appearance; `links[i].index == i`.
  public let links: [Link]

  /// A range of the text with one set of attributes.
  public struct Run: Hashable, Sendable {
    /// The run's range in ``FormattedText/string``.
    public let range: Range<String.Index>
    /// The run's range in UTF-16 code units.
    public let utf16Range: Range<Int>
    /// The run's range in UTF-8 code units.
    public let utf8Range: Range<Int>
    /// The attributes of every character in the run.
    public let attributes: TextAttributes
  }

  /// A clickable range of the text, written `%L…%l` or `%{target}L…%l`.
  public struct Link: Hashable, Sendable {
    /// The link's ordinal: 0 for the first `%L` in the markup, 1 for the next, and so on.
    public let index: Int
    /// The link's range in ``FormattedText/string``; empty for `%L%l`.
    public let range: Range<String.Index>
    /// The link's range in UTF-16 code units.
    public let utf16Range: Range<Int>
    /// The link's range in UTF-8 code units.
    public let utf8Range: Range<Int>
    /// The braced target of `%{target}L`, or `nil` for a plain `%L`.
    public let target: String?
  }

  /// Creates text with one set of attributes, for plain text that needs no markup.
  ///
  /// - Parameters:
  ///   - string: The text, used as is: `%` has no meaning here.
  ///   - attributes: The attributes of the whole text. Its `link` must be `nil`.
  public init(plain string: String, attributes: TextAttributes = TextAttributes()) {
    var attributes = attributes
    attributes.link = nil
    self.string = string
    self.links = []
    if string.isEmpty {
      self.runs = []
    } else {
      self.runs = [
        Run(
          range: string.startIndex..<string.endIndex, utf16Range: 0..<string.utf16.count,
          utf8Range: 0..<string.utf8.count, attributes: attributes)
      ]
    }
  }

  /// Creates formatted text from parts the caller has already checked.
  init(uncheckedString string: String, runs: [Run], links: [Link]) {
    self.string = string
    self.runs = runs
    self.links = links
    checkInvariants()
  }

  /// The text of a run.
  ///
  /// - Parameter run: A run of this text.
  public subscript(run: Run) -> Substring { string[run.range] }

  /// The text of a link.
  ///
  /// - Parameter link: A link of this text.
  public subscript(link: Link) -> Substring { string[link.range] }

  /// The run that holds a UTF-16 offset, found by binary search.
  ///
  /// - Parameter utf16Offset: An offset in `0..<string.utf16.count`.
  /// - Returns: The run, or `nil` when the offset is outside the text.
  public func run(atUTF16Offset utf16Offset: Int) -> Run? {
    let low = runs.partitioningIndex { $0.utf16Range.upperBound > utf16Offset }
    guard low < runs.count, runs[low].utf16Range.contains(utf16Offset) else { return nil }
    return runs[low]
  }

  /// Traps in debug builds when the runs are not a coalesced partition of the text.
  func checkInvariants() {
    #if DEBUG
    if let problem = invariantViolation() {
      preconditionFailure("FormattedText invariant: \(problem)")
    }
    #endif
  }

  /// Describes the first broken invariant, or returns `nil` when the model is consistent.
  func invariantViolation() -> String? {
    var expected = (utf8: 0, utf16: 0)
    for (position, run) in runs.enumerated() {
      if run.utf8Range.lowerBound != expected.utf8 || run.utf16Range.lowerBound != expected.utf16 {
        return "gap or overlap at run \(position)"
      }
      if run.utf16Range.isEmpty || run.utf8Range.isEmpty { return "empty run \(position)" }
      if position > 0, runs[position - 1].attributes == run.attributes {
        return "runs \(position - 1) and \(position) have the same attributes"
      }
      if let link = run.attributes.link, !links.indices.contains(link) {
        return "run \(position) names link \(link), but there are \(links.count) links"
      }
      expected = (run.utf8Range.upperBound, run.utf16Range.upperBound)
    }
    if expected.utf8 != string.utf8.count {
      return "runs cover \(expected.utf8) of \(string.utf8.count) UTF-8 code units"
    }
    for (position, link) in links.enumerated() where link.index != position {
      return "link at position \(position) has index \(link.index)"
    }
    return nil
  }
}
