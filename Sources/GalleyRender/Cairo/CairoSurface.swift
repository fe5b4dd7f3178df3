internal import CCairo

#if canImport(Glibc)
import Glibc
#endif

/// Owns one `cairo_surface_t`: an image in memory, or an SVG or PDF document being written to
/// a byte buffer.
///
/// Not `Sendable` while drawing; ``ImageStorage`` wraps a finished image surface for sharing.
/// The corresponding C functions are `cairo_image_surface_create`,
/// `cairo_svg_surface_create_for_stream`, `cairo_pdf_surface_create_for_stream` and
/// `cairo_surface_destroy`.
final class CairoSurface {
  let handle: OpaquePointer  // cairo_surface_t *
  /// Where a vector surface writes its document.
  private let sink: ByteSink?

  /// The pixel format of an image surface.
  enum Format {
    /// 32 bits a pixel: premultiplied alpha, red, green and blue, in a native-endian word.
    case argb32
    /// 8 bits a pixel: alpha only (a mask).
    case a8
  }

  /// An image surface, ARGB32 (premultiplied) or A8, cleared to transparent.
  init(image format: Format, width: Int, height: Int) throws(RenderError) {
    let cairoFormat = format == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8
    // cairo never returns NULL: a failed surface carries an error status.
    handle = cairo_image_surface_create(cairoFormat, Int32(width), Int32(height))
    sink = nil
    try check("cannot make a \(width)×\(height) image")
  }

  /// A vector document of `width` × `height` points, written into memory.
  init(vector format: ImageFormat, width: Double, height: Double) throws(RenderError) {
    let sink = ByteSink()
    let closure = Unmanaged.passUnretained(sink).toOpaque()
    switch format {
    case .svg:
      handle = cairo_svg_surface_create_for_stream(ByteSink.write, closure, width, height)
      // Pixels, so browsers show the SVG at the PNG's size (cairo 1.16 writes points).
      cairo_svg_surface_set_document_unit(handle, CAIRO_SVG_UNIT_PX)
    case .pdf, .png:
      handle = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width, height)
      if let epoch = getenv("SOURCE_DATE_EPOCH"),
        let date = Self.creationDate(sourceDateEpoch: String(cString: epoch))
      {
        cairo_pdf_surface_set_metadata(handle, CAIRO_PDF_METADATA_CREATE_DATE, date)
      }
    }
    self.sink = sink
    try check("cannot start a \(format.rawValue) document")
  }

  /// The PDF creation date for `SOURCE_DATE_EPOCH` (seconds since 1970, UTC), as
  /// reproducible builds set it, in ISO 8601; `nil` when it is not a number, and cairo
  /// writes the current time.
  static func creationDate(sourceDateEpoch value: String) -> String? {
    guard let seconds = Int(value), seconds >= 0,
      seconds < 253_402_300_800  // before the year 10000
    else { return nil }
    var time = time_t(seconds)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return nil }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(parts.tm_year + 1900)
    let yearPadded = String(repeating: "0", count: max(0, 4 - year.count)) + year
    return "\(yearPadded)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  /// Adopts an image surface cairo made (from PNG data).
  private init(adopting handle: OpaquePointer) {
    self.handle = handle
    sink = nil
  }

  /// Decodes PNG data into an ARGB32 image surface.
  ///
  /// Decoded images may be RGB24 or A8; they are drawn onto ARGB32 so every bitmap has one
  /// pixel layout. The corresponding C function is `cairo_image_surface_create_from_png_stream`.
  ///
  /// - Parameter data: The bytes of a PNG file.
  /// - Returns: The image.
  /// - Throws: ``RenderError/Kind/invalidImage`` when the data is not a PNG cairo can read.
  static func decodingPNG(_ data: [UInt8]) throws(RenderError) -> CairoSurface {
    let source = ByteSink.Source(data)
    guard
      let handle = cairo_image_surface_create_from_png_stream(
        ByteSink.Source.read, Unmanaged.passUnretained(source).toOpaque())
    else { throw RenderError(.invalidImage, "cannot decode the PNG data") }
    let decoded = CairoSurface(adopting: handle)
    do {
      try decoded.check("cannot decode the PNG data")
    } catch {
      throw RenderError(.invalidImage, error.message)
    }
    let argb = try CairoSurface(image: .argb32, width: decoded.width, height: decoded.height)
    let context = CairoContext(argb)
    context.setSource(decoded, x: 0, y: 0)
    context.paint()
    try context.check()
    return argb
  }

  deinit { cairo_surface_destroy(handle) }

  func check(_ what: String) throws(RenderError) {
    let status = cairo_surface_status(handle)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderError(
        .drawingFailed, "\(what): \(String(cString: cairo_status_to_string(status)))")
    }
  }

  var width: Int { Int(cairo_image_surface_get_width(handle)) }
  var height: Int { Int(cairo_image_surface_get_height(handle)) }
  var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

  /// The format of an image surface, or `nil` for another kind of surface or format.
  var format: Format? {
    switch cairo_image_surface_get_format(handle) {
    case CAIRO_FORMAT_ARGB32: .argb32
    case CAIRO_FORMAT_A8: .a8
    default: nil
    }
  }

  /// Finishes pending drawing, so the pixels in memory are up to date
  /// (`cairo_surface_flush`).
  func flush() { cairo_surface_flush(handle) }

  /// Tells cairo that the pixels were changed outside it (`cairo_surface_mark_dirty`).
  func markDirty() { cairo_surface_mark_dirty(handle) }

  /// The pixels of an image surface as they are in memory, without flushing: for surfaces
  /// whose drawing is finished and flushed (`cairo_image_surface_get_data`).
  var pixelData: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(handle) }

  /// The pixels of an image surface, after pending drawing is flushed, for reading from then
  /// on.
  func flushedPixels() -> UnsafeMutablePointer<UInt8> {
    cairo_surface_flush(handle)
    return cairo_image_surface_get_data(handle)
  }

  /// The pixels of an image surface, after pending drawing is flushed.
  func withPixels<Result>(_ body: (UnsafeMutablePointer<UInt8>) -> Result) -> Result {
    cairo_surface_flush(handle)
    let result = body(cairo_image_surface_get_data(handle))
    cairo_surface_mark_dirty(handle)
    return result
  }

  /// Finishes a vector document and returns its bytes.
  func finishDocument() throws(RenderError) -> [UInt8] {
    cairo_surface_finish(handle)
    try check("cannot finish the document")
    return sink?.bytes ?? []
  }
}

/// Collects the bytes cairo writes through a stream callback.
final class ByteSink {
  var bytes: [UInt8] = []

  /// The `cairo_write_func_t`: appends to the sink passed as the closure.
  static let write: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
  }

  /// Feeds bytes to cairo's `cairo_read_func_t`, for decoding PNG data.
  final class Source {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static let read: cairo_read_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
      let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
      let count = Int(length)
      guard source.position + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
      source.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        data.update(from: base + source.position, count: count)
      }
      source.position += count
      return CAIRO_STATUS_SUCCESS
    }
  }
}
