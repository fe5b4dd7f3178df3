internal import CHarfBuzz

/// Owns one `hb_buffer_t`, reused for every run of one layout (cleared before each use), so
/// shaping does not allocate a buffer per run.
///
/// Not `Sendable`: a buffer is one-thread-at-a-time; each layout makes its own. The
/// corresponding C functions are `hb_buffer_create`, `hb_buffer_clear_contents` and
/// `hb_buffer_destroy`.
final class ShapingBuffer {
  let handle: OpaquePointer  // hb_buffer_t *

  init() {
    // hb_buffer_create returns the empty buffer, never NULL, when memory runs out.
    handle = hb_buffer_create().unsafelyUnwrapped
  }

  deinit { hb_buffer_destroy(handle) }
}
