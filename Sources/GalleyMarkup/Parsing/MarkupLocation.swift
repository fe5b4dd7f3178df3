/// A position in a markup string, counted several ways.
///
/// ``utf16Offset`` is the offset that Galley's JSON reports and that NSString, NSRange and
/// JavaScript use. ``line`` and ``column`` are for people reading an error message.
public struct MarkupLocation: Hashable, Sendable, Comparable, Codable {
  /// The offset from the start of the markup in UTF-16 code units.
  public var utf16Offset: Int
  /// The offset from the start of the markup in UTF-8 code units (bytes).
  public var utf8Offset: Int
  /// The 1-based line number; lines end at `\n`.
  public var line: Int
  /// The 1-based column in the line, counted in Unicode scalars.
  public var column: Int

  /// Creates a location from its parts.
  ///
  /// - Parameters:
  ///   - utf16Offset: The UTF-16 offset.
  ///   - utf8Offset: The UTF-8 offset.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column in Unicode scalars.
  public init(utf16Offset: Int, utf8Offset: Int, line: Int, column: Int) {
    self.utf16Offset = utf16Offset
    self.utf8Offset = utf8Offset
    self.line = line
    self.column = column
  }

  /// Orders locations by their offset.
  ///
  /// - Parameters:
  ///   - lhs: A location.
  ///   - rhs: Another location in the same markup.
  /// - Returns: Whether `lhs` comes first.
  public static func < (lhs: MarkupLocation, rhs: MarkupLocation) -> Bool {
    lhs.utf8Offset < rhs.utf8Offset
  }
}

extension MarkupLocation: CustomStringConvertible {
  /// `line:column`, as compilers print positions.
  public var description: String { "\(line):\(column)" }
}
