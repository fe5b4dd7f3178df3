import GalleyStyle

/// The complete set of attributes of one run of formatted text.
///
/// Every run carries every attribute, so a run can be drawn without looking at its
/// neighbours. Two adjacent runs of a ``FormattedText`` always differ in at least one of them.
public struct TextAttributes: Hashable, Sendable {
  /// The font family name, resolved to a face later (by FontSet); `sans-serif` by default.
  public var family: String
  /// The font size in points.
  ///
  /// A size of N is N pixels at scale 1.
  public var size: Double
  /// The weight: a DA ladder step from -3 to 3 (0 regular, 1 bold) or a CSS weight 100–1000.
  ///
  /// See GalleyStyle's `FontWeight` for the valid values.
  public var weight: Int
  /// Whether the run is italic.
  public var isItalic: Bool
  /// The text (foreground) color.
  public var color: TextColor
  /// The background color drawn behind the run, or `nil` for none.
  public var background: TextColor?
  /// The underline style.
  public var underline: UnderlineStyle
  /// Whether a line is drawn through the run.
  public var isStruckThrough: Bool
  /// Extra space after each character, as a fraction of the point size.
  ///
  /// This is FXLabel's `characterSpacing`: 0.1 at 20 points adds 2 points. Negative values
  /// tighten the text.
  public var characterSpacing: Double
  /// How far the baseline is raised, in points; negative values lower it.
  public var baselineShift: Double
  /// OpenType features set over the layout's (`%{smcp,tnum}O`); empty for none.
  ///
  /// A tag set here wins over the same tag in the layout's features; the others keep theirs.
  public var features: FontFeatures {
    get { typography?.features ?? FontFeatures() }
    set { typography = Typography.make(typography, features: newValue) }
  }
  /// Variable-font axis coordinates set over the layout's (`%{wght=550}V`); empty for none.
  ///
  /// A tag set here wins over the same tag in the layout's variations and over what the
  /// weight and italic choose.
  public var variations: FontVariations {
    get { typography?.variations ?? FontVariations() }
    set { typography = Typography.make(typography, variations: newValue) }
  }
  /// The span's BCP 47 language (`%{de-CH}G`), or `nil` for the layout's.
  ///
  /// It drives shaping, line breaking, fallback and hyphenation for the span's text.
  public var language: String? {
    get { typography?.language }
    set { typography = Typography.make(typography, language: .some(newValue)) }
  }
  /// Where the span's words may be hyphenated (`%{auto}H`), or `nil` for the layout's.
  public var hyphens: Hyphens? {
    get { typography?.hyphens }
    set { typography = Typography.make(typography, hyphens: .some(newValue)) }
  }
  /// Whether the span sets its own language or hyphenation: one look at the box, for the
  /// layout stages that skip per-span work when no span does.
  package var setsLanguageOrHyphens: Bool {
    typography.map { $0.language != nil || $0.hyphens != nil } ?? false
  }
  /// Whether the span sets any of its features, coordinates, language or hyphenation: one
  /// look at the box.
  package var setsTypography: Bool { typography != nil }
  /// The features, coordinates, language and hyphenation, boxed: `nil` when there are none,
  /// so attributes without them copy with no more reference counting than before they existed.
  private var typography: Typography?
  /// The index of the link the run belongs to, or `nil`.
  ///
  /// See ``FormattedText/links``.
  public var link: Int?

  /// Creates a set of attributes; every parameter has the formatter's standard default.
  ///
  /// - Parameters:
  ///   - family: The font family name.
  ///   - size: The size in points.
  ///   - weight: A DA ladder step or CSS weight.
  ///   - isItalic: Whether the text is italic.
  ///   - color: The text color.
  ///   - background: The background color, or `nil`.
  ///   - underline: The underline style.
  ///   - isStruckThrough: Whether the text is struck through.
  ///   - characterSpacing: Extra spacing as a fraction of the size.
  ///   - baselineShift: The baseline rise in points.
  ///   - features: OpenType features set over the layout's.
  ///   - variations: Axis coordinates set over the layout's.
  ///   - link: The link index, or `nil`.
  ///   - language: The span's language, or `nil` for the layout's.
  ///   - hyphens: The span's hyphenation, or `nil` for the layout's.
  public init(
    family: String = "sans-serif", size: Double = 17, weight: Int = 0, isItalic: Bool = false,
    color: TextColor = .black, background: TextColor? = nil, underline: UnderlineStyle = .none,
    isStruckThrough: Bool = false, characterSpacing: Double = 0, baselineShift: Double = 0,
    features: FontFeatures = FontFeatures(), variations: FontVariations = FontVariations(),
    link: Int? = nil, language: String? = nil, hyphens: Hyphens? = nil
  ) {
    self.family = family
    self.size = size
    self.weight = weight
    self.isItalic = isItalic
    self.color = color
    self.background = background
    self.underline = underline
    self.isStruckThrough = isStruckThrough
    self.characterSpacing = characterSpacing
    self.baselineShift = baselineShift
    typography = Typography.make(
      nil, features: features, variations: variations, language: .some(language),
      hyphens: .some(hyphens))
    self.link = link
  }
}

/// ``TextAttributes``' features, coordinates, language and hyphenation, shared by the copies of
/// one set of attributes.
///
/// Immutable: a change makes a new box. Equal boxes compare and hash by value.
final class Typography: Hashable, Sendable {
  let features: FontFeatures
  let variations: FontVariations
  let language: String?
  let hyphens: Hyphens?

  private init(
    features: FontFeatures, variations: FontVariations, language: String?, hyphens: Hyphens?
  ) {
    self.features = features
    self.variations = variations
    self.language = language
    self.hyphens = hyphens
  }

  /// A box of `base`'s values with the given ones changed, or `nil` when all are empty.
  static func make(
    _ base: Typography?, features: FontFeatures? = nil, variations: FontVariations? = nil,
    language: String?? = nil, hyphens: Hyphens?? = nil
  ) -> Typography? {
    let features = features ?? base?.features ?? FontFeatures()
    let variations = variations ?? base?.variations ?? FontVariations()
    let language = language ?? base?.language
    let hyphens = hyphens ?? base?.hyphens
    if features.isEmpty && variations.isEmpty && language == nil && hyphens == nil { return nil }
    return Typography(
      features: features, variations: variations, language: language, hyphens: hyphens)
  }

  static func == (left: Typography, right: Typography) -> Bool {
    left === right
      || (left.features == right.features && left.variations == right.variations
        && left.language == right.language && left.hyphens == right.hyphens)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(features)
    hasher.combine(variations)
    hasher.combine(language)
    hasher.combine(hyphens)
  }
}
