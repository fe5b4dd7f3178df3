import GalleyStyle

/// What a layout draws besides glyphs, and what a tap may hit: link regions, decorations
/// and backgrounds.
extension Layout {
  /// A link and the rectangles that a tap on it may hit.
  public struct LinkRegion: Hashable, Sendable, Codable {
    /// The link's index in the formatted text.
    public var index: Int
    /// Where the link starts (UTF-16).
    public var location: Int
    /// The link's length (UTF-16).
    public var length: Int
    /// The link target, or `nil` (`null` in JSON).
    public var target: String?
    /// One rectangle per line fragment: from the first cluster's left edge to the last visible
    /// cluster's right edge (spaces hanging past a line's end are not included), line top to
    /// line bottom.
    public var rects: [Rect]
    /// The link's glyph boxes after their glyphs' transforms, one per glyph box (or per run of
    /// neighbouring boxes under one map), when its glyphs have transforms; empty otherwise.
    ///
    /// ``rects`` are then these quadrilaterals' bounding boxes, one each, and a tap hits the
    /// link inside a quadrilateral (<doc:LayoutRules#Glyph-typesetters>). JSON: `"quads"`,
    /// absent when empty.
    public var quads: [Quad] = []
    /// Whether the link is in the truncation token (`"token": true` in JSON, absent
    /// otherwise); its ``location`` and ``length`` are then those of ``Layout/truncation``.
    ///
    /// The token's links come after the text's, so ``index`` counts on from them.
    public var isToken: Bool

    /// Creates a link region.
    ///
    /// - Parameters:
    ///   - index: The link's index.
    ///   - location: Where the link starts (UTF-16).
    ///   - length: Its length (UTF-16).
    ///   - target: Its target, or `nil`.
    ///   - rects: One rectangle per line fragment.
    ///   - isToken: Whether the link is in the truncation token.
    public init(
      index: Int, location: Int, length: Int, target: String?, rects: [Rect],
      isToken: Bool = false
    ) {
      self.index = index
      self.location = location
      self.length = length
      self.target = target
      self.rects = rects
      self.isToken = isToken
    }

    private enum CodingKeys: String, CodingKey {
      case index, location, length, target, rects, quads
      case isToken = "token"
    }

    /// Decodes a link region; without `token`, it is the text's.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        index: try container.decode(Int.self, forKey: .index),
        location: try container.decode(Int.self, forKey: .location),
        length: try container.decode(Int.self, forKey: .length),
        target: try container.decodeIfPresent(String.self, forKey: .target),
        rects: try container.decode([Rect].self, forKey: .rects),
        isToken: try container.decodeIfPresent(Bool.self, forKey: .isToken) ?? false)
      quads = try container.decodeIfPresent([Layout.Quad].self, forKey: .quads) ?? []
    }

    /// Encodes the link, writing `null` for a missing target as `galley format` does, and
    /// `token` only for a link of the truncation token.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(index, forKey: .index)
      try container.encode(location, forKey: .location)
      try container.encode(length, forKey: .length)
      try container.encode(target, forKey: .target)
      try container.encode(rects, forKey: .rects)
      if !quads.isEmpty { try container.encode(quads, forKey: .quads) }
      if isToken { try container.encode(true, forKey: .isToken) }
    }
  }

  /// An underline or strikethrough stroke.
  public struct Decoration: Hashable, Sendable, Codable {
    /// What the stroke is.
    public var kind: Kind
    /// The stroke's rectangle: the bounding box of ``quad`` when it has one.
    public var rect: Rect
    /// The stroke's piece under one transformed glyph, after the glyph's transform, or `nil`
    /// when the glyphs under it are not transformed (JSON `"quad"`, absent when `nil`).
    public var quad: Quad?
    /// The color (`#RRGGBBAA` in JSON).
    public var color: TextColor

    /// Creates a stroke.
    ///
    /// - Parameters:
    ///   - kind: What the stroke is.
    ///   - rect: Its rectangle.
    ///   - color: Its color.
    public init(kind: Kind, rect: Rect, color: TextColor) {
      self.kind = kind
      self.rect = rect
      self.color = color
    }

    /// A kind of decoration.
    public enum Kind: String, Hashable, Sendable, Codable {
      /// A single underline.
      case underline
      /// One of the two strokes of a double underline.
      case doubleUnderline
      /// A strikethrough.
      case strikethrough
    }
  }

  /// A background color box behind part of a line.
  public struct Background: Hashable, Sendable, Codable {
    /// The box: the bounding box of ``quad`` when it has one.
    public var rect: Rect
    /// The box's piece behind one transformed glyph, after the glyph's transform, or `nil`
    /// when the glyphs on it are not transformed (JSON `"quad"`, absent when `nil`).
    public var quad: Quad?
    /// The color (`#RRGGBBAA` in JSON).
    public var color: TextColor

    /// Creates a background box.
    ///
    /// - Parameters:
    ///   - rect: The box.
    ///   - color: Its color.
    public init(rect: Rect, color: TextColor) {
      self.rect = rect
      self.color = color
    }
  }
}
