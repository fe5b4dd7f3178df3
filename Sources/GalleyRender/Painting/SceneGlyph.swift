import GalleyLayout

/// One glyph to draw: its id in its font and its origin in layout points.
///
/// Galley's own form of a glyph. Only the owners in `Cairo/` see cairo's glyph type: they
/// convert at draw time, into a temporary buffer (on the stack for short runs).
struct SceneGlyph: Equatable {
  /// The glyph's id in its font.
  var id: UInt32
  /// The glyph origin's x, in layout points.
  var x: Double
  /// The glyph origin's y (the baseline), in layout points.
  var y: Double
}

extension SceneGlyph {
  /// A layout glyph's id and position.
  @inline(__always)
  init(_ glyph: Layout.PositionedGlyph) {
    self.init(id: glyph.id, x: glyph.x, y: glyph.y)
  }
}
