import GalleyStyle

/// Turns DAAttributedStringFormatter-style markup into ``FormattedText``.
///
/// A formatter holds a font-family table and a color table (the `x` in `%xF` and `%xC` indexes
/// them) and the defaults that text starts with. It is a value: configure it once and share it
/// between threads.
///
/// ```swift
/// var formatter = MarkupFormatter()
/// formatter.fontFamilies = ["DejaVu Sans", "DejaVu Serif"]
/// formatter.colors = [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)]
/// let text = try formatter.format("Tap %L%0Chere%c%l for %Bmore%b")
/// ```
///
/// ``format(_:)-(String)`` is strict: the first problem throws a ``MarkupError`` with its kind
/// and position. ``formatLeniently(_:)`` reproduces what DAAttributedStringFormatter did with
/// ported strings and returns the problems as warnings. The codes are listed in the
/// <doc:MarkupGrammar> article.
public struct MarkupFormatter: Hashable, Sendable {
  /// The families that `%0F`, `%1F`, … select.
  public var fontFamilies: [String] {
    didSet { familyTable = FamilyTable(table: fontFamilies, defaultFamily: defaultFamily) }
  }
  /// The colors that `%0C`, `%1D`, … select.
  public var colors: [TextColor]
  /// The family text starts with, and that `%f` and `%N` restore.
  public var defaultFamily: String = "sans-serif" {
    didSet { familyTable = FamilyTable(table: fontFamilies, defaultFamily: defaultFamily) }
  }
  /// The size in points that text starts with, and that `%s` and `%N` restore.
  public var defaultSize: Double = 17
  /// The weight that text starts with, and that `%w` and `%N` restore (see `FontWeight`).
  public var defaultWeight: Int = 0
  /// Whether text starts italic; `%N` restores it, and `%I` and `%i` turn italic on and off
  /// whatever it is.
  public var defaultItalic = false
  /// The text color that text starts with, and that `%c` restores.
  public var defaultColor: TextColor = .black
  /// The background color that text starts with, and that `%d` restores; `nil` for none.
  public var defaultBackground: TextColor?

  /// The largest size in points that `%xS` accepts; sizes must also be above 0.
  public static let maximumSize: Double = 1000
  /// The largest character spacing, as a fraction of the size, either way (`%1000K`).
  public static let maximumCharacterSpacing: Double = 10
  /// The largest baseline shift in points, either way (`%{-1000}R`).
  public static let maximumBaselineShift: Double = 1000
  /// The longest family name, link target or feature list accepted in braces, in UTF-8 bytes.
  public static let maximumBracedArgumentLength = 8192
  /// The most OpenType features, or axis coordinates, a span may have in force (`%{…}O` and
  /// `%{…}V` add to them).
  public static let maximumFeatureCount = 256
  /// The most distinct lists of span features, and of span coordinates, in one text.
  public static let maximumFeatureLists = 1024

  /// Whether `tag` can be a span's language (`%{tag}G`): 1 to 64 ASCII letters, digits, `-`
  /// and `_`, as BCP 47 tags (`de-CH`, `sr-Latn`) and ICU's locales (`en_US`) are written.
  ///
  /// - Parameter tag: A language tag.
  /// - Returns: Whether it has that form.
  public static func isLanguageTag(_ tag: some StringProtocol) -> Bool {
    (1...64).contains(tag.utf8.count)
      && tag.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      }
  }

  /// Creates a formatter with the given tables and the standard defaults.
  ///
  /// - Parameters:
  ///   - fontFamilies: The families that `%xF` selects, index 0 first.
  ///   - colors: The colors that `%xC` and `%xD` select, index 0 first.
  public init(fontFamilies: [String] = [], colors: [TextColor] = []) {
    self.fontFamilies = fontFamilies
    self.colors = colors
    self.familyTable = FamilyTable(table: fontFamilies, defaultFamily: "sans-serif")
  }

  /// The family names interned once per configuration, so each format call starts from them.
  private(set) var familyTable: FamilyTable

  /// The attributes text starts with.
  public var defaultAttributes: TextAttributes {
    TextAttributes(
      family: defaultFamily, size: defaultSize, weight: defaultWeight, isItalic: defaultItalic,
      color: defaultColor, background: defaultBackground)
  }

  /// Formats markup strictly: any problem is an error.
  ///
  /// - Parameter markup: The markup, such as `"Hello %Bworld%b"`.
  /// - Returns: The plain text with its runs and links.
  /// - Throws: The first ``MarkupError`` in the markup, or a problem with the defaults
  ///   (reported at offset 0 with length 0).
  @_disfavoredOverload
  public func format(_ markup: String) throws(MarkupError) -> FormattedText {
    var scanner = MarkupScanner(formatter: self, isLenient: false)
    return try scanner.scan(markup)
  }

  /// Formats markup that continues other text: the text starts with `attributes` instead of
  /// the defaults, and the codes that restore a default (`%f`, `%c`, `%d`, `%w`, `%s`, `%N`)
  /// restore them.
  ///
  /// A truncation token is formatted this way, so that where it sets no attribute it looks
  /// like the text it stands next to. The tables still come from the formatter.
  ///
  /// - Parameters:
  ///   - markup: The markup, such as `"… %Lmore%l"`.
  ///   - attributes: The attributes of the text it continues; their link is dropped.
  /// - Returns: The plain text with its runs and links.
  /// - Throws: The first ``MarkupError`` in the markup.
  public func format(
    _ markup: String, continuing attributes: TextAttributes
  ) throws(MarkupError) -> FormattedText {
    var scanner = MarkupScanner(formatter: self, isLenient: false, base: attributes)
    return try scanner.scan(markup)
  }

  /// Formats markup built with string interpolation, whose interpolated values are escaped.
  ///
  /// A string literal passed straight to `format` uses this overload, so
  /// `format("Hello %B\(name)%b")` escapes `name`; a `String` variable uses the strict
  /// ``format(_:)-(String)`` overload and is formatted as is.
  ///
  /// - Parameter markup: The markup.
  /// - Returns: The plain text with its runs and links.
  /// - Throws: The first ``MarkupError`` in the markup.
  public func format(_ markup: Markup) throws(MarkupError) -> FormattedText {
    try format(markup.source)
  }

  /// Formats markup the way DAAttributedStringFormatter did, collecting problems as warnings.
  ///
  /// Recovery, by kind: an unknown code prints its letter; a code with an unexpected argument
  /// ignores the argument; an out-of-range weight is clamped to the nearest valid one; an
  /// unterminated link ends at the end of the text; a nested `%L` and an unopened `%l` are
  /// ignored; a dangling `%` is dropped; every other faulty code is ignored.
  ///
  /// - Parameter markup: The markup.
  /// - Returns: The text and the problems met, in order.
  public func formatLeniently(_ markup: String) -> LenientResult {
    var scanner = MarkupScanner(formatter: self, isLenient: true)
    do {
      let text = try scanner.scan(markup)
      return LenientResult(text: text, warnings: scanner.warnings)
    } catch {
      // The lenient scanner records problems instead of throwing; this keeps the type total.
      return LenientResult(
        text: FormattedText(plain: markup, attributes: defaultAttributes),
        warnings: scanner.warnings + [error])
    }
  }

  /// The output of ``MarkupFormatter/formatLeniently(_:)``.
  public struct LenientResult: Hashable, Sendable {
    /// The formatted text.
    public var text: FormattedText
    /// The problems met, in the order of their positions; empty for clean markup.
    public var warnings: [MarkupError]
  }
}
