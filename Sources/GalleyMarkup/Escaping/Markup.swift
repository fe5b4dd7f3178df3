/// Markup source in which text from outside can never become a formatting code.
///
/// Write markup as a string literal; interpolated values are escaped, so a user's name that
/// contains `%B` prints as `%B` instead of turning the rest of the label bold:
///
/// ```swift
/// let name = "50%Bot"                       // untrusted
/// let markup: Markup = "Hello %B\(name)%b"  // source: "Hello %B50%%Bot%b"
/// let text = try MarkupFormatter().format(markup)
/// ```
///
/// Interpolate trusted markup with `\(markup:)` or `\(raw:)`, and a link around untrusted text
/// with `\(link:target:)`.
public struct Markup: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// The markup source, with every interpolated value escaped.
  public private(set) var source: String

  /// Wraps a string that is already markup; nothing is escaped.
  ///
  /// - Parameter source: Trusted markup, such as a string from an app's own resources.
  public init(raw source: String) { self.source = source }

  /// Creates markup from plain text, escaping every `%`.
  ///
  /// - Parameter text: Untrusted plain text.
  public init(text: String) { self.source = Markup.escape(text) }

  /// Creates markup from a literal with no interpolation; the literal is markup.
  ///
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) { self.source = value }

  /// Creates markup from an interpolated literal.
  ///
  /// - Parameter stringInterpolation: The literal's pieces.
  public init(stringInterpolation: StringInterpolation) { self.source = stringInterpolation.source }

  /// Escapes plain text so that it formats as itself: every `%` becomes `%%`.
  ///
  /// - Parameter text: Untrusted text.
  /// - Returns: Markup that ``MarkupFormatter`` turns back into exactly `text`.
  public static func escape(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      escaped.append(byte)
      if byte == UInt8(ascii: "%") { escaped.append(byte) }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// Makes a link target safe inside `%{…}L`: a `}` would end the argument early, so it is
  /// percent-encoded as `%7D`, which URL parsers read as the same character.
  ///
  /// - Parameter target: A URL or other link target.
  /// - Returns: The target with every `}` written as `%7D`.
  public static func escapeLinkTarget(_ target: String) -> String {
    guard target.utf8.contains(UInt8(ascii: "}")) else { return target }
    // Bytes, not Characters: a '}' followed by a combining mark is one Character that is not
    // "}", yet the scanner ends the argument at its byte.
    var escaped: [UInt8] = []
    escaped.reserveCapacity(target.utf8.count + 4)
    for byte in target.utf8 {
      if byte == UInt8(ascii: "}") {
        escaped += Array("%7D".utf8)
      } else {
        escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// Joins two pieces of markup.
  ///
  /// - Parameters:
  ///   - lhs: The first piece.
  ///   - rhs: The second piece.
  /// - Returns: Their concatenation.
  public static func + (lhs: Markup, rhs: Markup) -> Markup {
    Markup(raw: lhs.source + rhs.source)
  }

  /// Collects the literal pieces (markup) and interpolated values (escaped) of a `Markup`.
  public struct StringInterpolation: StringInterpolationProtocol {
    /// The markup built so far.
    public private(set) var source: String

    /// Creates an empty interpolation with room for the literal pieces.
    ///
    /// - Parameters:
    ///   - literalCapacity: The combined length of the literal pieces.
    ///   - interpolationCount: The number of interpolated values.
    public init(literalCapacity: Int, interpolationCount: Int) {
      source = ""
      source.reserveCapacity(literalCapacity + interpolationCount * 8)
    }

    /// Appends a literal piece of the source, which is markup.
    ///
    /// - Parameter literal: The piece.
    public mutating func appendLiteral(_ literal: String) { source += literal }

    /// Appends a value as plain text, escaped.
    ///
    /// - Parameter value: Any value; its description is escaped.
    public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      source += Markup.escape(value.description)
    }

    /// Appends a string as plain text, escaped.
    ///
    /// - Parameter value: Untrusted text.
    public mutating func appendInterpolation(_ value: String) { source += Markup.escape(value) }

    /// Appends other markup unchanged.
    ///
    /// - Parameter markup: Markup that was itself built safely.
    public mutating func appendInterpolation(markup: Markup) { source += markup.source }

    /// Appends a trusted markup string unchanged.
    ///
    /// - Parameter raw: Markup from a trusted source.
    public mutating func appendInterpolation(raw: String) { source += raw }

    /// Appends a link around escaped text: `%{target}L…%l`, or `%L…%l` without a target.
    ///
    /// - Parameters:
    ///   - text: The link's visible text, escaped.
    ///   - target: The link target; a `}` in it is percent-encoded.
    public mutating func appendInterpolation(link text: String, target: String? = nil) {
      if let target {
        source += "%{" + Markup.escapeLinkTarget(target) + "}L"
      } else {
        source += "%L"
      }
      source += Markup.escape(text) + "%l"
    }
  }
}

extension Markup: CustomStringConvertible {
  /// The markup source.
  public var description: String { source }
}

extension Markup {
  /// The UTF-8 ranges of a markup string's codes (`%B`, `%{…}L`, `%%`, and malformed ones as
  /// the scanner reads them), in order: everything between them is text.
  ///
  /// For tools that change a string's text and must keep its codes, such as `galley check`'s
  /// pseudo-locales.
  ///
  /// - Parameter source: The markup.
  /// - Returns: The codes' ranges.
  package static func codeRanges(in source: String) -> [Range<Int>] {
    let bytes = Array(source.utf8)
    return bytes.withUnsafeBufferPointer { input in
      var ranges: [Range<Int>] = []
      var index = 0
      while index < input.count {
        guard input[index] == UInt8(ascii: "%") else {
          index += 1
          continue
        }
        let token = CodeToken.read(input, at: index)
        let end = max(token.end, index + 1)
        ranges.append(index..<end)
        index = end
      }
      return ranges
    }
  }
}
