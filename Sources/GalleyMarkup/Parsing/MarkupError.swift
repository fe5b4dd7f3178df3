/// A problem in a markup string: what kind, exactly where, and a message for people.
///
/// The strict formatter throws the first one it meets; the lenient formatter collects them as
/// warnings and goes on the way DAAttributedStringFormatter did.
public struct MarkupError: Error, Hashable, Sendable {
  /// A stable, machine-readable category of markup error.
  ///
  /// The raw values are public API: they appear in JSON and do not change. New kinds may be
  /// added, so do not switch over them exhaustively.
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name of the kind, such as `unknownCode`.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name of the kind.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name of the kind.
    public var description: String { rawValue }

    /// A `%` followed by a letter that is not a code, such as `%Q`.
    public static let unknownCode = Kind(rawValue: "unknownCode")
    /// A `%` (perhaps with a number) at the very end of the markup.
    public static let danglingPercent = Kind(rawValue: "danglingPercent")
    /// A code that needs a number or braced argument has none, such as `%F`.
    public static let missingArgument = Kind(rawValue: "missingArgument")
    /// A code that takes no argument has one, such as `%5B`.
    public static let unexpectedArgument = Kind(rawValue: "unexpectedArgument")
    /// A malformed number, such as `%1-W` or `%-W`.
    public static let invalidNumber = Kind(rawValue: "invalidNumber")
    /// A minus sign on a code that only takes non-negative numbers, such as `%-1S`.
    public static let negativeNotAllowed = Kind(rawValue: "negativeNotAllowed")
    /// A font or color table index past the end of the table.
    public static let indexOutOfRange = Kind(rawValue: "indexOutOfRange")
    /// An underline style other than 0, 1 or 2.
    public static let underlineOutOfRange = Kind(rawValue: "underlineOutOfRange")
    /// A size of 0 or above ``MarkupFormatter/maximumSize``.
    public static let sizeOutOfRange = Kind(rawValue: "sizeOutOfRange")
    /// A weight that is neither a ladder step (-3...3) nor a CSS weight (100...1000).
    public static let weightOutOfRange = Kind(rawValue: "weightOutOfRange")
    /// A braced argument that the code cannot use, such as `%{#12}C` or `%{}F`.
    public static let invalidArgument = Kind(rawValue: "invalidArgument")
    /// A `%L` with no `%l` after it; the location is the `%L`'s.
    public static let unterminatedLink = Kind(rawValue: "unterminatedLink")
    /// A `%L` inside a link that is still open.
    public static let nestedLink = Kind(rawValue: "nestedLink")
    /// A `%l` with no open link.
    public static let unopenedLink = Kind(rawValue: "unopenedLink")
    /// A character spacing or baseline shift beyond its documented limit.
    public static let valueOutOfRange = Kind(rawValue: "valueOutOfRange")
  }

  /// The category of the error.
  public var kind: Kind
  /// Where the offending code starts: the location of its `%`.
  public var location: MarkupLocation
  /// The length of the offending code in UTF-16 code units (`%5C` has length 3).
  public var utf16Length: Int
  /// A short lower-case description that quotes the input, with no final period.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - location: Where the offending code starts.
  ///   - utf16Length: The code's length in UTF-16 code units.
  ///   - message: The description for people.
  public init(kind: Kind, location: MarkupLocation, utf16Length: Int, message: String) {
    self.kind = kind
    self.location = location
    self.utf16Length = utf16Length
    self.message = message
  }

  /// The UTF-16 offset of the offending `%` in the markup.
  public var offset: Int { location.utf16Offset }
}

extension MarkupError: CustomStringConvertible {
  /// `line:column: message`; a command-line tool puts the file name in front.
  public var description: String { "\(location): \(message)" }
}
