/// Moves and turns each glyph by its own random amounts, drawn uniformly from [−x, x],
/// [−y, y] and [−degrees, degrees] (DHSGlyphText's `DHSGlyphTypesetterRandomShift`;
/// `galley --glyph-jitter X,Y,DEG --seed N`).
///
/// The amounts are a function of the seed and the glyph's ``TypesetGlyph/index`` alone
/// (SplitMix64), so one input gives one image on every run, thread and machine.
public struct RandomShiftTypesetter: GlyphTypesetter {
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
  ///
  /// - Parameter glyph: The glyph.
  /// - Returns: Its transform.
  public func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
    var state = seed &+ UInt64(truncatingIfNeeded: glyph.index) &* 0x9E37_79B9_7F4A_7C15
    let dx = Self.uniform(&state) * x
    let dy = Self.uniform(&state) * y
    let turn = Self.uniform(&state) * degrees
    return glyph.transform.rotated(by: turn, dx: dx, dy: dy)
  }

  /// The next number of a SplitMix64 sequence, as a double in [−1, 1].
  static func uniform(_ state: inout UInt64) -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    // 53 random bits give a double in [0, 1], then [−1, 1].
    return Double(z >> 11) / Double((1 as UInt64) << 53 - 1) * 2 - 1
  }
}
