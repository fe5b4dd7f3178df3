internal import CCairo
import GalleyLayout

/// An outline's contours read once from a cairo path (on-curve points and cubic control points,
/// each contour's last point's index), with its points still in the path's units: a map then
/// only moves the points (``OutlineRasterizer/place(_:map:)``).
///
/// A contour starts with its first segment (a move alone draws nothing) and is kept with two
/// points or more.
struct OutlineShape {
  /// The points, in the path's units.
  private(set) var points: [Layout.Point] = []
  /// What each point is: on the curve, or a cubic Bézier's control point (two between on-curve
  /// points).
  enum Tag: UInt8 {
    case on
    case cubic
  }

  /// Each point's tag.
  private(set) var tags: [Tag] = []
  /// The index of each contour's last point.
  private(set) var contourEnds: [Int16] = []
  /// Whether the path has more points than a shape holds (`Int16.max`); the shape is then
  /// empty.
  private(set) var isTooLarge = false

  /// A contour's first point, added with the first segment that follows it.
  private var pending: Layout.Point?

  /// An empty shape, to build with ``move(to:)``, ``addLine(to:)``, ``addCurve(to:_:_:)``
  /// and ``finish()``.
  init() {}

  /// Reads a cairo path (move, line, curve, close).
  init(_ path: CairoPath) {
    guard let data = path.handle.pointee.data else { return }
    let count = Int(path.handle.pointee.num_data)
    points.reserveCapacity(count)
    tags.reserveCapacity(count)
    var index = 0
    func point(_ offset: Int) -> Layout.Point {
      Layout.Point(x: data[index + offset].point.x, y: data[index + offset].point.y)
    }
    while index < count {
      let header = data[index].header
      let length = Int(header.length)
      guard length >= 1, index + length <= count else { break }
      switch header.type {
      case CAIRO_PATH_MOVE_TO: move(to: point(1))
      case CAIRO_PATH_LINE_TO: addLine(to: point(1))
      case CAIRO_PATH_CURVE_TO: addCurve(to: point(3), point(1), point(2))
      default: closeContour()  // CAIRO_PATH_CLOSE_PATH
      }
      index += length
    }
    finish()
  }

  /// Ends the contour being read and starts one at `point`.
  mutating func move(to point: Layout.Point) {
    closeContour()
    pending = point
  }

  /// Adds a line from the last point.
  mutating func addLine(to point: Layout.Point) { add(point, tag: .on) }

  /// Adds a cubic Bézier curve from the last point through two control points.
  mutating func addCurve(to point: Layout.Point, _ control1: Layout.Point, _ control2: Layout.Point)
  {
    add(control1, tag: .cubic)
    add(control2, tag: .cubic)
    add(point, tag: .on)
  }

  /// Adds a quadratic Bézier curve from the last point as the cubic equal to it: each
  /// control point two thirds of the way from an end to the quadratic's control point.
  mutating func addQuadratic(to point: Layout.Point, control: Layout.Point) {
    let start = pending ?? points.last ?? point
    addCurve(
      to: point,
      Layout.Point(
        x: start.x + (control.x - start.x) * 2 / 3, y: start.y + (control.y - start.y) * 2 / 3),
      Layout.Point(
        x: point.x + (control.x - point.x) * 2 / 3, y: point.y + (control.y - point.y) * 2 / 3))
  }

  /// Ends the last contour; a shape with more points than it holds becomes empty and too
  /// large.
  mutating func finish() {
    closeContour()
    if points.count >= Int(Int16.max) {
      (points, tags, contourEnds, isTooLarge) = ([], [], [], true)
    }
  }

  private mutating func add(_ point: Layout.Point, tag: Tag) {
    if let start = pending {
      points.append(start)
      tags.append(.on)
      pending = nil
    }
    points.append(point)
    tags.append(tag)
  }

  /// Ends the contour being read: kept with two points or more, dropped otherwise.
  private mutating func closeContour() {
    pending = nil
    let start = contourEnds.last.map { Int($0) + 1 } ?? 0
    guard points.count > start else { return }
    if points.count - start >= 2, points.count <= Int(Int16.max) {
      contourEnds.append(Int16(points.count - 1))
    } else {
      points.removeSubrange(start...)
      tags.removeSubrange(start...)
    }
  }
}
