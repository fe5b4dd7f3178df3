internal import CCairo
import GalleyLayout
import Synchronization

/// Strokes outlines into the outlines of their strokes, with FreeType's stroker: what a round
/// (or mitered, or beveled) pen of a given radius covers along every contour, as a shape the
/// ``OutlineRasterizer`` fills by the nonzero rule.
///
/// A stroke's shape is made once per glyph and pen; under a map that turns and scales alike in
/// every direction, the stroke of the mapped outline is the mapped stroke of the outline with
/// the pen's radius divided by the scale, so a turned glyph's stroke is its stroke's shape
/// filled under its map. FreeType's stroker joins with the pen's own shape where cairo's does,
/// puts the round joins' arcs as conics (taken here as the cubics equal to them) and cuts a
/// miter past ``RenderOptions/Outline/miterLimit`` to a bevel as cairo does
/// (`FT_STROKER_LINEJOIN_MITER_FIXED`).
///
/// A FreeType library is not for concurrent use: the stroker's library and stroker are used
/// under a lock. The corresponding C functions are `FT_Stroker_New`, `FT_Stroker_Set`,
/// `FT_Stroker_ParseOutline`, `FT_Stroker_GetCounts`, `FT_Stroker_Export` and
/// `FT_Outline_Decompose`.
final class OutlineStroker: Sendable {
  /// FreeType's library and stroker, made on first use.
  private struct Handles: @unchecked Sendable {
    var library: FT_Library?
    var stroker: FT_Stroker?
  }

  private let handles = Mutex(Handles())
  /// Outline units per point: FreeType's coordinates are whole numbers.
  private static let unit = 1024.0

  deinit {
    handles.withLock { handles in
      if let stroker = handles.stroker { FT_Stroker_Done(stroker) }
      if let library = handles.library { FT_Done_FreeType(library) }
    }
  }

  /// The outline of the stroke of `shape` (in points) by a pen of `radius` points with the
  /// given corners, or `nil` when FreeType cannot stroke it.
  func stroke(_ shape: OutlineShape, radius: Double, join: RenderOptions.Outline.Join)
    -> OutlineShape?
  {
    guard !shape.isTooLarge, !shape.contourEnds.isEmpty, radius > 0, radius.isFinite else {
      return nil
    }
    var points: [FT_Vector] = []
    points.reserveCapacity(shape.points.count)
    for point in shape.points {
      let (x, y) = (point.x * Self.unit, point.y * Self.unit)
      guard abs(x) < 1e9, abs(y) < 1e9 else { return nil }
      points.append(FT_Vector(x: FT_Pos(x.rounded()), y: FT_Pos(y.rounded())))
    }
    var tags = shape.tags.map { CChar($0 == .on ? FT_CURVE_TAG_ON : FT_CURVE_TAG_CUBIC) }
    var ends = shape.contourEnds
    return handles.withLock { handles -> OutlineShape? in
      guard let stroker = Self.stroker(&handles) else { return nil }
      FT_Stroker_Set(
        stroker, FT_Fixed((radius * Self.unit).rounded()), FT_STROKER_LINECAP_BUTT,
        Self.lineJoin(join), FT_Fixed(RenderOptions.Outline.miterLimit * 65_536))
      return points.withUnsafeMutableBufferPointer { points in
        tags.withUnsafeMutableBufferPointer { tags in
          ends.withUnsafeMutableBufferPointer { ends in
            var outline = FT_Outline(
              n_contours: Int16(ends.count), n_points: Int16(points.count),
              points: points.baseAddress, tags: tags.baseAddress, contours: ends.baseAddress,
              flags: Int32(FT_OUTLINE_NONE))
            guard FT_Stroker_ParseOutline(stroker, &outline, 0) == 0 else { return nil }
            return Self.export(stroker)
          }
        }
      }
    }
  }

  /// The library's stroker, made on first use.
  private static func stroker(_ handles: inout Handles) -> FT_Stroker? {
    if let stroker = handles.stroker { return stroker }
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return nil }
    var stroker: FT_Stroker?
    guard FT_Stroker_New(library, &stroker) == 0, let stroker else {
      FT_Done_FreeType(library)
      return nil
    }
    (handles.library, handles.stroker) = (library, stroker)
    return stroker
  }

  private static func lineJoin(_ join: RenderOptions.Outline.Join) -> FT_Stroker_LineJoin {
    switch join {
    case .round: FT_STROKER_LINEJOIN_ROUND
    case .miter: FT_STROKER_LINEJOIN_MITER_FIXED
    case .bevel: FT_STROKER_LINEJOIN_BEVEL
    }
  }

  /// The parsed stroke's borders as a shape in points.
  private static func export(_ stroker: FT_Stroker) -> OutlineShape? {
    var (pointCount, contourCount): (FT_UInt, FT_UInt) = (0, 0)
    guard FT_Stroker_GetCounts(stroker, &pointCount, &contourCount) == 0,
      pointCount < FT_UInt(Int16.max), contourCount < FT_UInt(Int16.max)
    else { return nil }
    var points = [FT_Vector](repeating: FT_Vector(), count: Int(pointCount))
    var tags = [CChar](repeating: 0, count: Int(pointCount))
    var ends = [Int16](repeating: 0, count: Int(contourCount))
    var builder = OutlineShape()
    let decomposed = points.withUnsafeMutableBufferPointer { points in
      tags.withUnsafeMutableBufferPointer { tags in
        ends.withUnsafeMutableBufferPointer { ends in
          var outline = FT_Outline(
            n_contours: 0, n_points: 0, points: points.baseAddress, tags: tags.baseAddress,
            contours: ends.baseAddress, flags: Int32(FT_OUTLINE_NONE))
          FT_Stroker_Export(stroker, &outline)
          return withUnsafeMutablePointer(to: &builder) { builder in
            var funcs = FT_Outline_Funcs(
              move_to: { to, user in
                OutlineStroker.builder(user).pointee.move(to: OutlineStroker.point(to))
                return 0
              },
              line_to: { to, user in
                OutlineStroker.builder(user).pointee.addLine(to: OutlineStroker.point(to))
                return 0
              },
              conic_to: { control, to, user in
                OutlineStroker.builder(user).pointee.addQuadratic(
                  to: OutlineStroker.point(to), control: OutlineStroker.point(control))
                return 0
              },
              cubic_to: { control1, control2, to, user in
                OutlineStroker.builder(user).pointee.addCurve(
                  to: OutlineStroker.point(to), OutlineStroker.point(control1),
                  OutlineStroker.point(control2))
                return 0
              },
              shift: 0, delta: 0)
            return FT_Outline_Decompose(&outline, &funcs, builder) == 0
          }
        }
      }
    }
    guard decomposed else { return nil }
    builder.finish()
    return builder
  }

  fileprivate static func builder(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
    OutlineShape
  > {
    user.unsafelyUnwrapped.assumingMemoryBound(to: OutlineShape.self)
  }

  fileprivate static func point(_ vector: UnsafePointer<FT_Vector>?) -> Layout.Point {
    let vector = vector.unsafelyUnwrapped.pointee
    return Layout.Point(x: Double(vector.x) / unit, y: Double(vector.y) / unit)
  }
}
