/// A layout that cannot be made: bad options, or a font file HarfBuzz cannot read.
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stable, machine-readable category of layout error.
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable {
    /// The name of the kind.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An option is out of its range (see ``LayoutOptions/problem``).
    public static let invalidOptions = Kind(rawValue: "invalidOptions")
    /// A run's size, character spacing or baseline shift is out of the formatter's range (text
    /// made by hand rather than by ``GalleyMarkup/MarkupFormatter``).
    public static let invalidAttributes = Kind(rawValue: "invalidAttributes")
    /// A font file could not be opened for shaping.
    public static let fontUnusable = Kind(rawValue: "fontUnusable")
    /// ICU's line breaker failed.
    public static let lineBreakingFailed = Kind(rawValue: "lineBreakingFailed")
  }

  /// The category.
  public var kind: Kind
  /// A short description for people.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The description.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
