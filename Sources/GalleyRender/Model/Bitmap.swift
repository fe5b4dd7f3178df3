import GalleyStyle

/// A rendered image in memory: premultiplied ARGB pixels, as cairo draws them.
///
/// Read pixels with ``pixel(x:y:)``, encode with ``pngData(compression:)``, or decode a PNG file with
/// ``init(png:)`` (tests compare goldens this way, by pixels, never by bytes).
public struct Bitmap: Sendable {
  let storage: ImageStorage
  /// Where the layout sits in the image.
  public var geometry: ImageGeometry

  init(surface: CairoSurface, geometry: ImageGeometry) {
    storage = ImageStorage(surface)
    self.geometry = geometry
  }

  /// Decodes PNG data.
  ///
  /// - Parameter data: The bytes of a PNG file.
  /// - Throws: ``RenderError/Kind/invalidImage`` when the data is not a PNG cairo can read.
  public init(png data: [UInt8]) throws(RenderError) {
    let argb = try CairoSurface.decodingPNG(data)
    let (width, height) = (argb.width, argb.height)
    storage = ImageStorage(argb)
    geometry = ImageGeometry(width: width, height: height, scale: 1, originX: 0, originY: 0)
  }

  /// Pixels across.
  public var width: Int { storage.width }
  /// Pixels down.
  public var height: Int { storage.height }

  /// The color of a pixel, with straight (not premultiplied) alpha.
  ///
  /// - Parameters:
  ///   - x: The column, 0 at the left.
  ///   - y: The row, 0 at the top.
  /// - Returns: The color; fully transparent pixels are transparent black, and so is every
  ///   point outside the image, as a canvas reads them.
  public func pixel(x: Int, y: Int) -> TextColor {
    guard x >= 0, x < width, y >= 0, y < height else {
      return TextColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
    let value = storage.word(x: x, y: y)
    let alpha = UInt8(value >> 24)
    guard alpha > 0 else { return TextColor(red: 0, green: 0, blue: 0, alpha: 0) }
    func straight(_ shift: UInt32) -> UInt8 {
      UInt8(min(255, (Int((value >> shift) & 0xFF) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
    return TextColor(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha)
  }

  /// Encodes the image as PNG: RGBA, 8 bits per channel, straight alpha, sRGB.
  ///
  /// - Parameter compression: How hard zlib works; ``PNGCompression/balanced`` by default.
  /// - Returns: The bytes of a PNG file.
  /// - Throws: ``RenderError/Kind/drawingFailed`` when encoding fails.
  public func pngData(compression: PNGCompression = .balanced) throws(RenderError) -> [UInt8] {
    try PNGEncoder.encode(storage, compression: compression)
  }
}

/// A finished ARGB32 image surface, never drawn on again, so bitmaps can share it between
/// threads.
final class ImageStorage: @unchecked Sendable {
  let surface: CairoSurface
  let width: Int
  let height: Int
  private let stride: Int
  private let pixels: UnsafeMutablePointer<UInt8>

  init(_ surface: CairoSurface) {
    pixels = surface.flushedPixels()
    self.surface = surface
    width = surface.width
    height = surface.height
    stride = surface.stride
  }

  /// The native-endian ARGB word of a pixel.
  func word(x: Int, y: Int) -> UInt32 {
    UnsafeRawPointer(pixels + y * stride + x * 4).loadUnaligned(as: UInt32.self)
  }
}
