import GalleyLayout

/// Fills glyph outlines (``OutlineShape``) and quadrilaterals under maps to device pixels into
/// 8-bit coverage by the nonzero rule, with exact area coverage.
///
/// Each edge adds, to the cells of the rows it crosses, the signed area it leaves to its right
/// within each pixel and the rest to the pixel after, so that a sum along each row is the
/// winding-weighted coverage of every pixel; a pixel's coverage is the sum's absolute value,
/// at most 1 (where contours overlap turning the same way the sum passes 1 inside and is
/// clamped, as nonzero filling does). Where edges of contours cross within a pixel, the pixel's
/// coverage is its winding summed over its area, not the area of nonzero winding that cairo
/// samples: FreeType's smooth rasterizer does the same. Curves are cut into lines within 1/16
/// of a pixel (cairo's tolerance is 1/10). A small glyph costs a few hundred cells and no
/// sorting.
///
/// A rasterizer keeps its last outline's points and its cells between outlines and serves
/// one thread at a time: each ``GlyphMaskCache`` owns one.
final class OutlineRasterizer {
  /// The box of whole device pixels an outline covers.
  struct Box: Equatable {
    var left = 0
    var top = 0
    var width = 0
    var height = 0

    /// Whether the box holds no pixel (an outline with no area, a space).
    var isEmpty: Bool { width == 0 || height == 0 }
  }

  /// The outline placed last: its points in device pixels, its tags and contour ends.
  private var points: [Edges.Point] = []
  private var tags: [OutlineShape.Tag] = []
  private var contourEnds: [Int16] = []
  /// Where the outline placed last lies.
  private(set) var box = Box()
  /// The cells, zero between outlines: rows of the box's width and two more (the cells an
  /// edge at the right edge writes past the last pixel).
  private var cells: UnsafeMutablePointer<Float>
  private var cellCount = 0
  /// Cells kept between outlines; a larger buffer is freed after its outline.
  private static let keptCells = 1 << 14
  /// The largest distance between a curve and its lines, in pixels.
  private static let tolerance: Float = 1.0 / 16
  /// The most lines a curve is cut into.
  private static let mostPieces = 256
  /// How far from the origin a point may lie, in pixels.
  private static let reach = 1e6

  init() { cells = .allocate(capacity: 0) }

  deinit { cells.deallocate() }

  /// Places a shape's points through a map to device pixels and returns the box they cover,
  /// or `nil` when a point is not finite or lies a million pixels out, or the shape is too
  /// large.
  func place(_ shape: OutlineShape, map: Layout.AffineTransform) -> Box? {
    guard !shape.isTooLarge else { return nil }
    points.removeAll(keepingCapacity: true)
    points.reserveCapacity(shape.points.count)
    for point in shape.points {
      guard let placed = Self.place(map, x: point.x, y: point.y) else { return nil }
      points.append(placed)
    }
    tags = shape.tags
    contourEnds = shape.contourEnds
    return frame()
  }

  /// Places quadrilaterals through a map to device pixels, each a contour turned one way
  /// round, so that where they overlap the fill is their union, and returns the box they
  /// cover; `nil` when a corner is not finite or lies a million pixels out, or there are too
  /// many.
  func place(quads: some Collection<Layout.Quad>, map: Layout.AffineTransform) -> Box? {
    guard quads.count < Int(Int16.max) / 4 else { return nil }
    points.removeAll(keepingCapacity: true)
    tags.removeAll(keepingCapacity: true)
    contourEnds.removeAll(keepingCapacity: true)
    for quad in quads {
      var corners: [Edges.Point] = []
      for corner in [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft] {
        guard let point = Self.place(map, x: corner.x, y: corner.y) else { return nil }
        corners.append(point)
      }
      // Twice the signed area (shoelace); a negative one is turned round.
      var area: Float = 0
      for index in corners.indices {
        let (point, next) = (corners[index], corners[(index + 1) % corners.count])
        area += point.x * next.y - next.x * point.y
      }
      points.append(contentsOf: area < 0 ? corners.reversed() : corners)
      tags.append(contentsOf: repeatElement(.on, count: 4))
      contourEnds.append(Int16(points.count - 1))
    }
    return frame()
  }

  /// A point through the map in device pixels, or `nil` past a million pixels.
  @inline(__always)
  private static func place(_ map: Layout.AffineTransform, x: Double, y: Double) -> Edges.Point? {
    let moved = map.apply(x: x, y: y)
    // Also false for not a number.
    guard abs(moved.x) < reach, abs(moved.y) < reach else { return nil }
    return Edges.Point(x: Float(moved.x), y: Float(moved.y))
  }

  /// The box of whole pixels the placed points cover.
  private func frame() -> Box {
    box = Box()
    guard let first = points.first else { return box }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points {
      minX = min(minX, point.x)
      maxX = max(maxX, point.x)
      minY = min(minY, point.y)
      maxY = max(maxY, point.y)
    }
    guard maxX > minX, maxY > minY else { return box }
    box.left = Int(minX.rounded(.down))
    box.top = Int(minY.rounded(.down))
    box.width = Int(maxX.rounded(.up)) - box.left
    box.height = Int(maxY.rounded(.up)) - box.top
    return box
  }

  /// Fills the outline placed last into ``box``'s `height` rows of `rowBytes` bytes, its
  /// top-left pixel first: every byte is written, the coverage of the box's `width` pixels
  /// and zeros after them.
  func fill(into pixels: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
    guard !box.isEmpty, !contourEnds.isEmpty else {
      pixels.initialize(repeating: 0, count: rowBytes * box.height)
      return
    }
    let stride = box.width + 2
    let count = stride * box.height
    if count > cellCount { resize(to: count) }
    // Locals: the arrays are read without the class's exclusivity checks.
    let (points, tags, ends, cells) = (points, tags, contourEnds, cells)
    var edges = Edges(
      cells: cells, stride: stride, left: Float(box.left), top: Float(box.top),
      width: Float(box.width), height: box.height)
    points.withUnsafeBufferPointer { points in
      tags.withUnsafeBufferPointer { tags in
        var first = 0
        for end in ends {
          let last = Int(end)
          if last > first { edges.contour(points, tags, from: first, through: last) }
          first = last + 1
        }
      }
    }
    for row in 0..<box.height {
      Self.resolve(
        cells + row * stride, count: stride, width: box.width, into: pixels + row * rowBytes,
        rowBytes: rowBytes)
    }
    if cellCount > Self.keptCells { resize(to: 0) }
  }

  /// Replaces the cells by `count` zeroed ones.
  private func resize(to count: Int) {
    cells.deallocate()
    cells = .allocate(capacity: count)
    cells.initialize(repeating: 0, count: count)
    cellCount = count
  }

  /// Sums one row's `count` cells (at least `width`) into the coverage bytes of its `width`
  /// pixels, writes zeros to the rest of its `rowBytes`, and clears the cells.
  ///
  /// The running sums are taken one cell after another (each depends on the one before) and
  /// stored over the cells; a second loop, with no step that can trap, turns them into bytes
  /// (the compiler runs it on vectors): the absolute value, at most 1, times 255, rounded to
  /// the nearest whole number, halves to even: adding 2²³ to a value from 0 to 255 rounds it
  /// that way and leaves it in the float's low bits.
  @inline(__always)
  private static func resolve(
    _ line: UnsafeMutablePointer<Float>, count: Int, width: Int,
    into out: UnsafeMutablePointer<UInt8>, rowBytes: Int
  ) {
    var sum: Float = 0
    for column in 0..<width {
      sum += line[column]
      line[column] = sum
    }
    for column in 0..<width {
      let value = min(abs(line[column]), 1) * 255
      out[column] = UInt8(truncatingIfNeeded: (value + 8_388_608).bitPattern)
      line[column] = 0
    }
    // Loops rather than memset: a glyph's rows are a few bytes.
    for column in width..<count { line[column] = 0 }
    for column in width..<rowBytes { out[column] = 0 }
  }

  /// The edges of one outline being added to the cells.
  private struct Edges {
    /// A point in pixels.
    struct Point {
      var x: Float
      var y: Float
    }

    let cells: UnsafeMutablePointer<Float>
    let stride: Int
    /// The box's top-left corner in device pixels, and its size.
    let left: Float
    let top: Float
    let width: Float
    let height: Int

    /// Adds one contour's lines and curves.
    mutating func contour(
      _ points: UnsafeBufferPointer<Point>, _ tags: UnsafeBufferPointer<OutlineShape.Tag>,
      from start: Int, through last: Int
    ) {
      let first = pixel(points[start])
      var current = first
      var index = start + 1
      while index <= last {
        if tags[index] == .cubic, index + 1 <= last {
          let end = index + 2 <= last ? pixel(points[index + 2]) : first
          curve(current, pixel(points[index]), pixel(points[index + 1]), end)
          current = end
          index += 3
        } else {
          let end = pixel(points[index])
          line(current, end)
          current = end
          index += 1
        }
      }
      line(current, first)
    }

    /// A point in device pixels from the box's top-left corner, kept within the box.
    @inline(__always)
    private func pixel(_ point: Point) -> Point {
      Point(
        x: min(max(point.x - left, 0), width), y: min(max(point.y - top, 0), Float(height)))
    }

    /// A cubic Bézier curve cut into lines: as many as keep each within the tolerance of the
    /// curve (the largest second difference of its points bounds the distance).
    private mutating func curve(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
      let (x1, y1) = (p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
      let (x2, y2) = (p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
      let bend = max(x1 * x1 + y1 * y1, x2 * x2 + y2 * y2).squareRoot()
      // The distance is at most 3/4 of the bend over the pieces squared.
      let wanted = (0.75 * bend / OutlineRasterizer.tolerance).squareRoot()
      let pieces = min(Int(wanted) + 1, OutlineRasterizer.mostPieces)
      guard pieces > 1 else { return line(p0, p3) }
      let step = 1 / Float(pieces)
      var previous = p0
      for piece in 1..<pieces {
        let t = Float(piece) * step
        let u = 1 - t
        let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        let point = Point(
          x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
          y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        line(previous, point)
        previous = point
      }
      line(previous, p3)
    }

    /// Adds a line's signed areas to the cells of each row it crosses: downwards lines add,
    /// upwards ones subtract.
    private mutating func line(_ from: Point, _ to: Point) {
      guard from.y != to.y else { return }
      let (top, bottom, sign): (Point, Point, Float) =
        from.y < to.y ? (from, to, 1) : (to, from, -1)
      let slope = (bottom.x - top.x) / (bottom.y - top.y)
      var x = top.x
      let firstRow = Int(top.y)
      let endRow = min(Self.ceiling(bottom.y), height)
      guard firstRow < endRow else { return }
      for row in firstRow..<endRow {
        let rowTop = max(Float(row), top.y)
        let rowBottom = min(Float(row + 1), bottom.y)
        let depth = rowBottom - rowTop
        let nextX = row + 1 < endRow ? x + slope * depth : bottom.x
        span(from: x, to: nextX, area: depth * sign, row: cells + row * stride)
        x = nextX
      }
    }

    /// The smallest whole number at least `value`, which is at least 0.
    @inline(__always)
    private static func ceiling(_ value: Float) -> Int {
      let whole = Int(value)
      return Float(whole) < value ? whole + 1 : whole
    }

    /// Adds the areas of a piece of line within one row, from `x0` to `x1`, whose height
    /// times its direction is `area`.
    private func span(from x0: Float, to x1: Float, area: Float, row: UnsafeMutablePointer<Float>) {
      let (low, high) = x0 < x1 ? (x0, x1) : (x1, x0)
      // Both are at least 0: truncation is the floor.
      let first = Int(low)
      let lowFloor = Float(first)
      let last = Self.ceiling(high)
      let highCeiling = Float(last)
      if last <= first + 1 {
        // Within one pixel: the part right of the line's middle is in this pixel.
        let middle = (x0 + x1) * 0.5 - lowFloor
        row[first] += area * (1 - middle)
        row[first + 1] += area * middle
        return
      }
      // Across pixels: each gets the area of the line's trapezoid over it, left to right.
      let perPixel = 1 / (high - low)
      let lowFraction = low - lowFloor
      let firstArea = 0.5 * perPixel * (1 - lowFraction) * (1 - lowFraction)
      let highFraction = high - highCeiling + 1
      let lastArea = 0.5 * perPixel * highFraction * highFraction
      row[first] += area * firstArea
      if last == first + 2 {
        row[first + 1] += area * (1 - firstArea - lastArea)
      } else {
        let secondArea = perPixel * (1.5 - lowFraction)
        row[first + 1] += area * (secondArea - firstArea)
        for column in (first + 2)..<(last - 1) { row[column] += area * perPixel }
        let before = secondArea + Float(last - first - 3) * perPixel
        row[last - 1] += area * (1 - before - lastArea)
      }
      row[last] += area * lastArea
    }
  }
}
