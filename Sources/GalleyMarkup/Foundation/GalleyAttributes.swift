public import GalleyStyle

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The attribute keys that carry Galley's run attributes in a Foundation `AttributedString`.
///
/// Use them through the `galley` scope: `text.runs[\.galleyFamily]`, or
/// `AttributedString(formatted)` to convert a whole ``FormattedText``.
public enum GalleyAttributeKeys {
  /// The font family name.
  public enum FamilyKey: AttributedStringKey {
    /// The family name.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.family"
  }

  /// The size in points.
  public enum SizeKey: AttributedStringKey {
    /// The size in points.
    public typealias Value = Double
    /// The key's name in archives.
    public static let name = "galley.size"
  }

  /// The weight: a DA ladder step or a CSS weight (see GalleyStyle's `FontWeight`).
  public enum WeightKey: AttributedStringKey {
    /// The weight.
    public typealias Value = Int
    /// The key's name in archives.
    public static let name = "galley.weight"
  }

  /// Whether the text is italic.
  public enum ItalicKey: AttributedStringKey {
    /// `true` for italic.
    public typealias Value = Bool
    /// The key's name in archives.
    public static let name = "galley.italic"
  }

  /// The text color.
  public enum ColorKey: AttributedStringKey {
    /// The color.
    public typealias Value = TextColor
    /// The key's name in archives.
    public static let name = "galley.color"
  }

  /// The background color; absent for none.
  public enum BackgroundKey: AttributedStringKey {
    /// The color.
    public typealias Value = TextColor
    /// The key's name in archives.
    public static let name = "galley.background"
  }

  /// The underline style; absent for none.
  public enum UnderlineKey: AttributedStringKey {
    /// The style.
    public typealias Value = UnderlineStyle
    /// The key's name in archives.
    public static let name = "galley.underline"
  }

  /// Strikethrough; absent when off.
  public enum StrikethroughKey: AttributedStringKey {
    /// `true` when struck through.
    public typealias Value = Bool
    /// The key's name in archives.
    public static let name = "galley.strikethrough"
  }

  /// Character spacing as a fraction of the size; absent when 0.
  public enum CharacterSpacingKey: AttributedStringKey {
    /// The spacing.
    public typealias Value = Double
    /// The key's name in archives.
    public static let name = "galley.characterSpacing"
  }

  /// Baseline shift in points; absent when 0.
  public enum BaselineShiftKey: AttributedStringKey {
    /// The shift.
    public typealias Value = Double
    /// The key's name in archives.
    public static let name = "galley.baselineShift"
  }

  /// OpenType features set over the layout's, in HarfBuzz's canonical form (`-liga,smcp`);
  /// absent for none.
  public enum FeaturesKey: AttributedStringKey {
    /// The features.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.features"
  }

  /// Variable-font axis coordinates set over the layout's, in HarfBuzz's form (`wght=550`);
  /// absent for none.
  public enum VariationsKey: AttributedStringKey {
    /// The coordinates.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.variations"
  }

  /// The span's BCP 47 language (`%{de}G`); absent for the layout's.
  public enum LanguageKey: AttributedStringKey {
    /// The language tag.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.language"
  }

  /// The span's hyphenation (`%{auto}H`): `none`, `manual` or `auto`; absent for the
  /// layout's.
  public enum HyphensKey: AttributedStringKey {
    /// The setting's name.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.hyphens"
  }

  /// The link index; absent outside links.
  public enum LinkIndexKey: AttributedStringKey {
    /// The index into ``FormattedText/links``.
    public typealias Value = Int
    /// The key's name in archives.
    public static let name = "galley.linkIndex"
  }

  /// The link's target string as written in `%{target}L`; absent for plain `%L` links.
  public enum LinkTargetKey: AttributedStringKey {
    /// The target.
    public typealias Value = String
    /// The key's name in archives.
    public static let name = "galley.linkTarget"
  }
}

extension AttributeScopes {
  /// Galley's run attributes as an attribute scope.
  public struct GalleyAttributes: AttributeScope {
    /// The font family name.
    public let galleyFamily: GalleyAttributeKeys.FamilyKey
    /// The size in points.
    public let galleySize: GalleyAttributeKeys.SizeKey
    /// The weight.
    public let galleyWeight: GalleyAttributeKeys.WeightKey
    /// Whether the text is italic.
    public let galleyItalic: GalleyAttributeKeys.ItalicKey
    /// The text color.
    public let galleyColor: GalleyAttributeKeys.ColorKey
    /// The background color.
    public let galleyBackground: GalleyAttributeKeys.BackgroundKey
    /// The underline style.
    public let galleyUnderline: GalleyAttributeKeys.UnderlineKey
    /// Whether the text is struck through.
    public let galleyStrikethrough: GalleyAttributeKeys.StrikethroughKey
    /// Character spacing as a fraction of the size.
    public let galleyCharacterSpacing: GalleyAttributeKeys.CharacterSpacingKey
    /// Baseline shift in points.
    public let galleyBaselineShift: GalleyAttributeKeys.BaselineShiftKey
    /// OpenType features set over the layout's.
    public let galleyFeatures: GalleyAttributeKeys.FeaturesKey
    /// Variable-font axis coordinates set over the layout's.
    public let galleyVariations: GalleyAttributeKeys.VariationsKey
    /// The span's language.
    public let galleyLanguage: GalleyAttributeKeys.LanguageKey
    /// The span's hyphenation.
    public let galleyHyphens: GalleyAttributeKeys.HyphensKey
    /// The link index.
    public let galleyLinkIndex: GalleyAttributeKeys.LinkIndexKey
    /// The link target.
    public let galleyLinkTarget: GalleyAttributeKeys.LinkTargetKey
    /// Foundation's own attributes, so `link` is available in the same scope.
    public let foundation: AttributeScopes.FoundationAttributes
  }

  /// Galley's attribute scope.
  public var galley: GalleyAttributes.Type { GalleyAttributes.self }
}

extension AttributeDynamicLookup {
  /// Gives `attributedString.galleyFamily`-style access to Galley's keys.
  ///
  /// - Parameter keyPath: A key of `AttributeScopes.GalleyAttributes`.
  public subscript<Key: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.GalleyAttributes, Key>
  ) -> Key {
    self[Key.self]
  }
}

extension AttributedString {
  /// Converts formatted text into an `AttributedString` with Galley's attributes.
  ///
  /// Every run gets its family, size, weight and color; the other keys are set only where they
  /// differ from "none" (no background, no underline, no spacing…), as Foundation's own
  /// attributes are. Links get `galleyLinkIndex`, `galleyLinkTarget`, and Foundation's `link`
  /// when the target parses as a URL.
  ///
  /// - Parameter text: The formatted text.
  public init(_ text: FormattedText) {
    var result = AttributedString(text.string)
    for run in text.runs {
      guard let range = Range(run.range, in: result) else { continue }
      let attributes = run.attributes
      var container = AttributeContainer()
      container.galleyFamily = attributes.family
      container.galleySize = attributes.size
      container.galleyWeight = attributes.weight
      container.galleyItalic = attributes.isItalic
      container.galleyColor = attributes.color
      container.galleyBackground = attributes.background
      container.galleyUnderline = attributes.underline == .none ? nil : attributes.underline
      container.galleyStrikethrough = attributes.isStruckThrough ? true : nil
      container.galleyCharacterSpacing =
        attributes.characterSpacing == 0 ? nil : attributes.characterSpacing
      container.galleyBaselineShift = attributes.baselineShift == 0 ? nil : attributes.baselineShift
      container.galleyFeatures =
        attributes.features.isEmpty ? nil : attributes.features.description
      container.galleyVariations =
        attributes.variations.isEmpty ? nil : attributes.variations.description
      container.galleyLanguage = attributes.language
      container.galleyHyphens = attributes.hyphens?.rawValue
      if let index = attributes.link {
        container.galleyLinkIndex = index
        if let target = text.links[index].target {
          container.galleyLinkTarget = target
          container.link = URL(string: target)
        }
      }
      result[range].mergeAttributes(container)
    }
    self = result
  }
}
