/// Turns every glyph by the same angle about the center of its box (DHSGlyphText's
/// `DHSGlyphTypesetterRotation`; `galley --glyph-rotation DEG`).
public struct RotationTypesetter: GlyphTypesetter {
  /// The angle in degrees, positive clockwise.
  public var degrees: Double

  /// A typesetter that turns every glyph by `degrees`, positive clockwise.
  ///
  /// - Parameter degrees: The angle.
  public init(degrees: Double) { self.degrees = degrees }

  /// The glyph's transform turned by ``degrees``.
  ///
  /// - Parameter glyph: The glyph.
  /// - Returns: Its transform.
  public func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
    glyph.transform.rotated(by: degrees)
  }
}
