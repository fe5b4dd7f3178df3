import GalleyMarkup

extension LayoutOptions {
  /// What truncation does to the last visible line when the text has more lines than
  /// ``maximumLines`` or does not fit ``height``.
  ///
  /// Head and middle act on the last visible line, as Pango and UIKit do: the lines before it
  /// break as usual, and it holds the rest of its paragraph with the token at its start, its
  /// middle or its end. Whole grapheme clusters go, and so does white space next to the token.
  public enum TruncationMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The token ends the last line, which shows as much of the rest of its paragraph as fits
    /// (UILabel's default).
    case tail
    /// The token starts the last line, which ends with the end of the text.
    case head
    /// The last line shows its paragraph's start, the token, then the end of the text.
    case middle
    /// Whole lines that fit, with no token.
    case clip
  }

  /// The markup drawn where truncated text was: an ellipsis by default, and possibly a link
  /// (`"… %{more}Lmore%l"`) that is tapped like any other.
  ///
  /// The markup is formatted with ``formatter`` (its tables), continuing the attributes of the
  /// text the token stands next to, so that where the token sets no attribute it looks like
  /// that text (see ``GalleyMarkup/MarkupFormatter/format(_:continuing:)``); it never
  /// continues that text's link. It may not hold a line break or a paragraph separator
  /// (U+001C to U+001E).
  public struct TruncationToken: Hashable, Sendable {
    /// The token's markup, always read as markup.
    public var markup: String
    /// The formatter whose font and color tables the markup's codes index.
    public var formatter: MarkupFormatter

    /// An ellipsis, U+2026, in the attributes of the text it follows.
    public static let ellipsis = TruncationToken(markup: "\u{2026}")

    /// The longest token markup accepted, in UTF-8 bytes.
    public static let maximumLength = 4096

    /// Creates a token.
    ///
    /// - Parameters:
    ///   - markup: The token's markup.
    ///   - formatter: The formatter with the tables its codes use.
    public init(markup: String, formatter: MarkupFormatter = MarkupFormatter()) {
      self.markup = markup
      self.formatter = formatter
    }

    /// What is wrong with a token's text, or `nil` when nothing is.
    ///
    /// A token may hold neither a line break nor a paragraph separator (U+001C to U+001E end
    /// a bidi paragraph without breaking the line). The answer is worded to follow "the
    /// truncation token".
    ///
    /// - Parameter text: The token's formatted text (or its markup: codes make neither).
    /// - Returns: The problem, such as "may not hold a line break", or `nil`.
    public static func problem(in text: String) -> String? {
      if text.contains(where: \.isNewline) { return "may not hold a line break" }
      if text.unicodeScalars.contains(where: { BidiClass($0) == .paragraphSeparator }) {
        return "may not hold a paragraph separator (U+001C–U+001E)"
      }
      return nil
    }

    /// The token formatted next to text with `attributes`.
    func formatted(continuing attributes: TextAttributes) throws(LayoutError) -> FormattedText {
      var attributes = attributes
      attributes.link = nil
      do {
        return try formatter.format(markup, continuing: attributes)
      } catch {
        throw LayoutError(.invalidOptions, "the truncation token: \(error.message)")
      }
    }
  }

  /// Why the line limit, truncation or autoshrink options cannot be used, or `nil`.
  var fittingProblem: String? {
    if !(0...Self.maximumLineLimit).contains(maximumLines) {
      return "the maximum number of lines must be 0 (no limit) to \(Self.maximumLineLimit)"
    }
    if !(minimumScaleFactor > 0 && minimumScaleFactor <= 1) {
      return "the minimum scale must be above 0 and at most 1"
    }
    if !(minimumSize >= 0 && minimumSize <= MarkupFormatter.maximumSize) {
      return "the minimum size must be 0 (none) to \(Int(MarkupFormatter.maximumSize)) points"
    }
    if truncationToken.markup.utf8.count > TruncationToken.maximumLength {
      return "the truncation token may have at most \(TruncationToken.maximumLength) bytes"
    }
    return nil
  }

  /// The most lines ``maximumLines`` may ask for.
  public static let maximumLineLimit = 1_000_000

  /// Whether the box limits the lines: a maximum number of lines or a height.
  var limitsLines: Bool { maximumLines > 0 || height != nil }

  /// The smallest scale autoshrink may use for `text`: the minimum scale factor, raised so
  /// that the text's smallest size stays at or above ``minimumSize`` (which alone, with the
  /// factor left at 1, is the only limit); 1 when it may not shrink.
  func minimumScale(for text: FormattedText) -> Double {
    guard limitsLines else { return 1 }
    guard minimumSize > 0, let smallest = text.runs.lazy.map(\.attributes.size).min() else {
      return minimumScaleFactor
    }
    let bySize = minimumSize / smallest
    return min(1, minimumScaleFactor < 1 ? max(minimumScaleFactor, bySize) : bySize)
  }

  /// The options with every length in points that goes with the text's size (line and
  /// paragraph spacing, indent, tab stops) multiplied by `factor`; the box and insets stay.
  func scaled(by factor: Double) -> LayoutOptions {
    guard factor != 1 else { return self }
    var options = self
    options.lineSpacing *= factor
    options.paragraphSpacing *= factor
    options.indent *= factor
    options.tabStops = tabStops.map { $0 * factor }
    return options
  }
}
