/// The file formats a layout can be drawn to.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable, Codable {
  /// An RGBA PNG: 8 bits per channel, straight (not premultiplied) alpha, sRGB values.
  case png
  /// SVG 1.1: glyphs, outlines, gradients and rectangles stay vectors; blurred shadows and
  /// glows are embedded images.
  case svg
  /// PDF 1.5: the same split as SVG, with the fonts embedded as subsets.
  case pdf

  /// The format a file name's extension names (`.png`, `.svg`, `.pdf`, any case), or `nil`.
  ///
  /// - Parameter path: A file name or path.
  public init?(pathExtensionOf path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }
}

/// Where the layout sits in an image, so points of the image can be hit-tested exactly.
///
/// A layout point (x, y) is at image pixel ((x + originX) × scale, (y + originY) × scale);
/// an image pixel (px, py) is at layout point (px / scale − originX, py / scale − originY).
public struct ImageGeometry: Hashable, Sendable, Codable {
  /// The image's width in pixels (in points × scale for vector formats).
  public var width: Int
  /// The image's height in pixels.
  public var height: Int
  /// Pixels per layout point.
  public var scale: Double
  /// Points from the image's left edge to the layout's origin.
  public var originX: Double
  /// Points from the image's top edge to the layout's origin.
  public var originY: Double

  /// Creates a geometry.
  ///
  /// - Parameters:
  ///   - width: Pixels across.
  ///   - height: Pixels down.
  ///   - scale: Pixels per point.
  ///   - originX: Points from the left edge to the layout's origin.
  ///   - originY: Points from the top edge to the layout's origin.
  public init(width: Int, height: Int, scale: Double, originX: Double, originY: Double) {
    self.width = width
    self.height = height
    self.scale = scale
    self.originX = originX
    self.originY = originY
  }

  /// The layout point under an image pixel position.
  ///
  /// - Parameters:
  ///   - x: Pixels from the image's left edge.
  ///   - y: Pixels from the image's top edge.
  /// - Returns: The point in layout coordinates, ready for the layout's hit-tester.
  public func layoutPoint(imageX x: Double, imageY y: Double) -> (x: Double, y: Double) {
    (x / scale - originX, y / scale - originY)
  }
}

/// An encoded drawing and where the layout sits in it.
public struct RenderedImage: Sendable {
  /// The format of `data`.
  public var format: ImageFormat
  /// The encoded file.
  public var data: [UInt8]
  /// The image's size and the layout's origin in it.
  public var geometry: ImageGeometry

  /// Creates an image from its parts.
  ///
  /// - Parameters:
  ///   - format: The format of `data`.
  ///   - data: The encoded file.
  ///   - geometry: The image's size and the layout's origin in it.
  public init(format: ImageFormat, data: [UInt8], geometry: ImageGeometry) {
    self.format = format
    self.data = data
    self.geometry = geometry
  }
}
