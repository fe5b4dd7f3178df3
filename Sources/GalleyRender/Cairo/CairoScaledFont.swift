internal import CCairo
import Synchronization

/// A cairo scaled font: one face at one size, for one device scale, with its glyph cache.
///
/// cairo guards its scaled fonts (and the FreeType faces under them) with its own locks, so
/// one can be shared between threads. The corresponding C functions are
/// `cairo_scaled_font_create` and `cairo_scaled_font_destroy`.
final class CairoScaledFont: @unchecked Sendable {
  let handle: OpaquePointer  // cairo_scaled_font_t *
  /// Whether the face draws its glyphs in color (emoji): such glyphs keep their colors under
  /// a gradient and have no outline to stroke.
  let isColor: Bool

  /// Whether the glyphs are drawn leant (synthesized italic).
  let isSlanted: Bool

  /// Device pixels per point.
  let deviceScale: Double

  /// The em in device pixels.
  let pixelsPerEm: Double

  /// A number no other scaled font of the process has: glyph caches key on it, as a font's
  /// address may be reused once it is freed.
  let serial: Int

  private static let serials = Atomic<Int>(0)

  init(
    adopting handle: OpaquePointer, isColor: Bool, isSlanted: Bool, size: Double,
    deviceScale: Double
  ) {
    self.handle = handle
    self.isColor = isColor
    self.isSlanted = isSlanted
    self.deviceScale = deviceScale
    pixelsPerEm = size * deviceScale
    serial = Self.serials.add(1, ordering: .relaxed).newValue
  }

  deinit { cairo_scaled_font_destroy(handle) }
}
