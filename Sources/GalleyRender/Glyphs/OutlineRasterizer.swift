internal import CCairo
internal import CPixman
import GalleyLayout
import Synchronization

/// Rasterizes glyph outlines under their own maps with FreeType's smooth rasterizer
/// (`FT_Outline_Get_Bitmap`): a glyph turned its own way costs a few tens of thousands of
/// instructions, against cairo's scan conversion of its path.
///
/// A FreeType library is not for concurrent use, so renders borrow one from a pool, made on
/// demand (one per thread drawing at once). The corresponding C functions are
/// `FT_Init_FreeType`, `FT_Outline_Get_Bitmap` and `FT_Done_FreeType`.
final class OutlineRasterizer: Sendable {
  /// One library, owned by the pool.
  private final class Library: @unchecked Sendable {
    let handle: FT_Library
    init?() {
      var made: FT_Library?
      guard FT_Init_FreeType(&made) == 0, let made else { return nil }
      handle = made
    }
    deinit { FT_Done_FreeType(handle) }
  }

  private let pool = Mutex<[Library]>([])

  /// Draws an outline (in layout points about a glyph's origin) under a map to device pixels,
  /// through a solid source onto a target; `false` when it is too large (or cannot be drawn),
  /// and nothing was drawn.
  ///
  /// - Parameters:
  ///   - outline: The glyph's outline.
  ///   - map: Layout points about the glyph's origin to device pixels.
  ///   - source: The color.
  ///   - target: The image.
  ///   - scratch: A coverage buffer the calls of one drawing share, grown as needed.
  ///   - largest: The largest side, in pixels, drawn this way.
  /// - Returns: Whether the glyph was drawn (or covers nothing).
  func draw(
    _ outline: GlyphOutline, map: Layout.AffineTransform, source: PixmanImage,
    onto target: PixmanImage, scratch: inout [UInt8], largest: Int
  ) -> Bool {
    var shape = DeviceShape(outline.path, map: map)
    guard let bounds = shape.bounds else { return shape.points.isEmpty }
    let left = Int(bounds.minX.rounded(.down))
    let top = Int(bounds.minY.rounded(.down))
    let width = Int(bounds.maxX.rounded(.up)) - left
    let height = Int(bounds.maxY.rounded(.up)) - top
    guard width > 0, height > 0, width <= largest, height <= largest else { return false }
    let rowBytes = (width + 3) & ~3
    if scratch.count < rowBytes * height {
      scratch = [UInt8](repeating: 0, count: rowBytes * height)
    }
    return scratch.withUnsafeMutableBytes { buffer in
      guard let pixels = buffer.baseAddress else { return false }
      pixels.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
      let drawn = borrow { library in
        shape.render(
          library: library, left: left, top: top, width: width, height: height,
          pixels: pixels.assumingMemoryBound(to: UInt8.self), stride: rowBytes)
      }
      if drawn {
        target.composite(
          source, coverage: pixels, width: width, height: height, rowBytes: rowBytes,
          left: left, top: top)
      }
      return drawn
    }
  }

  /// Runs `body` with a library no other thread uses meanwhile.
  private func borrow(_ body: (FT_Library) -> Bool) -> Bool {
    guard let library = pool.withLock({ $0.popLast() }) ?? Library() else { return false }
    defer { pool.withLock { $0.append(library) } }
    return body(library.handle)
  }
}

/// An outline's points in device pixels, as FreeType's `FT_Outline` wants them: contours of
/// on-curve points and cubic control points.
private struct DeviceShape {
  var points: [(x: Double, y: Double)] = []
  var tags: [CChar] = []
  var contourEnds: [Int16] = []

  /// Reads a cairo path (move, line, curve, close) through a map.
  init(_ path: CairoPath, map: Layout.AffineTransform) {
    guard let data = path.handle.pointee.data else { return }
    let count = Int(path.handle.pointee.num_data)
    points.reserveCapacity(count)
    tags.reserveCapacity(count)
    var index = 0
    var contourStart = 0
    var pending: (x: Double, y: Double)?
    func close() {
      if points.count - contourStart >= 2 {
        contourEnds.append(Int16(points.count - 1))
      } else {
        points.removeSubrange(contourStart...)
        tags.removeSubrange(contourStart...)
      }
      contourStart = points.count
    }
    func add(_ x: Double, _ y: Double, tag: CChar) {
      if let start = pending {
        points.append(start)
        tags.append(CChar(FT_CURVE_TAG_ON))
        pending = nil
      }
      let moved = map.apply(x: x, y: y)
      points.append((moved.x, moved.y))
      tags.append(tag)
    }
    while index < count {
      let header = data[index].header
      let length = Int(header.length)
      guard length >= 1, index + length <= count else { break }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        if points.count > contourStart { close() }
        let point = data[index + 1].point
        let moved = map.apply(x: point.x, y: point.y)
        pending = (moved.x, moved.y)
      case CAIRO_PATH_LINE_TO:
        add(data[index + 1].point.x, data[index + 1].point.y, tag: CChar(FT_CURVE_TAG_ON))
      case CAIRO_PATH_CURVE_TO:
        add(data[index + 1].point.x, data[index + 1].point.y, tag: CChar(FT_CURVE_TAG_CUBIC))
        add(data[index + 2].point.x, data[index + 2].point.y, tag: CChar(FT_CURVE_TAG_CUBIC))
        add(data[index + 3].point.x, data[index + 3].point.y, tag: CChar(FT_CURVE_TAG_ON))
      default:  // CAIRO_PATH_CLOSE_PATH
        if points.count > contourStart { close() }
      }
      index += length
    }
    if points.count > contourStart { close() }
  }

  /// The points' bounding box, or `nil` for none (or too many for FreeType).
  var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
    guard !points.isEmpty, points.count < Int(Int16.max), contourEnds.count < Int(Int16.max),
      points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) < 1e6 && abs($0.y) < 1e6 })
    else { return nil }
    var box = (minX: points[0].x, minY: points[0].y, maxX: points[0].x, maxY: points[0].y)
    for point in points {
      box = (
        min(box.minX, point.x), min(box.minY, point.y), max(box.maxX, point.x),
        max(box.maxY, point.y)
      )
    }
    return box.maxX > box.minX && box.maxY > box.minY ? box : nil
  }

  /// Renders the shape into an 8-bit buffer whose top-left pixel is (`left`, `top`); FreeType's
  /// y grows upwards, so rows are flipped.
  mutating func render(
    library: FT_Library, left: Int, top: Int, width: Int, height: Int,
    pixels: UnsafeMutablePointer<UInt8>, stride: Int
  ) -> Bool {
    var vectors = points.map { point in
      FT_Vector(
        x: FT_Pos(((point.x - Double(left)) * 64).rounded()),
        y: FT_Pos(((Double(top + height) - point.y) * 64).rounded()))
    }
    var bitmap = FT_Bitmap()
    bitmap.rows = UInt32(height)
    bitmap.width = UInt32(width)
    bitmap.pitch = Int32(stride)
    bitmap.buffer = pixels
    bitmap.num_grays = 256
    bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    return vectors.withUnsafeMutableBufferPointer { vectors in
      tags.withUnsafeMutableBufferPointer { tags in
        contourEnds.withUnsafeMutableBufferPointer { ends in
          var outline = FT_Outline(
            n_contours: Int16(ends.count), n_points: Int16(vectors.count),
            points: vectors.baseAddress, tags: tags.baseAddress, contours: ends.baseAddress,
            flags: Int32(FT_OUTLINE_NONE))
          return FT_Outline_Get_Bitmap(library, &outline, &bitmap) == 0
        }
      }
    }
  }
}
