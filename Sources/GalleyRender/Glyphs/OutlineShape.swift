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

  /// Reads a cairo path (move, line, curve, close).
  init(_ path: CairoPath) {
    guard let data = path.handle.pointee.data else { return }
    let count = Int(path.handle.pointee.num_data)
    points.reserveCapacity(count)
    tags.reserveCapacity(count)
    // A contour's first point, added with the first segment that follows it.
    var pending: Layout.Point?
    var index = 0
    func point(_ offset: Int) -> Layout.Point {
      Layout.Point(x: data[index + offset].point.x, y: data[index + offset].point.y)
    }
    func add(_ point: Layout.Point, tag: Tag) {
      if let start = pending {
        points.append(start)
        tags.append(.on)
        pending = nil
      }
      points.append(point)
      tags.append(tag)
    }
    while index < count {
      let header = data[index].header
      let length = Int(header.length)
      guard length >= 1, index + length <= count else { break }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        closeContour()
        pending = point(1)
      case CAIRO_PATH_LINE_TO:
        add(point(1), tag: .on)
      case CAIRO_PATH_CURVE_TO:
        add(point(1), tag: .cubic)
        add(point(2), tag: .cubic)
        add(point(3), tag: .on)
      default:  // CAIRO_PATH_CLOSE_PATH
        closeContour()
      }
      index += length
    }
    closeContour()
    if points.count >= Int(Int16.max) {
      (points, tags, contourEnds, isTooLarge) = ([], [], [], true)
    }
  }

  /// Ends the contour being read: kept with two points or more, dropped otherwise.
  private mutating func closeContour() {
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
