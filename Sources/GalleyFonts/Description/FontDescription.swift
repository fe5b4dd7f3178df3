import GalleyStyle

/// A font described in one string: families, style, size, axis coordinates and OpenType
/// features, as Pango reads font descriptions or as fontconfig reads patterns.
///
/// <doc:FontDescriptions> states the grammar: `"Inter Semi-Bold 13 @wght=550,opsz=20 #tnum"`,
/// `"DejaVu Sans, Noto Sans Bold 12"`, `"DejaVu Sans:weight=200:slant=100"`.
public struct FontDescription: Hashable, Sendable, CustomStringConvertible {
  /// The family names, in order of preference; empty for the default family.
  public var families: [String]
  /// The CSS weight, 1 to 1000, or `nil` for the default.
  public var weight: Int?
  /// The slant, or `nil` for the default (upright).
  public var slant: FaceDescriptor.Slant?
  /// The width in percent of normal, or `nil` for the default (100).
  public var width: Double?
  /// The capitals variant, or `nil` for none.
  public var variant: Variant?
  /// The size in points, or `nil` for the default.
  public var size: Double?
  /// Axis coordinates for a variable face.
  public var variations: FontVariations
  /// OpenType features besides the variant's.
  public var features: FontFeatures

  /// A capitals variant, as Pango names them; each turns on OpenType features.
  public enum Variant: String, Hashable, Sendable, CaseIterable {
    case smallCaps = "Small-Caps"
    case allSmallCaps = "All-Small-Caps"
    case petiteCaps = "Petite-Caps"
    case allPetiteCaps = "All-Petite-Caps"
    case unicase = "Unicase"
    case titleCaps = "Title-Caps"

    /// The features the variant turns on.
    public var features: FontFeatures {
      let tags: [String]
      switch self {
      case .smallCaps: tags = ["smcp"]
      case .allSmallCaps: tags = ["smcp", "c2sc"]
      case .petiteCaps: tags = ["pcap"]
      case .allPetiteCaps: tags = ["pcap", "c2pc"]
      case .unicase: tags = ["unic"]
      case .titleCaps: tags = ["titl"]
      }
      return FontFeatures(tags.compactMap { FontFeatures.Feature(tag: $0) })
    }
  }

  /// A description from its parts.
  public init(
    families: [String] = [], weight: Int? = nil, slant: FaceDescriptor.Slant? = nil,
    width: Double? = nil, variant: Variant? = nil, size: Double? = nil,
    variations: FontVariations = FontVariations(), features: FontFeatures = FontFeatures()
  ) {
    self.families = families
    self.weight = weight
    self.slant = slant
    self.width = width
    self.variant = variant
    self.size = size
    self.variations = variations
    self.features = features
  }

  /// Reads a Pango font description, or a fontconfig pattern when the string has a `:`.
  ///
  /// - Parameter text: The description.
  /// - Throws: ``FontDescriptionError`` naming the word that does not read.
  public init(parsing text: String) throws(FontDescriptionError) {
    do {
      self = try Self.read(text)
    } catch {
      // A suggestion fixes the word at fault; another word may be wrong too, and then the
      // suggestion would not read: it is dropped rather than offered.
      guard let suggestion = error.suggestion, (try? Self.read(suggestion)) == nil else {
        throw error
      }
      throw FontDescriptionError(
        word: error.word, offset: error.offset, reason: error.reason, suggestion: nil)
    }
  }

  /// Reads Pango's form, or a fontconfig pattern when the text has a `:`.
  private static func read(_ text: String) throws(FontDescriptionError) -> FontDescription {
    text.contains(":")
      ? try FontconfigDescription.parse(text) : try PangoDescriptionParser.parse(text)
  }

  /// The width to resolve, in whole percent from 1 to 1000 (100 when the description sets
  /// none).
  public var resolvedWidth: Int { min(1000, max(1, Int((width ?? 100).rounded()))) }

  /// The features the description turns on: its variant's, then its own.
  public var allFeatures: FontFeatures {
    (variant?.features ?? FontFeatures()).merging(features)
  }

  /// The description in Pango's form, which reads back the same.
  ///
  /// Families, then weight, style, width and variant words (a part set to its default value
  /// is written too: `Regular`, `Roman`, `stretch=100`), the size, `@` coordinates and `#`
  /// features; `Normal` when it names neither a family nor a style. A family whose last
  /// word would read as a style word or a size (`Foo Bold`) ends with a comma, as in Pango's
  /// own writer.
  public var description: String {
    var words = styleWords
    if families.isEmpty && words.isEmpty { words.append("Normal") }
    if let size { words.append(FontVariations.format(size)) }
    if !variations.isEmpty { words.append("@" + variations.description) }
    if !features.isEmpty { words.append("#" + features.description) }
    guard !families.isEmpty else { return words.joined(separator: " ") }
    let list = families.joined(separator: ",")
    let plain = ([list] + words).joined(separator: " ")
    if (try? PangoDescriptionParser.parse(plain))?.families == families { return plain }
    return ([list + ","] + words).joined(separator: " ")
  }

  /// The weight, style, width and variant words of ``description``.
  private var styleWords: [String] {
    var words: [String] = []
    if let weight { words.append(PangoWords.weightName(weight) ?? "weight=\(weight)") }
    if let slant {
      words.append(slant == .italic ? "Italic" : slant == .oblique ? "Oblique" : "Roman")
    }
    if let width {
      words.append(PangoWords.widthName(width) ?? "stretch=\(FontVariations.format(width))")
    }
    if let variant { words.append(variant.rawValue) }
    return words
  }
}

/// A font description that does not read: what is wrong, the word, where it starts, and a
/// corrected description when one is clear.
public struct FontDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The word that does not read, as written.
  public let word: String
  /// The word's offset in the description, in UTF-8 bytes.
  public let offset: Int
  /// What is wrong, in a sentence.
  public let reason: String
  /// A description that reads, when one is clear, such as `Inter weight=550 20`.
  public let suggestion: String?

  /// The error as one line, with the suggestion.
  public var description: String {
    "font description word '\(word)' at offset \(offset): \(reason)"
      + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
  }
}
