internal import CCairo
import GalleyLayout

/// Rasterizes glyph outlines under their own maps with FreeType's smooth rasterizer
/// (`FT_Outline_Get_Bitmap`): a glyph turned its own way costs a few thousand instructions,
/// against cairo's scan conversion of its path.
///
/// A FreeType library is not for concurrent use: each ``GlyphMaskCache`` owns one. The
/// corresponding C functions are `FT_Init_FreeType`, `FT_Outline_Get_Bitmap` and
/// `FT_Done_FreeType`.
final class OutlineRasterizer {
  private let library: FT_Library?

  init() {
    var made: FT_Library?
    library = FT_Init_FreeType(&made) == 0 ? made : nil
  }

  deinit { if let library { FT_Done_FreeType(library) } }

  /// Renders an outline into 8-bit coverage rows (zeroed by the caller) whose top-left pixel
  /// is the outline's ``DeviceOutline/left``, ``DeviceOutline/top``; `false` when FreeType
  /// cannot.
  func render(_ outline: inout DeviceOutline, into pixels: UnsafeMutableRawPointer, rowBytes: Int)
    -> Bool
  {
    guard let library else { return false }
    return outline.render(
      library: library, pixels: pixels.assumingMemoryBound(to: UInt8.self), stride: rowBytes)
  }
}

/// An outline's points in device pixels as FreeType's `FT_Outline` wants them (26.6 fixed
/// point, y growing upwards from the box's bottom edge, contours of on-curve points and cubic
/// control points) and the box of whole pixels it covers.
struct DeviceOutline {
  private var points: [FT_Vector] = []
  private var tags: [CChar] = []
  private var contourEnds: [Int16] = []
  /// The box's left and top pixels, and its size; zero for an outline with no area.
  private(set) var left = 0
  private(set) var top = 0
  private(set) var width = 0
  private(set) var height = 0

  /// Whether the outline covers no pixel (a space).
  var isEmpty: Bool { width == 0 || height == 0 }

  /// Reads a cairo path (move, line, curve, close) through a map to device pixels, or `nil`
  /// when a point is not finite, lies a million pixels out, or FreeType cannot take the
  /// path's size.
  init?(_ path: CairoPath, map: Layout.AffineTransform) {
    self.init(OutlineShape(path), map: map)
  }

  /// An outline's points through a map to device pixels, or `nil` when a point is not finite
  /// or lies a million pixels out, or the shape is too large for FreeType.
  init?(_ shape: OutlineShape, map: Layout.AffineTransform) {
    guard !shape.isTooLarge else { return nil }
    points.reserveCapacity(shape.points.count)
    for point in shape.points {
      guard let fixed = Self.fixed(map, x: point.x, y: point.y) else { return nil }
      points.append(fixed)
    }
    tags = shape.tags
    contourEnds = shape.contourEnds
    frame()
  }

  /// Quadrilaterals through a map to device pixels, each a contour turned one way round, so
  /// that where they overlap the fill is their union; `nil` when a corner is not finite or
  /// lies a million pixels out, or there are too many for FreeType.
  init?(quads: some Collection<Layout.Quad>, map: Layout.AffineTransform) {
    guard quads.count < Int(Int16.max) / 4 else { return nil }
    points.reserveCapacity(quads.count * 4)
    tags.reserveCapacity(quads.count * 4)
    for quad in quads {
      var corners: [FT_Vector] = []
      for corner in [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft] {
        guard let point = Self.fixed(map, x: corner.x, y: corner.y) else { return nil }
        corners.append(point)
      }
      // Twice the signed area (shoelace); a negative one is turned round.
      var area: FT_Pos = 0
      for index in corners.indices {
        let next = corners[(index + 1) % corners.count]
        area += corners[index].x * next.y - next.x * corners[index].y
      }
      points.append(contentsOf: area < 0 ? corners.reversed() : corners)
      tags.append(contentsOf: repeatElement(CChar(FT_CURVE_TAG_ON), count: 4))
      contourEnds.append(Int16(points.count - 1))
    }
    frame()
  }

  /// A point through the map, in 26.6 device pixels with y growing downwards, or `nil` past
  /// a million pixels.
  private static func fixed(_ map: Layout.AffineTransform, x: Double, y: Double) -> FT_Vector? {
    let moved = map.apply(x: x, y: y)
    let (x, y) = (moved.x * 64, moved.y * 64)
    // Also false for not a number.
    guard abs(x) < 64e6, abs(y) < 64e6 else { return nil }
    return FT_Vector(x: FT_Pos(nearest(x)), y: FT_Pos(nearest(y)))
  }

  /// The nearest whole number, halves away from zero, without a libm call or a branch: a
  /// half of the value's sign added, then truncated. (At these magnitudes, below 2²⁶, the sum
  /// can round up only within 2⁻²⁶ of a half: a 1/64 pixel step either way.)
  @inline(__always)
  private static func nearest(_ value: Double) -> Int {
    Int(value + Double(signOf: value, magnitudeOf: 0.5))
  }

  /// Finds the box of pixels the points cover and moves the points to FreeType's frame: x
  /// from the box's left edge, y upwards from its bottom edge.
  private mutating func frame() {
    guard let first = points.first else { return }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    guard maxX > minX, maxY > minY else { return }
    // Arithmetic shifts floor negative coordinates too.
    left = Int(minX >> 6)
    top = Int(minY >> 6)
    width = Int((maxX + 63) >> 6) - left
    height = Int((maxY + 63) >> 6) - top
    let shiftX = FT_Pos(left) * 64
    let bottom = FT_Pos(top + height) * 64
    for index in points.indices {
      points[index].x -= shiftX
      points[index].y = bottom - points[index].y
    }
  }

  /// Renders into `height` rows of `stride` bytes.
  fileprivate mutating func render(
    library: FT_Library, pixels: UnsafeMutablePointer<UInt8>, stride: Int
  ) -> Bool {
    guard !isEmpty, !contourEnds.isEmpty else { return true }
    var bitmap = FT_Bitmap()
    bitmap.rows = UInt32(height)
    bitmap.width = UInt32(width)
    bitmap.pitch = Int32(stride)
    bitmap.buffer = pixels
    bitmap.num_grays = 256
    bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    return points.withUnsafeMutableBufferPointer { points in
      tags.withUnsafeMutableBufferPointer { tags in
        contourEnds.withUnsafeMutableBufferPointer { ends in
          var outline = FT_Outline(
            n_contours: Int16(ends.count), n_points: Int16(points.count),
            points: points.baseAddress, tags: tags.baseAddress, contours: ends.baseAddress,
            flags: Int32(FT_OUTLINE_NONE))
          return FT_Outline_Get_Bitmap(library, &outline, &bitmap) == 0
        }
      }
    }
  }
}
