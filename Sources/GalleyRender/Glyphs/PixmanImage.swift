internal import CPixman
import GalleyStyle

/// Owns one `pixman_image_t`: a cairo image surface's pixels seen by pixman, a solid color,
/// or a glyph coverage buffer.
///
/// The corresponding C functions are `pixman_image_create_bits`,
/// `pixman_image_create_solid_fill` and `pixman_image_unref`.
final class PixmanImage {
  let handle: OpaquePointer  // pixman_image_t *
  /// Whether the image is alpha only (an A8 mask).
  let isAlpha: Bool
  /// A solid color's premultiplied ARGB32 pixel, as pixman composites it; `nil` for images.
  let solidPixel: UInt32?

  private init(adopting handle: OpaquePointer, isAlpha: Bool = false, solidPixel: UInt32? = nil) {
    self.handle = handle
    self.isAlpha = isAlpha
    self.solidPixel = solidPixel
  }

  deinit { pixman_image_unref(handle) }

  /// The image's size in pixels (0 for a solid color).
  var width: Int { Int(pixman_image_get_width(handle)) }
  var height: Int { Int(pixman_image_get_height(handle)) }
  /// The first row's pixels (`nil` for a solid color), and bytes from one row to the next.
  var pixels: UnsafeMutableRawPointer? { pixman_image_get_data(handle).map { .init($0) } }
  var rowBytes: Int { Int(pixman_image_get_stride(handle)) }

  /// A solid color, premultiplied as pixman wants it.
  convenience init(solid color: TextColor) throws(RenderError) {
    func premultiplied(_ channel: UInt8) -> UInt16 {
      // channel × alpha / 255, widened from 8 to 16 bits (× 257).
      UInt16((UInt32(channel) * UInt32(color.alpha) * 257 + 127) / 255)
    }
    var value = pixman_color_t(
      red: premultiplied(color.red), green: premultiplied(color.green),
      blue: premultiplied(color.blue), alpha: UInt16(color.alpha) * 257)
    guard let handle = pixman_image_create_solid_fill(&value) else {
      throw RenderError(.drawingFailed, "cannot make a color source")
    }
    // pixman keeps each channel's high byte.
    let pixel =
      UInt32(value.alpha >> 8) << 24 | UInt32(value.red >> 8) << 16
      | UInt32(value.green >> 8) << 8 | UInt32(value.blue >> 8)
    self.init(adopting: handle, solidPixel: pixel)
  }

  /// The pixels of an ARGB32 or A8 cairo image surface, shared, not copied.
  convenience init(pixelsOf surface: CairoSurface) throws(RenderError) {
    let format: pixman_format_code_t
    switch surface.format {
    case .argb32: format = PIXMAN_a8r8g8b8
    case .a8: format = PIXMAN_a8
    case nil: throw RenderError(.drawingFailed, "an image surface of an unexpected format")
    }
    guard let data = surface.pixelData,
      let handle = pixman_image_create_bits(
        format, Int32(surface.width), Int32(surface.height),
        UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), Int32(surface.stride))
    else { throw RenderError(.drawingFailed, "cannot share an image's pixels with pixman") }
    self.init(adopting: handle, isAlpha: format == PIXMAN_a8)
  }

  /// Lets pixman draw on a cairo image surface: cairo's pending drawing is flushed first, and
  /// cairo is told afterwards that the pixels changed.
  static func drawing<Result>(
    on surface: CairoSurface, _ body: (PixmanImage) throws(RenderError) -> Result
  ) throws(RenderError) -> Result {
    surface.flush()
    defer { surface.markDirty() }
    let image = try PixmanImage(pixelsOf: surface)
    return try body(image)
  }
}
