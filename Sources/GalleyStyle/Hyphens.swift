/// Where words may be hyphenated at a line's end, as CSS `hyphens`: layout-wide
/// (`LayoutOptions.hyphens` in GalleyLayout) or for a span (`%{auto}H` in markup).
public enum Hyphens: String, Hashable, Sendable, Codable, CaseIterable {
  /// Never: soft hyphens (U+00AD) are not break opportunities either.
  case none
  /// At soft hyphens only (the default).
  case manual
  /// At soft hyphens, and in words without them where the language's hyphenation dictionary
  /// allows; a language without a dictionary hyphenates as ``manual``.
  case auto

  /// The value a name gives, in any case (`none`, `manual`, `auto`), or `nil`.
  ///
  /// - Parameter name: The name.
  public init?(name: some StringProtocol) {
    guard let value = Self(rawValue: name.lowercased()) else { return nil }
    self = value
  }
}
