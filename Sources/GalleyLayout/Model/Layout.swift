import GalleyStyle

/// Laid-out text: lines of positioned glyphs, link rectangles, decorations and backgrounds.
///
/// Geometry is in points with the origin at the top left of the layout box and y growing
/// down; a font size of N is N pixels at scale 1. Positions are fractional (multiples of
/// 1/64) and never rounded to whole pixels. Text offsets (`location`, `length`, `cluster`) are
/// UTF-16 code units of the formatted text.
public struct Layout: Hashable, Sendable, Codable {
  /// The version of the JSON form.
  public var schemaVersion = 1
  /// The layout box: the width asked for (or the widest line when unlimited) and the height
  /// of all lines.
  public var size: Size
  /// The lines, top to bottom.
  public var lines: [Line]
  /// One entry per link of the text, with one rectangle per line fragment.
  public var links: [LinkRegion]
  /// Underlines and strikethroughs.
  public var decorations: [Decoration]
  /// Background color boxes behind runs.
  public var backgrounds: [Background]
  /// The source text the truncation token stands for, or `nil` when all of it is shown.
  public var truncation: Truncation?
  /// The factor autoshrink multiplied every size and spacing by: 1 when the text was laid out
  /// at its own size (see ``LayoutOptions/minimumScaleFactor``).
  public var scale: Double = 1
  /// The union of the glyphs' ink boxes after their transforms, and of the decorations, when
  /// a glyph typesetter or a glyph scale placed the glyphs (JSON `"inkBounds"`, absent
  /// otherwise); see <doc:LayoutRules#Glyph-typesetters>.
  ///
  /// The ink boxes are the fonts' glyph extents; `nil` too when nothing is inked.
  public var inkBounds: Rect?
  /// What the layout could not do as asked (axes a face lacks, languages without a
  /// hyphenation dictionary), each once, in the order met; empty when there is nothing to say.
  public var warnings: [Warning] = []

  /// Creates a layout.
  ///
  /// - Parameters:
  ///   - schemaVersion: The version of the JSON form.
  ///   - size: The layout box.
  ///   - lines: The lines, top to bottom.
  ///   - links: One region per link.
  ///   - decorations: Underlines and strikethroughs.
  ///   - backgrounds: Background boxes.
  ///   - truncation: The source range the truncation token stands for, or `nil`.
  ///   - scale: The autoshrink factor.
  ///   - inkBounds: The transformed glyphs' ink, or `nil`.
  ///   - warnings: What the layout could not do as asked.
  public init(
    schemaVersion: Int = 1, size: Size, lines: [Line], links: [LinkRegion],
    decorations: [Decoration], backgrounds: [Background], truncation: Truncation? = nil,
    scale: Double = 1, inkBounds: Rect? = nil, warnings: [Warning] = []
  ) {
    self.inkBounds = inkBounds
    self.warnings = warnings
    self.schemaVersion = schemaVersion
    self.size = size
    self.lines = lines
    self.links = links
    self.decorations = decorations
    self.backgrounds = backgrounds
    self.truncation = truncation
    self.scale = scale
  }

  /// The part of the text a layout does not show, which its truncation token (if any) stands
  /// for, in UTF-16 code units of the text.
  ///
  /// Tail truncation hides everything from ``location`` to the end; head and middle truncation
  /// hide a range inside the last visible line's paragraph; clipping hides the lines after the
  /// last that fits.
  public struct Truncation: Hashable, Sendable, Codable {
    /// Where the hidden text starts: the offset a tap on the token reports.
    public var location: Int
    /// How many code units are hidden.
    public var length: Int

    /// Creates a truncation record.
    ///
    /// - Parameters:
    ///   - location: Where the hidden text starts (UTF-16).
    ///   - length: Its length (UTF-16).
    public init(location: Int, length: Int) {
      self.location = location
      self.length = length
    }
  }

  /// A width and a height in points.
  public struct Size: Hashable, Sendable, Codable {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    ///
    /// - Parameters:
    ///   - width: The width in points.
    ///   - height: The height in points.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// A rectangle in points.
  public struct Rect: Hashable, Sendable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a rectangle.
    ///
    /// - Parameters:
    ///   - x: The left edge.
    ///   - y: The top edge.
    ///   - width: The width.
    ///   - height: The height.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// Whether the rectangle holds a point (left and top edges inclusive).
    ///
    /// - Parameters:
    ///   - px: The point's x.
    ///   - py: The point's y.
    /// - Returns: `true` inside.
    public func contains(x px: Double, y py: Double) -> Bool {
      px >= x && px < x + width && py >= y && py < y + height
    }

    /// The distance from a point to the rectangle, 0 inside.
    ///
    /// - Parameters:
    ///   - px: The point's x.
    ///   - py: The point's y.
    /// - Returns: The Euclidean distance in points.
    public func distance(x px: Double, y py: Double) -> Double {
      let dx = max(x - px, 0, px - (x + width))
      let dy = max(y - py, 0, py - (y + height))
      return (dx * dx + dy * dy).squareRoot()
    }
  }

  /// Why a line ended.
  public enum BreakReason: String, Hashable, Sendable, Codable {
    /// A mandatory break: `\n`, `\r`, `\r\n`, VT, FF, NEL, U+2028 or U+2029.
    case explicit
    /// The next word did not fit.
    case wrap
    /// A word wider than the line was broken between grapheme clusters.
    case emergency
    /// The end of the text.
    case end
    /// The last line of a truncated layout: the text after it (or inside it, for head and
    /// middle truncation) is hidden; see ``Layout/truncation``.
    case truncated
  }

  /// The resolved direction of a paragraph.
  public enum Direction: String, Hashable, Sendable, Codable {
    /// Left to right.
    case leftToRight = "ltr"
    /// Right to left.
    case rightToLeft = "rtl"
  }

  /// One line of text.
  public struct Line: Hashable, Sendable, Codable {
    /// Where the line starts in the text (UTF-16).
    public var location: Int
    /// How many UTF-16 code units the line holds, trailing spaces and the break included.
    public var length: Int
    /// How many UTF-16 code units of the line's text it shows: ``length`` without the trailing
    /// line break (trailing spaces, which hang past ``width``, stay).
    public var visibleLength: Int
    /// Where grapheme clusters start inside glyph clusters that draw several of them.
    ///
    /// UTF-16 offsets, increasing; usually empty. A ligature such as "fi" is one glyph cluster
    /// for two characters: hit-testing and carets split its box evenly at these offsets.
    public var ligatureCarets: [Int]
    /// The left edge of the line's visible content, after alignment (in either direction).
    public var x: Double
    /// The top of the line box.
    public var y: Double
    /// The width of the line's content, trailing spaces excluded.
    public var width: Double
    /// The height of the line box.
    public var height: Double
    /// The baseline, from the top of the layout box.
    public var baseline: Double
    /// Why the line ended.
    public var breakReason: BreakReason
    /// Whether the line ends with a hyphen that is not in the text (`"hyphenated": true` in
    /// JSON, absent otherwise): a word broken at a soft hyphen or by hyphenation.
    ///
    /// The hyphen is drawn by the line's inserted run (``GlyphRun/isInserted``) and counts in
    /// ``width``; ``location`` and ``length`` cover only the text.
    public var isHyphenated: Bool
    /// The glyph runs, left to right (in visual order, whatever their direction).
    public var runs: [GlyphRun]
    /// The resolved direction of the line's paragraph (`"ltr"` or `"rtl"` in JSON): the side
    /// the line starts on, and where ``LayoutOptions/Alignment/natural`` puts it.
    public var direction: Direction

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - location: Where the line starts in the text (UTF-16).
    ///   - length: Its length, trailing spaces and the break included.
    ///   - visibleLength: Its length without the trailing break; `nil` for `length`.
    ///   - ligatureCarets: Grapheme starts inside ligature clusters.
    ///   - x: Its left edge after alignment.
    ///   - y: The top of its box.
    ///   - width: The width of its content.
    ///   - height: The height of its box.
    ///   - baseline: Its baseline from the top of the layout box.
    ///   - breakReason: Why it ended.
    ///   - runs: Its glyph runs, left to right.
    ///   - direction: Its paragraph's direction.
    ///   - isHyphenated: Whether it ends with an inserted hyphen.
    public init(
      location: Int, length: Int, visibleLength: Int? = nil, ligatureCarets: [Int] = [],
      x: Double, y: Double, width: Double, height: Double, baseline: Double,
      breakReason: BreakReason, runs: [GlyphRun], direction: Direction = .leftToRight,
      isHyphenated: Bool = false
    ) {
      self.direction = direction
      self.isHyphenated = isHyphenated
      self.location = location
      self.length = length
      self.visibleLength = visibleLength ?? length
      self.ligatureCarets = ligatureCarets
      self.x = x
      self.y = y
      self.width = width
      self.height = height
      self.baseline = baseline
      self.breakReason = breakReason
      self.runs = runs
    }
  }

  /// Glyphs of one font and style, positioned on their line.
  public struct GlyphRun: Hashable, Sendable, Codable {
    /// The font the glyphs come from.
    public var font: FontReference
    /// The text color of the run (`#RRGGBBAA` in JSON).
    public var color: TextColor
    /// The index of the link the run's text belongs to, or `nil`.
    public var link: Int?
    /// Where the run's text starts (UTF-16): the part of the line this run shows.
    public var location: Int
    /// The length of the run's text (UTF-16), a trailing line break included.
    public var length: Int
    /// The glyphs, left to right.
    public var glyphs: [PositionedGlyph]
    /// Whether the run draws the truncation token (`"token": true` in JSON, absent otherwise).
    ///
    /// A token run's ``location`` and ``length`` are those of ``Layout/truncation``, the text
    /// it stands for, and so are its glyphs' clusters.
    public var isToken: Bool
    /// Whether the run draws a hyphen that is not in the text, at the end of a hyphenated line
    /// (`"inserted": true` in JSON, absent otherwise).
    ///
    /// Its ``location`` is the offset of the break, its ``length`` 0, and so are its glyphs'
    /// clusters: a tap on it hits the break, and the text a run stands for excludes it.
    public var isInserted: Bool
    /// The bidi embedding level of the run's text (UAX #9).
    ///
    /// Even runs read left to right, odd ones right to left (their glyphs' clusters then
    /// decrease from left to right). 0 for text without right-to-left characters in a
    /// left-to-right paragraph.
    public var level: Int
    /// The glyphs' transforms, one per glyph in the order of ``glyphs``, or empty when every
    /// glyph is where the line put it (see ``GlyphTransform`` and ``transform(at:)``).
    ///
    /// JSON: each glyph's object holds its `"transform"` unless it is the identity.
    public var transforms: [GlyphTransform]

    /// Whether the run reads right to left (its ``level`` is odd).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - font: The font.
    ///   - color: The text color.
    ///   - link: The link index, or `nil`.
    ///   - location: Where the run's text starts (UTF-16).
    ///   - length: Its length (UTF-16).
    ///   - glyphs: The glyphs, left to right.
    ///   - isToken: Whether the run draws the truncation token.
    ///   - level: Its bidi embedding level.
    ///   - isInserted: Whether the run draws a hyphen that is not in the text.
    ///   - transforms: One transform per glyph, or empty for none.
    public init(
      font: FontReference, color: TextColor, link: Int? = nil, location: Int = 0,
      length: Int = 0, glyphs: [PositionedGlyph], isToken: Bool = false, level: Int = 0,
      isInserted: Bool = false, transforms: [GlyphTransform] = []
    ) {
      self.transforms = transforms
      self.level = level
      self.isInserted = isInserted
      self.isToken = isToken
      self.font = font
      self.color = color
      self.link = link
      self.location = location
      self.length = length
      self.glyphs = glyphs
    }
  }

  /// The face and size that draw a run, and what the renderer must synthesize.
  public struct FontReference: Hashable, Sendable, Codable {
    /// The font file.
    public var file: String
    /// The face index in the file.
    public var index: Int
    /// The family name.
    public var family: String
    /// The style name.
    public var style: String
    /// The size in points.
    public var size: Double
    /// Whether the renderer must slant the glyphs.
    public var synthesizedItalic: Bool
    /// Whether the renderer must embolden the glyphs.
    public var synthesizedBold: Bool
    /// How much wider than their font draws them the glyphs are drawn (1 for as wide).
    ///
    /// A glyph scale's width over its height (``LayoutOptions/glyphScale``); the advances in
    /// the layout are already that much wider. JSON: `"horizontalScale"`, absent when 1.
    public var horizontalScale: Double = 1
    /// The features, coordinates and instance, boxed: `nil` for a static face shaped with
    /// its defaults, so such a run's font copies as cheaply as before they existed.
    private var typography: RunTypography?

    /// The OpenType features the run was shaped with beyond the font's defaults.
    ///
    /// They are the layout's, its span's, and the optional ligatures letter spacing turns
    /// off, sorted by tag; empty for none. JSON: `"features": "-liga,smcp"` in HarfBuzz's
    /// canonical form, absent when empty.
    public var features: FontFeatures {
      get { typography?.features ?? FontFeatures() }
      set { typography = RunTypography.make(newValue, variations, instance) }
    }
    /// The design coordinates of a variable face, one per axis, sorted by tag.
    ///
    /// They are its named instance's or defaults, with the layout's and the span's variations
    /// set over them; empty for a face that is not variable. JSON:
    /// `"variations": {"slnt": 0, "wght": 550}`, absent when empty.
    public var variations: FontVariations {
      get { typography?.variations ?? FontVariations() }
      set { typography = RunTypography.make(features, newValue, instance) }
    }
    /// The named instance at ``variations``, such as `SemiBold`, or `nil`.
    ///
    /// JSON: `"instance"`, absent when `nil`.
    public var instance: String? {
      get { typography?.instance }
      set { typography = RunTypography.make(features, variations, newValue) }
    }

    /// A font reference from its parts.
    ///
    /// - Parameters:
    ///   - file: The font file.
    ///   - index: The face index in the file.
    ///   - family: The family name.
    ///   - style: The style name.
    ///   - size: The size in points.
    ///   - synthesizedItalic: Whether the renderer must slant the glyphs.
    ///   - synthesizedBold: Whether the renderer must embolden the glyphs.
    ///   - features: The OpenType features beyond the font's defaults.
    ///   - variations: A variable face's design coordinates.
    ///   - instance: The named instance at `variations`, or `nil`.
    public init(
      file: String, index: Int, family: String, style: String, size: Double,
      synthesizedItalic: Bool, synthesizedBold: Bool, features: FontFeatures = FontFeatures(),
      variations: FontVariations = FontVariations(), instance: String? = nil
    ) {
      self.init(
        file: file, index: index, family: family, style: style, size: size,
        synthesizedItalic: synthesizedItalic, synthesizedBold: synthesizedBold,
        typography: RunTypography.make(features, variations, instance))
    }

    /// A font reference whose features, coordinates and instance are in a box that other
    /// runs share.
    @inline(__always)
    init(
      file: String, index: Int, family: String, style: String, size: Double,
      synthesizedItalic: Bool, synthesizedBold: Bool, typography: RunTypography?
    ) {
      self.file = file
      self.index = index
      self.family = family
      self.style = style
      self.size = size
      self.synthesizedItalic = synthesizedItalic
      self.synthesizedBold = synthesizedBold
      self.typography = typography
    }

    /// ``features`` in HarfBuzz's canonical form, made once per box; empty for none.
    var featuresText: String { typography?.featuresText ?? "" }
  }

  /// One glyph: its id in the font, pen position and advance.
  public struct PositionedGlyph: Hashable, Sendable, Codable {
    /// The glyph id in the font.
    public var id: UInt32
    /// The pen x, from the left of the layout box.
    public var x: Double
    /// The baseline y, from the top of the layout box (baseline shift included).
    public var y: Double
    /// The advance width.
    public var advance: Double
    /// The UTF-16 offset of the glyph's cluster in the text.
    public var cluster: Int
  }
}

/// A run's features, coordinates and named instance, shared by the copies of its font
/// reference; immutable, compared and hashed by value.
final class RunTypography: Hashable, Sendable {
  let features: FontFeatures
  let variations: FontVariations
  let instance: String?
  /// The features in HarfBuzz's canonical form, as the layout document writes them; empty
  /// for none.
  let featuresText: String

  private init(
    _ features: FontFeatures, _ variations: FontVariations, _ instance: String?,
    featuresText: String?
  ) {
    self.features = features
    self.variations = variations
    self.instance = instance
    self.featuresText = featuresText ?? (features.isEmpty ? "" : features.description)
  }

  /// A box of the three, or `nil` when all are empty.
  ///
  /// - Parameters:
  ///   - features: The features.
  ///   - variations: The coordinates.
  ///   - instance: The named instance.
  ///   - featuresText: ``featuresText`` when the caller has it already.
  /// - Returns: The box.
  static func make(
    _ features: FontFeatures, _ variations: FontVariations, _ instance: String?,
    featuresText: String? = nil
  ) -> RunTypography? {
    features.isEmpty && variations.isEmpty && instance == nil
      ? nil : RunTypography(features, variations, instance, featuresText: featuresText)
  }

  static func == (left: RunTypography, right: RunTypography) -> Bool {
    left === right
      || (left.features == right.features && left.variations == right.variations
        && left.instance == right.instance)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(features)
    hasher.combine(variations)
    hasher.combine(instance)
  }
}
