import GalleyStyle

/// The face a family, weight and italic request resolved to, and how it got there.
public struct ResolvedFace: Hashable, Sendable, Codable {
  /// The face to draw with.
  public var face: FaceDescriptor
  /// The family that was asked for, as written.
  public var requestedFamily: String
  /// The CSS weight that was asked for: a ladder step is already converted, through the
  /// family's FontSets ladder when it has one.
  public var requestedWeight: Int
  /// Whether italic was asked for.
  public var isItalicRequested: Bool
  /// How the family was found.
  public var matchedBy: MatchKind
  /// Italic was asked for but the family has no italic or oblique face: the renderer slants
  /// the upright face.
  public var synthesizedItalic: Bool
  /// The chosen face is 200 or more lighter than asked: the renderer emboldens it.
  public var synthesizedBold: Bool
  /// The coordinates to set on a variable face's axes for the weight and italic asked
  /// (``FaceStyling``); empty for none.
  public var variations = FontVariations()

  /// How a requested family name was turned into an installed family.
  public enum MatchKind: String, Hashable, Sendable, Codable {
    /// The family is installed under that name (ignoring case, spaces, hyphens and underscores).
    case installed
    /// A FontSets alias named an installed family (`Helvetica` → `Liberation Sans`).
    case alias
    /// A CSS generic family (`sans-serif`, `serif`, `monospace`…) resolved by fontconfig.
    case generic
    /// The family is unknown; fontconfig's best substitute was used.
    case substitute
    /// A FontSets file's family for the text's language drew the requested family
    /// (`"languages"`: `Brand` in Japanese → `Noto Sans CJK JP`).
    case language
  }

  /// Whether the family was unknown and fontconfig's substitute was used instead.
  public var isSubstituted: Bool { matchedBy == .substitute }

  /// Whether the chosen face is italic or oblique (designed, not synthesized).
  public var isSlanted: Bool { face.slant != .upright }
}
