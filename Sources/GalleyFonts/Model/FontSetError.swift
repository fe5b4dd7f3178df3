/// A font lookup or font-definition problem: a stable kind and a message for people.
public struct FontSetError: Error, Hashable, Sendable {
  /// A stable, machine-readable category of font error.
  ///
  /// New kinds may be added, so do not switch over them exhaustively.
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name of the kind, such as `unknownFamily`.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name of the kind.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name of the kind.
    public var description: String { rawValue }

    /// Strict lookup of a family that is not installed and has no alias.
    public static let unknownFamily = Kind(rawValue: "unknownFamily")
    /// A weight that is neither a ladder step (-3...3) nor a CSS weight (100...1000).
    public static let invalidWeight = Kind(rawValue: "invalidWeight")
    /// An empty or oversized family name.
    public static let invalidFamilyName = Kind(rawValue: "invalidFamilyName")
    /// A FontSets definition file that cannot be read or breaks the schema.
    public static let invalidDefinition = Kind(rawValue: "invalidDefinition")
    /// A font file or directory that cannot be added.
    public static let fontFileUnusable = Kind(rawValue: "fontFileUnusable")
    /// fontconfig itself failed (no configuration, out of memory).
    public static let fontconfigFailed = Kind(rawValue: "fontconfigFailed")
    /// No installed face covers a character.
    public static let noFaceCovers = Kind(rawValue: "noFaceCovers")
  }

  /// The category of the error.
  public var kind: Kind
  /// A short lower-case description that quotes the input.
  public var message: String
  /// Installed family names close to an unknown one, best first.
  public var suggestions: [String]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The description for people.
  ///   - suggestions: Close family names, for `unknownFamily`.
  public init(_ kind: Kind, _ message: String, suggestions: [String] = []) {
    self.kind = kind
    self.message = message
    self.suggestions = suggestions
  }
}

extension FontSetError: CustomStringConvertible {
  /// The message, followed by the suggestions when there are some.
  public var description: String {
    guard !suggestions.isEmpty else { return message }
    return message + " (did you mean " + suggestions.map { "'\($0)'" }.joined(separator: ", ")
      + "?)"
  }
}
