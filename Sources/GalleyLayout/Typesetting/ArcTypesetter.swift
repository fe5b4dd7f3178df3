internal import Glibc

/// Sets each line along a circular arc, as on a badge or a stamp (`galley --arc-radius PT`).
///
/// Each line bends about its own circle of radius |``radius``|, which touches the line's
/// baseline at the middle of the line's content: a glyph whose box center is `s` points from
/// there along the baseline has its box's baseline midpoint moved onto the circle, `s` points
/// along it, and is turned to the circle's tangent. With a positive radius the circle's center
/// is below the line and the text's top faces out (a smile turned over: ∩); with a negative
/// one it is above and the top faces in (∪).
public struct ArcTypesetter: GlyphTypesetter, BuiltInGlyphTypesetter {
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
  func transform(
    _ transform: Layout.GlyphTransform, index: Int, box: Layout.Rect, line: TypesetLine
  ) -> Layout.GlyphTransform {
    guard abs(radius) >= Self.minimumRadius, radius.isFinite else { return transform }
    let middle = line.box.x + line.box.width / 2
    let center = (x: box.x + box.width / 2, y: box.y + box.height / 2)
    let angle = (center.x - middle) / radius
    // The baseline midpoint's place on the circle.
    let target = (
      x: middle + radius * sin(angle), y: line.baseline + radius - radius * cos(angle)
    )
    var transform = transform.rotated(by: angle * 180 / .pi)
    // Where the transform, without offsets, takes the box's baseline midpoint.
    let matrix = Layout.GlyphTransform(
      rotation: transform.rotation, scaleX: transform.scaleX, scaleY: transform.scaleY
    ).matrix(centerX: center.x, centerY: center.y)
    let moved = matrix.apply(x: center.x, y: line.baseline)
    transform.dx += target.x - moved.x
    transform.dy += target.y - moved.y
    return transform
  }
}
