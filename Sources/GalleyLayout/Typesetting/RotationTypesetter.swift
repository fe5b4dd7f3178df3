/// Turns every glyph by the same angle about the center of its box (DHSGlyphText's
/// `DHSGlyphTypesetterRotation`; `galley --glyph-rotation DEG`).
public struct RotationTypesetter: GlyphTypesetter, BuiltInGlyphTypesetter {
  /// The angle in degrees, positive clockwise.
  public var degrees: Double

  /// A typesetter that turns every glyph by `degrees`, positive clockwise.
  ///
  /// - Parameter degrees: The angle.
  public init(degrees: Double) { self.degrees = degrees }

  /// The glyph's transform turned by ``degrees``.
  func transform(
    _ transform: Layout.GlyphTransform, index: Int, box: Layout.Rect, line: TypesetLine
  ) -> Layout.GlyphTransform {
    transform.rotated(by: degrees)
  }
}
