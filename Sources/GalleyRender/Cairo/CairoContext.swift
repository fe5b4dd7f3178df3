internal import CCairo
import GalleyLayout
import GalleyStyle

/// Owns one `cairo_t`, and is the one place that draws with cairo: the matrix, the source,
/// paths, fills, strokes, masks and glyphs (in `CairoContext+Glyphs.swift`).
///
/// Not `Sendable`: a context draws on one surface from one thread. The corresponding C
/// functions are `cairo_create` and `cairo_destroy`; each method names the ones it calls.
final class CairoContext {
  let handle: OpaquePointer  // cairo_t *

  /// A context drawing on `surface`, with the identity matrix.
  init(_ surface: CairoSurface) {
    // cairo never returns NULL: a failed context carries an error status.
    handle = cairo_create(surface.handle)
  }

  deinit { cairo_destroy(handle) }

  /// Throws when any drawing so far failed.
  ///
  /// - Throws: ``RenderError/Kind/drawingFailed`` with cairo's message (`cairo_status`).
  func check() throws(RenderError) {
    let status = cairo_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(.drawingFailed, String(cString: cairo_status_to_string(status)))
    }
  }

  // MARK: State and matrix

  /// Runs `body`, then puts back the matrix, source and line settings it changed
  /// (`cairo_save`, `cairo_restore`).
  ///
  /// - Parameter body: The drawing.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withSavedState<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    cairo_save(handle)
    defer { cairo_restore(handle) }
    return try body()
  }

  /// Runs `body` with user space moved by an affine map (`cairo_transform`), then puts the
  /// matrix back; paths added meanwhile keep the map (cairo stores them in device space).
  func withTransform(_ map: Layout.AffineTransform, _ body: () -> Void) {
    cairo_save(handle)
    defer { cairo_restore(handle) }
    var matrix = cairo_matrix_t(xx: map.a, yx: map.b, xy: map.c, yy: map.d, x0: map.tx, y0: map.ty)
    cairo_transform(handle, &matrix)
    body()
  }

  /// Adds a closed quadrilateral to the path.
  func addQuad(_ quad: Layout.Quad) {
    cairo_move_to(handle, quad.topLeft.x, quad.topLeft.y)
    cairo_line_to(handle, quad.topRight.x, quad.topRight.y)
    cairo_line_to(handle, quad.bottomRight.x, quad.bottomRight.y)
    cairo_line_to(handle, quad.bottomLeft.x, quad.bottomLeft.y)
    cairo_close_path(handle)
  }

  /// Sets the matrix back to the identity: user units are device units
  /// (`cairo_identity_matrix`).
  func resetMatrix() { cairo_identity_matrix(handle) }

  /// Moves user space by an affine map, for good (`cairo_transform`).
  func transform(by map: Layout.AffineTransform) {
    var matrix = cairo_matrix_t(xx: map.a, yx: map.b, xy: map.c, yy: map.d, x0: map.tx, y0: map.ty)
    cairo_transform(handle, &matrix)
  }

  /// Scales user space by the same factor on both axes (`cairo_scale`).
  func scale(by factor: Double) { cairo_scale(handle, factor, factor) }

  /// Moves user space's origin, in user units (`cairo_translate`).
  func translate(x: Double, y: Double) { cairo_translate(handle, x, y) }

  // MARK: Sources

  /// Draws in a color from now on (`cairo_set_source_rgba`).
  func setSource(_ color: TextColor) {
    cairo_set_source_rgba(
      handle, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
      Double(color.alpha) / 255)
  }

  /// Draws in a color given by channels from 0 to 1 (`cairo_set_source_rgba`).
  func setSource(red: Double, green: Double, blue: Double, alpha: Double) {
    cairo_set_source_rgba(handle, red, green, blue, alpha)
  }

  /// Draws with a pattern, such as a gradient (`cairo_set_source`).
  func setSource(_ pattern: CairoPattern) { cairo_set_source(handle, pattern.handle) }

  /// Draws with an image surface placed at a point in user space
  /// (`cairo_set_source_surface`).
  func setSource(_ surface: CairoSurface, x: Double, y: Double) {
    cairo_set_source_surface(handle, surface.handle, x, y)
  }

  // MARK: Painting

  /// Paints the source everywhere (`cairo_paint`).
  func paint() { cairo_paint(handle) }

  /// Paints the source through an A8 surface's alpha, placed at a point in user space
  /// (`cairo_mask_surface`).
  func mask(_ surface: CairoSurface, x: Double, y: Double) {
    cairo_mask_surface(handle, surface.handle, x, y)
  }

  /// Paints the source through an A8 surface whose pixels are device pixels, whatever the
  /// matrix (`cairo_mask` with a surface pattern whose matrix is the context's).
  func maskInDeviceSpace(_ surface: CairoSurface) {
    let pattern = CairoPattern(surface: surface)
    var userToDevice = cairo_matrix_t()
    cairo_get_matrix(handle, &userToDevice)
    cairo_pattern_set_matrix(pattern.handle, &userToDevice)
    cairo_mask(handle, pattern.handle)
  }

  /// Replaces the whole surface with `source` scaled by `factor`, box-filtered
  /// (`CAIRO_FILTER_GOOD` and `CAIRO_OPERATOR_SOURCE`): how oversampled drawing is scaled
  /// down.
  func paintResampled(_ source: CairoSurface, factor: Double) {
    cairo_scale(handle, factor, factor)
    cairo_set_source_surface(handle, source.handle, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(handle), CAIRO_FILTER_GOOD)
    cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
    cairo_paint(handle)
  }

  // MARK: Paths, fills and strokes

  /// Starts an empty path (`cairo_new_path`).
  func newPath() { cairo_new_path(handle) }

  /// Adds a rectangle to the path (`cairo_rectangle`).
  func addRectangle(_ rect: Layout.Rect) {
    cairo_rectangle(handle, rect.x, rect.y, rect.width, rect.height)
  }

  /// Starts a new stretch of the path at a point (`cairo_move_to`).
  func move(toX x: Double, y: Double) { cairo_move_to(handle, x, y) }

  /// Adds a straight line to a point (`cairo_line_to`).
  func addLine(toX x: Double, y: Double) { cairo_line_to(handle, x, y) }

  /// Adds a cubic Bézier curve through two control points to a point (`cairo_curve_to`).
  func addCurve(to end: Layout.Point, control1: Layout.Point, control2: Layout.Point) {
    cairo_curve_to(handle, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
  }

  /// Fills the path with the source and clears it (`cairo_fill`).
  func fill() { cairo_fill(handle) }

  /// Fills the path with the source and keeps it (`cairo_fill_preserve`).
  func fillKeepingPath() { cairo_fill_preserve(handle) }

  /// Strokes the path with the source and clears it (`cairo_stroke`).
  func stroke() { cairo_stroke(handle) }

  /// Sets the width of strokes, in user units (`cairo_set_line_width`).
  func setLineWidth(_ width: Double) { cairo_set_line_width(handle, width) }

  /// Sets strokes up for an outline: twice its width (the fill drawn over the stroke hides the
  /// inner half), its corners, and ``RenderOptions/Outline/miterLimit``
  /// (`cairo_set_line_width`, `cairo_set_line_join`, `cairo_set_miter_limit`).
  func setOutlineStroke(_ outline: RenderOptions.Outline) {
    cairo_set_line_width(handle, 2 * outline.width)
    let join: cairo_line_join_t =
      switch outline.join {
      case .round: CAIRO_LINE_JOIN_ROUND
      case .miter: CAIRO_LINE_JOIN_MITER
      case .bevel: CAIRO_LINE_JOIN_BEVEL
      }
    cairo_set_line_join(handle, join)
    cairo_set_miter_limit(handle, RenderOptions.Outline.miterLimit)
  }

  /// The box the path would fill, in user units (`cairo_fill_extents`).
  func fillExtents() -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
    var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
    cairo_fill_extents(handle, &x1, &y1, &x2, &y2)
    return (x1, y1, x2, y2)
  }

  /// A copy of the path, in user units (`cairo_copy_path`), or `nil` when cairo cannot copy.
  func copyPath() -> CairoPath? {
    cairo_copy_path(handle).map(CairoPath.init(adopting:))
  }

  /// Adds a copied path to the path (`cairo_append_path`).
  func append(_ path: CairoPath) { cairo_append_path(handle, path.handle) }

  // MARK: Documents

  /// Adds a PDF link annotation: a `Link` tag with its attributes, opened and closed at once
  /// (`cairo_tag_begin`, `cairo_tag_end`).
  ///
  /// - Parameter attributes: cairo's attribute string, such as `uri='…' rect=[…]`.
  func addLinkTag(attributes: String) {
    cairo_tag_begin(handle, CAIRO_TAG_LINK, attributes)
    cairo_tag_end(handle, CAIRO_TAG_LINK)
  }
}
