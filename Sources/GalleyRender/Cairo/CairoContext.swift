internal import CCairo

/// Owns one `cairo_t`.
///
/// The corresponding C functions are `cairo_create` and `cairo_destroy`.
final class CairoContext {
  let handle: OpaquePointer  // cairo_t *

  init(_ surface: CairoSurface) {
    // cairo never returns NULL: a failed context carries an error status.
    handle = cairo_create(surface.handle)
  }

  deinit { cairo_destroy(handle) }

  func check() throws(RenderError) {
    let status = cairo_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(.drawingFailed, String(cString: cairo_status_to_string(status)))
    }
  }
}
