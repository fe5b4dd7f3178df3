import GalleyLayout

/// A decoration's or background's piece that follows a transformed glyph, as the unit square
/// under a map: the key its mask and its stroke are cached under.
///
/// The map's linear part is the piece's top and left edges in device pixels, rounded as a
/// glyph's map is (``LinearMapKey``, here to 1/64 of a pixel at a corner); its top-left corner
/// is placed to a quarter pixel (``GridPosition``).
struct Parallelogram {
  /// The rounded linear part.
  let key: LinearMapKey
  /// Where its top-left corner lands on the pixel grid.
  let position: GridPosition

  /// The size the edges are rounded as if a glyph's em were: a step of 1/64 of a pixel
  /// (``LinearMapKey``).
  private static let pixelsPerEm = 4.0

  /// The square from (0, 0) to (1, 1).
  static let unitSquare = Layout.Quad(Layout.Rect(x: 0, y: 0, width: 1, height: 1))

  /// A quadrilateral in layout points drawn under a map to device pixels, or `nil` when it is
  /// not a parallelogram or too large to round.
  init?(_ quad: Layout.Quad, map: Layout.AffineTransform) {
    let corner = map.apply(x: quad.topLeft.x, y: quad.topLeft.y)
    let right = map.apply(x: quad.topRight.x, y: quad.topRight.y)
    let bottom = map.apply(x: quad.bottomLeft.x, y: quad.bottomLeft.y)
    let far = map.apply(x: quad.bottomRight.x, y: quad.bottomRight.y)
    guard abs(right.x + bottom.x - corner.x - far.x) < 1e-6,
      abs(right.y + bottom.y - corner.y - far.y) < 1e-6,
      let key = LinearMapKey(
        Layout.AffineTransform(
          a: right.x - corner.x, b: right.y - corner.y, c: bottom.x - corner.x,
          d: bottom.y - corner.y, tx: 0, ty: 0), pixelsPerEm: Self.pixelsPerEm)
    else { return nil }
    self.key = key
    position = GridPosition(deviceX: corner.x, deviceY: corner.y)
  }

  /// The unit square's map in device pixels about the corner's whole pixel, the phase
  /// included.
  var deviceMap: Layout.AffineTransform {
    key.map(
      tx: GridPosition.offset(ofPhase: position.phaseX),
      ty: GridPosition.offset(ofPhase: position.phaseY))
  }
}
