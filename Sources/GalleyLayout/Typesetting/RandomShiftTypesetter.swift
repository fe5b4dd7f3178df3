internal import GalleySupport

/// Moves and turns each glyph by its own random amounts, drawn uniformly from [−x, x],
/// [−y, y] and [−degrees, degrees] (DHSGlyphText's `DHSGlyphTypesetterRandomShift`;
/// `galley --glyph-jitter X,Y,DEG --seed N`).
///
/// The amounts are a function of the seed and the glyph's ``TypesetGlyph/index`` alone
/// (SplitMix64), so one input gives one image on every run, thread and machine.
public struct RandomShiftTypesetter: GlyphTypesetter, BuiltInGlyphTypesetter {
  /// The largest horizontal offset, in points.
  public var x: Double
  /// The largest vertical offset, in points.
  public var y: Double
  /// The largest rotation, in degrees.
  public var degrees: Double
  /// The seed.
  public var seed: UInt64

  /// A typesetter with offsets up to `x` and `y` points and turns up to `degrees`.
  ///
  /// - Parameters:
  ///   - x: The largest horizontal offset (its magnitude counts).
  ///   - y: The largest vertical offset.
  ///   - degrees: The largest rotation.
  ///   - seed: The seed.
  public init(x: Double, y: Double, degrees: Double, seed: UInt64 = 0) {
    self.x = x
    self.y = y
    self.degrees = degrees
    self.seed = seed
  }

  /// The glyph's transform moved and turned by its random amounts.
  func transform(
    _ transform: Layout.GlyphTransform, index: Int, box: Layout.Rect, line: TypesetLine
  ) -> Layout.GlyphTransform {
    // Each glyph's own sequence: the seed moved by the glyph's index, 3 steps apart.
    var random = SplitMix64(
      seed: seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
    let dx = random.nextSignedUnit() * x
    let dy = random.nextSignedUnit() * y
    let turn = random.nextSignedUnit() * degrees
    return transform.rotated(by: turn, dx: dx, dy: dy)
  }
}
