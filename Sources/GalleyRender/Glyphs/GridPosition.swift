import GalleyLayout

/// Where a glyph origin lands on the pixel grid: a whole pixel and a quarter-pixel phase on
/// each axis.
///
/// Glyph masks and outline strokes are rasterized once per phase, so a glyph is drawn within
/// an eighth of a pixel of its layout position, and its fill and its stroke always agree.
struct GridPosition: Equatable {
  /// Phases per pixel on each axis.
  static let phases = 4

  /// The pixel the origin falls in.
  var x: Int
  var y: Int
  /// Quarters of a pixel past `x` and `y`, 0 to 3.
  var phaseX: Int
  var phaseY: Int

  /// The grid position nearest a point in device pixels.
  @inline(__always)
  init(deviceX: Double, deviceY: Double) {
    let quarterX = Self.quarters(deviceX)
    let quarterY = Self.quarters(deviceY)
    // An arithmetic shift floors negative positions too.
    x = quarterX >> 2
    y = quarterY >> 2
    phaseX = quarterX & 3
    phaseY = quarterY & 3
  }

  /// Where a glyph's origin lands.
  ///
  /// A transformed glyph's origin goes where its map puts it; its mask or stroke carries the
  /// rest. Masks and strokes both take it from here, so a glyph's fill sits in the middle of
  /// its stroke.
  ///
  /// - Parameters:
  ///   - glyph: The glyph, at its layout position (points).
  ///   - matrix: Its map, or `nil`.
  ///   - scale: Device pixels per point.
  ///   - originX: The layout origin's place in the image, in points.
  ///   - originY: The same, vertically.
  @inline(__always)
  init(
    of glyph: SceneGlyph, under matrix: Layout.AffineTransform?, scale: Double, originX: Double,
    originY: Double
  ) {
    let origin =
      matrix.map { $0.apply(x: glyph.x, y: glyph.y) } ?? Layout.Point(x: glyph.x, y: glyph.y)
    self.init(deviceX: (origin.x + originX) * scale, deviceY: (origin.y + originY) * scale)
  }

  /// The nearest whole number of quarter pixels.
  ///
  /// Positions are bounded by the layout's sanity checks (10⁷ points at most, times the
  /// device scale), far inside `Int`'s range.
  @inline(__always)
  private static func quarters(_ position: Double) -> Int {
    let scaled = position * Double(phases) + 0.5
    // Truncation, then one step down for negative fractions: a floor without a libm call.
    let truncated = Int(saturating: scaled)
    return Double(truncated) > scaled ? truncated - 1 : truncated
  }

  /// The phase's offset from the whole pixel, in pixels.
  static func offset(ofPhase phase: Int) -> Double { Double(phase) / Double(phases) }
}
