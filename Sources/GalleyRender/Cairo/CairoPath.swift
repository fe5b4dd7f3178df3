internal import CCairo

/// Owns one `cairo_path_t`: a path copied out of a context, to append to another.
///
/// The corresponding C functions are `cairo_copy_path`, `cairo_append_path` and
/// `cairo_path_destroy`.
final class CairoPath {
  /// The path; destroyed by `deinit`.
  let handle: UnsafeMutablePointer<cairo_path_t>

  /// Adopts a path cairo copied.
  init(adopting handle: UnsafeMutablePointer<cairo_path_t>) { self.handle = handle }

  deinit { cairo_path_destroy(handle) }
}
