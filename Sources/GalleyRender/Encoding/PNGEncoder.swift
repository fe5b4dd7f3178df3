internal import CPNGEncode

/// How hard PNG encoding compresses: a trade between the time it takes and the file's size.
///
/// Every level writes the same pixels (8-bit RGBA, straight alpha, with an sRGB chunk); only
/// the zlib level changes. Rows are not filtered: on text, with its flat areas and sharp
/// edges, PNG's row filters make files larger, not smaller (libpng's adaptive choice among
/// them too). On text labels, `balanced` gives files about the size of cairo's PNG writer's
/// in about 40% of its time.
public enum PNGCompression: String, CaseIterable, Sendable {
  /// zlib level 1: the fastest, files about 10% larger.
  case fast
  /// zlib level 3 (the default).
  case balanced
  /// zlib level 9: files about 10% smaller, many times slower.
  case smallest

  var zlibLevel: Int32 {
    switch self {
    case .fast: 1
    case .balanced: 3
    case .smallest: 9
    }
  }
}

/// Encodes cairo's premultiplied ARGB32 pixels as PNG with libpng, through `CPNGEncode`'s
/// `galley_png_encode`.
enum PNGEncoder {
  /// Straight-alpha channel values: entry `alpha << 8 | channel` is the premultiplied
  /// `channel` divided by `alpha`, rounded, the same rounding as ``Bitmap/pixel(x:y:)``.
  private static let unpremultiplied: [UInt8] = (0..<(256 * 256)).map { entry in
    let alpha = entry >> 8
    let channel = entry & 0xFF
    guard alpha > 0 else { return 0 }
    return UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
  }

  /// The PNG file of an image.
  ///
  /// - Throws: ``RenderError/Kind/drawingFailed`` when libpng fails (out of memory).
  static func encode(_ storage: ImageStorage, compression: PNGCompression) throws(RenderError)
    -> [UInt8]
  {
    let (width, height) = (storage.width, storage.height)
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    unpremultiplied.withUnsafeBufferPointer { table in
      rgba.withUnsafeMutableBufferPointer { rgba in
        guard let output = rgba.baseAddress else { return }
        var index = 0
        for y in 0..<height {
          for x in 0..<width {
            let word = storage.word(x: x, y: y)
            let alpha = Int(word >> 24)
            let row = alpha << 8
            output[index] = table[row | Int((word >> 16) & 0xFF)]
            output[index + 1] = table[row | Int((word >> 8) & 0xFF)]
            output[index + 2] = table[row | Int(word & 0xFF)]
            output[index + 3] = UInt8(alpha)
            index += 4
          }
        }
      }
    }
    var data: UnsafeMutablePointer<UInt8>?
    var count = 0
    var message = [CChar](repeating: 0, count: 256)
    let status = rgba.withUnsafeBufferPointer { rgba in
      galley_png_encode(
        rgba.baseAddress, UInt32(width), UInt32(height), width * 4, compression.zlibLevel,
        &data, &count, &message, message.count)
    }
    guard status == 0, let data else {
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw RenderError(
        .drawingFailed, "cannot encode PNG: \(text.isEmpty ? "libpng failed" : text)")
    }
    defer { galley_png_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: count))
  }
}
