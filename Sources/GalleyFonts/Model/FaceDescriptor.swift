internal import CFontconfig

/// One installed face as fontconfig describes it, copied into Swift.
public struct FaceDescriptor: Hashable, Sendable, Codable {
  /// The font file's path.
  public var file: String
  /// The face's index in the file (collections hold several; variable-font named instances
  /// are encoded by fontconfig as `(instance << 16) + face`).
  public var index: Int
  /// The family names, the first being fontconfig's preferred one.
  public var families: [String]
  /// The style name, such as `Bold Italic`.
  public var style: String
  /// The PostScript name, such as `Lato-BoldItalic`; empty when the font has none.
  public var postscriptName: String
  /// The CSS/OpenType weight, 100...1000.
  public var weight: Int
  /// The slant: upright, italic or oblique.
  public var slant: Slant
  /// The width in percent of normal (100); condensed faces are below.
  public var width: Int
  /// Whether the face has color glyphs (emoji).
  public var isColor: Bool

  /// How a face leans.
  public enum Slant: String, Hashable, Sendable, Codable, Comparable {
    /// No slant.
    case upright
    /// A designed italic.
    case italic
    /// A slanted upright design.
    case oblique

    /// Orders upright, italic, oblique, for stable listings.
    ///
    /// - Parameters:
    ///   - lhs: A slant.
    ///   - rhs: Another slant.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: Slant, rhs: Slant) -> Bool { lhs.order < rhs.order }

    private var order: Int {
      switch self {
      case .upright: 0
      case .italic: 1
      case .oblique: 2
      }
    }
  }

  /// The family name used in results: the first one.
  public var family: String { families.first ?? "" }

  /// Creates a descriptor from its parts, for tests and FontSets definitions.
  ///
  /// - Parameters:
  ///   - file: The font file's path.
  ///   - index: The face index.
  ///   - families: The family names.
  ///   - style: The style name.
  ///   - postscriptName: The PostScript name.
  ///   - weight: The CSS weight.
  ///   - slant: The slant.
  ///   - width: The width in percent.
  ///   - isColor: Whether the face has color glyphs.
  public init(
    file: String, index: Int = 0, families: [String], style: String, postscriptName: String = "",
    weight: Int, slant: Slant = .upright, width: Int = 100, isColor: Bool = false
  ) {
    self.file = file
    self.index = index
    self.families = families
    self.style = style
    self.postscriptName = postscriptName
    self.weight = weight
    self.slant = slant
    self.width = width
    self.isColor = isColor
  }

  static let fontconfigObjects = [
    FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, FC_POSTSCRIPT_NAME, FC_WEIGHT, FC_SLANT, FC_WIDTH,
    FC_COLOR, FC_FONTFORMAT, FC_VARIABLE,
  ]

  /// The font formats HarfBuzz reads, as FreeType names them (fontconfig's `FC_FONTFORMAT`).
  ///
  /// They are OpenType with TrueType or CFF outlines (`.ttf`, `.otf`, `.ttc`, `.otc`, `.dfont`).
  /// Type 1, Type 42, CID, BDF, PCF, PFR and Windows FNT faces are not shapeable.
  static let shapeableFormats: Set<String> = ["TrueType", "CFF"]

  /// File extensions that FreeType reads as TrueType or CFF but HarfBuzz does not: WOFF
  /// wrappers, and bare CFF outlines outside an OpenType file.
  private static let unshapeableExtensions: Set<String> = ["woff", "woff2", "cff"]

  /// Whether HarfBuzz can shape a face fontconfig lists with this format and file.
  static func isShapeable(format: String?, file: String) -> Bool {
    // A pattern without a format comes from a fontconfig too old to say; keep it.
    if let format, !shapeableFormats.contains(format) { return false }
    guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return true }
    return !unshapeableExtensions.contains(file[file.index(after: dot)...].lowercased())
  }

  /// Copies a fontconfig pattern; `nil` when it has no file or family, when HarfBuzz cannot
  /// shape its format (see ``shapeableFormats``), or when it stands for a whole variable font.
  ///
  /// fontconfig lists a variable font three ways: its default instance (index 0), each named
  /// instance (index `(n << 16) + face`) and the font as a whole, with weight and width ranges
  /// (`FC_VARIABLE`). Galley draws instances only, so the whole-font pattern is left out: its
  /// range's middle would pose as a weight the default instance does not have.
  init?(pattern: Pattern) {
    guard let file = pattern.string(FC_FILE),
      Self.isShapeable(format: pattern.string(FC_FONTFORMAT), file: file),
      pattern.bool(FC_VARIABLE) != true
    else { return nil }
    let families = pattern.strings(FC_FAMILY)
    guard !families.isEmpty else { return nil }
    self.file = file
    self.index = pattern.integer(FC_INDEX) ?? 0
    self.families = families
    self.style = pattern.string(FC_STYLE) ?? "Regular"
    self.postscriptName = pattern.string(FC_POSTSCRIPT_NAME) ?? ""
    let fontconfigWeight = pattern.number(FC_WEIGHT) ?? Double(FC_WEIGHT_REGULAR)
    // Clamped to the CSS range, so a face's weight can always be asked for again.
    self.weight = min(1000, max(100, Int(FcWeightToOpenTypeDouble(fontconfigWeight).rounded())))
    switch pattern.integer(FC_SLANT) ?? Int(FC_SLANT_ROMAN) {
    case Int(FC_SLANT_ITALIC): self.slant = .italic
    case Int(FC_SLANT_OBLIQUE): self.slant = .oblique
    default: self.slant = .upright
    }
    self.width = Int((pattern.number(FC_WIDTH) ?? 100).rounded())
    self.isColor = pattern.bool(FC_COLOR) ?? false
  }
}
