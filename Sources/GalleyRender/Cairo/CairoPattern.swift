internal import CCairo

/// Owns one `cairo_pattern_t`: a gradient to fill with, or an image surface to mask with.
///
/// The corresponding C functions are `cairo_pattern_create_linear`,
/// `cairo_pattern_create_radial`, `cairo_pattern_create_for_surface` and
/// `cairo_pattern_destroy`.
final class CairoPattern {
  /// The pattern; destroyed by `deinit`.
  let handle: OpaquePointer  // cairo_pattern_t *

  /// Takes over a pattern cairo made.
  private init(adopting handle: OpaquePointer) { self.handle = handle }

  deinit { cairo_pattern_destroy(handle) }

  /// A gradient laid over a box: its points are unit coordinates of `bounds`.
  ///
  /// Beyond its ends the gradient keeps its end colors (`CAIRO_EXTEND_PAD`).
  ///
  /// - Parameters:
  ///   - gradient: The gradient, with its points in unit coordinates.
  ///   - bounds: The box the unit square stands for, in user units (layout points).
  convenience init(gradient: RenderOptions.Gradient, over bounds: Bounds) {
    // cairo never returns NULL: a failed pattern carries an error status, which the
    // context's status reports once the pattern is used.
    switch gradient.kind {
    case .linear:
      self.init(
        adopting: cairo_pattern_create_linear(
          gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y))
    case .radial:
      let dx = gradient.end.x - gradient.start.x
      let dy = gradient.end.y - gradient.start.y
      self.init(
        adopting: cairo_pattern_create_radial(
          gradient.start.x, gradient.start.y, 0, gradient.start.x, gradient.start.y,
          (dx * dx + dy * dy).squareRoot()))
    }
    for stop in gradient.stops {
      let color = stop.color
      cairo_pattern_add_color_stop_rgba(
        handle, stop.offset, Double(color.red) / 255, Double(color.green) / 255,
        Double(color.blue) / 255, Double(color.alpha) / 255)
    }
    cairo_pattern_set_extend(handle, CAIRO_EXTEND_PAD)
    // The pattern's matrix maps user space (points) to pattern space (unit coordinates).
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, 1 / max(bounds.width, 1e-3), 1 / max(bounds.height, 1e-3))
    cairo_matrix_translate(&matrix, -bounds.minX, -bounds.minY)
    cairo_pattern_set_matrix(handle, &matrix)
  }

  /// An image surface as a pattern.
  ///
  /// - Parameter surface: The surface; the pattern holds its own reference to it.
  convenience init(surface: CairoSurface) {
    self.init(adopting: cairo_pattern_create_for_surface(surface.handle))
  }
}
