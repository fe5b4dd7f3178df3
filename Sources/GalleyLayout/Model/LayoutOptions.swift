/// How text is laid out: the box, alignment and spacing.
public struct LayoutOptions: Hashable, Sendable {
  /// The box width in points, or `nil` for one unlimited line per paragraph.
  ///
  /// Lines wrap at this width less the left and right ``insets``.
  public var width: Double?
  /// The box height in points, or `nil` for the height of the lines and the insets.
  ///
  /// Text with lines that do not fit (between the top and bottom ``insets``) is truncated
  /// after the last line that does, as ``truncationMode`` says; the first line is always
  /// shown, and overflows a box too short for it at the side ``verticalAlignment`` points
  /// away from.
  public var height: Double?
  /// Space kept free inside the box's edges.
  public var insets: Insets
  /// Where the lines sit in a box taller than they are.
  public var verticalAlignment: VerticalAlignment
  /// Where lines may break: between words (the default) or between any characters.
  public var wrap: WrapMode
  /// How far a paragraph's first line starts after the others, in points, as Pango's indent.
  ///
  /// Positive: the first line of each paragraph starts this far in (and is that much
  /// narrower). Negative: a hanging indent, where the other lines start this far in.
  public var indent: Double
  /// How lines are chosen among the break opportunities: greedy (the default), balance,
  /// pretty or optimal (<doc:LayoutRules#Wrap-styles>).
  public var wrapStyle = WrapStyle.greedy
  /// Whether a paragraph's last line may hold a single word (FXLabel's `allowOrphans`).
  ///
  /// When `false`, a one-word last line of a paragraph of two lines or more takes the last
  /// word of the line before, when both words fit the width; breaks elsewhere do not change.
  public var allowsOrphans: Bool
  /// Extra space after every grapheme cluster, as a fraction of its run's point size
  /// (FXLabel's `characterSpacing`), added to the runs' own character spacing (`%K`); it
  /// scales with the size.
  public var characterSpacing: Double
  /// Extra space after particular characters, as a fraction of the point size (FXLabel's
  /// `kerningTable`), such as `["a": 0.5, "!": -0.25]`; added to the character spacing.
  public var kerningTable: [Character: Double]
  /// How far the drawn glyphs and their decorations move up, as a fraction of each run's point
  /// size (FXLabel's `baselineOffset`; negative moves them down).
  ///
  /// Unlike a run's baseline shift (`%R`), it changes no line box, metric, wrapping, link
  /// rectangle or background: only where glyphs and strokes are drawn.
  public var baselineOffset: Double
  /// Extra space between lines as a fraction of the point size (FXLabel 1.5's `lineSpacing`),
  /// added after each line, times the largest size on that line; ``lineSpacing`` is in points.
  public var relativeLineSpacing: Double
  /// Tab stops in points from each line's start (after its indent), increasing; after the
  /// last, and without any, a stop falls every eight space advances of the tab's font, as
  /// Pango's default.
  public var tabStops: [Double]
  /// The most lines shown, or 0 for no limit (UILabel's `numberOfLines`); see
  /// <doc:LayoutRules#Truncation>.
  public var maximumLines: Int
  /// What happens to the last visible line when the text has more lines than
  /// ``maximumLines`` or does not fit ``height``: tail truncation by default; see
  /// <doc:LayoutRules#Truncation>.
  public var truncationMode: TruncationMode
  /// The markup drawn in place of truncated text: an ellipsis by default; see
  /// <doc:LayoutRules#Truncation>.
  public var truncationToken: TruncationToken
  /// The smallest factor autoshrink may scale the text by, in (0, 1]; 1 (the default) turns
  /// autoshrink off.
  ///
  /// The layout uses the largest scale in [minimum, 1], to within 0.01, at which the text
  /// fits the box whole, and records it in ``Layout/scale``; what fits, what scales and what
  /// it costs are in <doc:LayoutRules#Autoshrink>.
  public var minimumScaleFactor: Double
  /// The smallest point size autoshrink may give the text's smallest run (FXLabel's
  /// `minimumFontSize`), or 0 for none; it raises ``minimumScaleFactor`` when it is the
  /// larger limit, and alone (the factor left at 1) turns autoshrink on with no other limit
  /// (see <doc:LayoutRules#Autoshrink>).
  public var minimumSize: Double
  /// Where lines sit horizontally in the layout box.
  public var alignment: Alignment
  /// Extra points between lines (FXLabel's `lineSpacing` before 1.5); may be negative.
  ///
  /// ``relativeLineSpacing`` gives the same as a fraction of the size.
  public var lineSpacing: Double
  /// A factor applied to each line's natural height (1 keeps it).
  public var lineHeightMultiple: Double
  /// Whether lines also get their fonts' own line gap, as DAAttributedLabel's default leading.
  public var usesFontLeading: Bool
  /// Extra points after each paragraph (after a line that ends with a mandatory break).
  public var paragraphSpacing: Double
  /// A BCP 47 language for shaping, line breaking, hyphenation and fallback, or `nil`.
  public var language: String?
  /// Where words may be hyphenated: at soft hyphens only (``Hyphens/manual``, the default),
  /// nowhere, or also where the language's dictionary allows (<doc:LayoutRules#Hyphenation>).
  public var hyphens = Hyphens.manual
  /// How long a word must be, and how much of it each side of a hyphen keeps, for
  /// ``Hyphens/auto``.
  public var hyphenationLimits = HyphenationLimits.standard
  /// Whether a word split between grapheme clusters because it fits no line draws a hyphen
  /// where it is split (`false`, the default: emergency breaks draw none, unlike Pango's).
  public var hyphenatesEmergencyBreaks = false
  /// OpenType features for every run, set over each font's defaults (empty: the defaults);
  /// a span's own (`%{…}O`) go over them.
  ///
  /// Items for the same tag override earlier ones, as in ``FontFeatures``. The layout rules
  /// (<doc:LayoutRules>) say how they combine with spans and letter spacing.
  public var features = FontFeatures()
  /// Variable-font axis coordinates for every run, set over what each run's weight and italic
  /// choose (empty: those alone); a span's own (`%{…}V`) go over them.
  ///
  /// The layout rules (<doc:LayoutRules>) say how a face applies them.
  public var variations = FontVariations()
  /// Whether a variable face's optical size axis (`opsz`) follows each run's size in points
  /// where no variation sets it, as CSS `font-optical-sizing: auto` does (the default).
  public var opticalSizing = true
  /// The width every run's face is resolved at, in percent of normal, 1 to 1,000 (CSS
  /// `font-stretch`; 100, the default, is normal, 75 condensed).
  ///
  /// A family's condensed or expanded faces, or a variable face's `wdth` axis, give it, as
  /// `FontSet.resolve(family:weight:italic:strict:width:)` finds them; fallback faces keep
  /// their normal width.
  public var fontWidth = 100
  /// The paragraphs' base direction: ``Direction/auto`` (the default) finds each one's from
  /// its text.
  public var direction: Direction

  /// The largest width and the largest spacing values accepted, in points.
  public static let maximumDimension: Double = 1_000_000

  /// Creates options; every parameter has a default.
  ///
  /// - Parameters:
  ///   - width: The box width in points, or `nil` for unlimited.
  ///   - alignment: Horizontal alignment.
  ///   - lineSpacing: Extra points between lines.
  ///   - lineHeightMultiple: A factor on each line's natural height.
  ///   - usesFontLeading: Whether to add the fonts' line gap.
  ///   - paragraphSpacing: Extra points after paragraphs.
  ///   - language: A BCP 47 language tag.
  ///   - height: The box height in points, or `nil` to fit the lines.
  ///   - insets: Space kept free inside the box's edges.
  ///   - verticalAlignment: Where the lines sit in a taller box.
  ///   - wrap: Where lines may break.
  ///   - indent: The first line's indent in points (negative for a hanging indent).
  ///   - allowsOrphans: Whether a paragraph's last line may hold a single word.
  ///   - characterSpacing: Extra space after each cluster, a fraction of the size.
  ///   - kerningTable: Extra space after particular characters, a fraction of the size.
  ///   - baselineOffset: How far drawn glyphs move up, a fraction of the size.
  ///   - relativeLineSpacing: Extra space between lines, a fraction of the size.
  ///   - tabStops: Tab stops in points from the line's start.
  ///   - maximumLines: The most lines shown, or 0 for no limit.
  ///   - truncationMode: What truncation does to the last visible line.
  ///   - truncationToken: The markup drawn in place of truncated text.
  ///   - minimumScaleFactor: The smallest autoshrink scale; 1 for none.
  ///   - minimumSize: The smallest size autoshrink may reach, or 0.
  ///   - direction: The paragraphs' base direction.
  public init(
    width: Double? = nil, alignment: Alignment = .natural, lineSpacing: Double = 0,
    lineHeightMultiple: Double = 1, usesFontLeading: Bool = false, paragraphSpacing: Double = 0,
    language: String? = nil, height: Double? = nil, insets: Insets = .zero,
    verticalAlignment: VerticalAlignment = .top, wrap: WrapMode = .word, indent: Double = 0,
    allowsOrphans: Bool = true, characterSpacing: Double = 0,
    kerningTable: [Character: Double] = [:], baselineOffset: Double = 0,
    relativeLineSpacing: Double = 0, tabStops: [Double] = [], maximumLines: Int = 0,
    truncationMode: TruncationMode = .tail, truncationToken: TruncationToken = .ellipsis,
    minimumScaleFactor: Double = 1, minimumSize: Double = 0, direction: Direction = .auto
  ) {
    self.direction = direction
    self.maximumLines = maximumLines
    self.truncationMode = truncationMode
    self.truncationToken = truncationToken
    self.minimumScaleFactor = minimumScaleFactor
    self.minimumSize = minimumSize
    self.tabStops = tabStops
    self.characterSpacing = characterSpacing
    self.kerningTable = kerningTable
    self.baselineOffset = baselineOffset
    self.relativeLineSpacing = relativeLineSpacing
    self.allowsOrphans = allowsOrphans
    self.wrap = wrap
    self.indent = indent
    self.width = width
    self.height = height
    self.insets = insets
    self.verticalAlignment = verticalAlignment
    self.alignment = alignment
    self.lineSpacing = lineSpacing
    self.lineHeightMultiple = lineHeightMultiple
    self.usesFontLeading = usesFontLeading
    self.paragraphSpacing = paragraphSpacing
    self.language = language
  }

  /// Horizontal alignment of lines.
  public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Lines start at the left edge.
    case left
    /// Lines end at the right edge.
    case right
    /// Lines are centered.
    case center
    /// The start side of each paragraph: left for a left-to-right paragraph, right for a
    /// right-to-left one.
    case natural
    /// Every line but each paragraph's last is stretched to the width at its spaces (between
    /// its clusters where it has none), and a paragraph's last line sits at its start side, as
    /// with ``natural``; needs a width.
    case justify
  }

  /// How much wider and taller glyphs are drawn, the lines making room for them: advances
  /// grow with the width factor, line boxes with the height factor
  /// (<doc:LayoutRules#Glyph-typesetters>); factors 0.1 to 10.
  public var glyphScale = GlyphScale.none
  /// How much wider glyphs are drawn, with room (1 for none, below 1 compresses them):
  /// multiplies ``glyphScale``'s width factor; 0.1 to 10.
  public var glyphExpansion = 1.0
  /// The stages that place each glyph after the lines are stacked, in order
  /// (<doc:LayoutRules#Glyph-typesetters>): empty (the default) leaves glyphs where the lines
  /// put them.
  public var glyphTypesetters: [AnyGlyphTypesetter] = []

  /// Describes the first invalid value, or returns `nil` when every value can be used.
  public var problem: String? {
    let limit = Self.maximumDimension
    if let width, !(width > 0 && width <= limit) {
      return "width must be above 0 and at most \(Int(limit))"
    }
    if !(abs(lineSpacing) <= limit) { return "line spacing must be within ±\(Int(limit))" }
    if !(lineHeightMultiple > 0 && lineHeightMultiple <= 100) {
      return "the line height multiple must be above 0 and at most 100"
    }
    if !(abs(paragraphSpacing) <= limit) {
      return "paragraph spacing must be within ±\(Int(limit))"
    }
    if let language, language.isEmpty || language.utf8.count > 64 {
      return "the language tag must have 1 to 64 characters"
    }
    if !(1...1000).contains(fontWidth) { return "the font width must be 1 to 1000 percent" }
    return boxProblem ?? indentProblem ?? spacingProblem ?? tabStopsProblem ?? fittingProblem
      ?? hyphenationLimits.problem ?? glyphProblem
  }
}
