internal import Glibc

/// Sets each line along a circular arc, as on a badge or a stamp (`galley --arc-radius PT`).
///
/// Each line bends about its own circle of radius |``radius``|, which touches the line's
/// baseline at the middle of the line's content: a glyph whose box center is `s` points from
/// there along the baseline has its box's baseline midpoint moved onto the circle, `s` points
/// along it, and is turned to the circle's tangent. With a positive radius the circle's center
/// is below the line and the text's top faces out (a smile turned over: ∩); with a negative
/// one it is above and the top faces in (∪).
public struct ArcTypesetter: GlyphTypesetter {
  /// The radius in points: positive bends the ends down, negative up.
  public var radius: Double

  /// The smallest radius `galley` and the HTTP service take, either way, in points; a smaller
  /// one (or 0) leaves glyphs where they are.
  public static let minimumRadius = 0.01

  /// A typesetter that bends lines about a circle of `radius` points.
  ///
  /// - Parameter radius: The radius, positive (top faces out) or negative (top faces in).
  public init(radius: Double) { self.radius = radius }

  /// The glyph's transform with its baseline midpoint on the arc and its rotation along it.
  ///
  /// - Parameter glyph: The glyph.
  /// - Returns: Its transform.
  public func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
    guard abs(radius) >= Self.minimumRadius, radius.isFinite else { return glyph.transform }
    let middle = glyph.lineBox.x + glyph.lineBox.width / 2
    let center = (x: glyph.box.x + glyph.box.width / 2, y: glyph.box.y + glyph.box.height / 2)
    let angle = (center.x - middle) / radius
    // The baseline midpoint's place on the circle.
    let target = (
      x: middle + radius * sin(angle), y: glyph.baseline + radius - radius * cos(angle)
    )
    var transform = glyph.transform.rotated(by: angle * 180 / .pi)
    // Where the transform, without offsets, takes the box's baseline midpoint.
    let matrix = Layout.GlyphTransform(
      rotation: transform.rotation, scaleX: transform.scaleX, scaleY: transform.scaleY
    ).matrix(centerX: center.x, centerY: center.y)
    let moved = matrix.apply(x: center.x, y: glyph.baseline)
    transform.dx += target.x - moved.x
    transform.dy += target.y - moved.y
    return transform
  }
}
