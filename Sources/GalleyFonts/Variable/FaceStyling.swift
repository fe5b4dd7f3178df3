import GalleyStyle

/// How a face draws a requested weight and italic: the coordinates to set on its axes, and
/// what the renderer must synthesize.
///
/// On a face without axes, a weight 200 or more heavier than the face's is synthesized bold,
/// and italic on an upright face is a synthesized slant. On a variable face:
/// - **Weight.** With a `wght` axis, a weight other than the face's sets `wght` to it,
///   clamped to the axis (Inter at 550 is drawn at 550, between its SemiBold and Medium), and
///   bold is never synthesized.
/// - **Width.** With a `wdth` axis, a width other than the face's sets `wdth` to it, clamped.
/// - **Italic.** Asked of an upright face (no italic instance or file was found), an `ital`
///   axis is set to 1 and a `slnt` axis to its negative end (OpenType's sign: negative leans
///   right), clamped; either replaces the synthesized slant.
public struct FaceStyling: Hashable, Sendable {
  /// The coordinates to set over the face's own (its named instance's or defaults).
  public var variations: FontVariations
  /// Whether the renderer must embolden the glyphs.
  public var synthesizesBold: Bool
  /// Whether the renderer must slant the glyphs.
  public var synthesizesItalic: Bool

  /// A styling from its parts.
  public init(variations: FontVariations, synthesizesBold: Bool, synthesizesItalic: Bool) {
    self.variations = variations
    self.synthesizesBold = synthesizesBold
    self.synthesizesItalic = synthesizesItalic
  }

  /// The styling of `face`, whose axes are `axes`, for a CSS weight, italic and width.
  public init(
    face: FaceDescriptor, axes: [FontAxis], weight: Int, italic: Bool, width: Int = 100
  ) {
    variations = FontVariations()
    if width != face.width, let wdth = axes.first(where: { $0.tag == "wdth" }),
      let variation = Self.variation("wdth", wdth.clamp(Double(width)))
    {
      variations.set(variation)
    }
    synthesizesBold = weight - face.weight >= 200
    synthesizesItalic = italic && face.slant == .upright
    if let wght = axes.first(where: { $0.tag == "wght" }) {
      synthesizesBold = false
      if weight != face.weight, let variation = Self.variation("wght", wght.clamp(Double(weight))) {
        variations.set(variation)
      }
    }
    guard synthesizesItalic else { return }
    if let ital = axes.first(where: { $0.tag == "ital" }), ital.maximum > 0,
      let variation = Self.variation("ital", ital.clamp(1))
    {
      variations.set(variation)
      synthesizesItalic = false
    }
    if let slnt = axes.first(where: { $0.tag == "slnt" }), slnt.minimum < 0,
      let variation = Self.variation("slnt", slnt.minimum)
    {
      variations.set(variation)
      synthesizesItalic = false
    }
  }

  private static func variation(_ tag: String, _ value: Double) -> FontVariations.Variation? {
    FontVariations.Variation(tag: tag, value: value)
  }
}
