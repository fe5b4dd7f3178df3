extension LayoutOptions {
  /// How much wider and taller than their font draws them glyphs are drawn, with the room the
  /// lines make for them (DHSGlyphText's glyph scaling); see
  /// <doc:LayoutRules#Glyph-typesetters>.
  public struct GlyphScale: Hashable, Sendable {
    /// The width factor (1 for none).
    public var width: Double
    /// The height factor (1 for none).
    public var height: Double

    /// No scaling.
    public static let none = GlyphScale(width: 1, height: 1)

    /// The smallest factor.
    public static let minimum = 0.1
    /// The largest factor.
    public static let maximum = 10.0

    /// A scale from its factors.
    ///
    /// - Parameters:
    ///   - width: The width factor.
    ///   - height: The height factor.
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }
  }

  /// Puts a built-in typesetter in ``glyphTypesetters`` in place of one of its type, keeping
  /// the order `galley` and the HTTP service use: the arc, then the rotation, then the random
  /// shift, then any other.
  ///
  /// - Parameter typesetter: An ``ArcTypesetter``, ``RotationTypesetter`` or
  ///   ``RandomShiftTypesetter`` (another type goes last).
  public mutating func setTypesetter(_ typesetter: some GlyphTypesetter) {
    let wrapped = AnyGlyphTypesetter(typesetter)
    let rank = Self.rank(of: wrapped)
    glyphTypesetters.removeAll { type(of: $0.base) == type(of: typesetter) }
    let index = glyphTypesetters.firstIndex { Self.rank(of: $0) > rank } ?? glyphTypesetters.count
    glyphTypesetters.insert(wrapped, at: index)
  }

  /// Where a typesetter goes in the order of ``setTypesetter(_:)``.
  private static func rank(of typesetter: AnyGlyphTypesetter) -> Int {
    switch typesetter.base {
    case is ArcTypesetter: 0
    case is RotationTypesetter: 1
    case is RandomShiftTypesetter: 2
    default: 3
    }
  }

  /// Why the glyph placement options cannot be used, or `nil`.
  var glyphProblem: String? {
    let range = GlyphScale.minimum...GlyphScale.maximum
    if !range.contains(glyphScale.width) || !range.contains(glyphScale.height) {
      return "the glyph scale factors must be 0.1 to 10"
    }
    if !range.contains(glyphExpansion) { return "the glyph expansion must be 0.1 to 10" }
    return nil
  }

  /// Whether glyphs are placed after line stacking: a glyph scale, an expansion or a
  /// typesetter is set.
  var placesGlyphs: Bool {
    glyphScale != .none || glyphExpansion != 1 || !glyphTypesetters.isEmpty
  }
}
