internal import Glibc

extension Layout {
  /// Where a glyph typesetter moved, turned and scaled one glyph (<doc:LayoutRules#Glyph-typesetters>).
  ///
  /// The transform acts on the glyph as its font draws it at its ``PositionedGlyph/x`` and
  /// ``PositionedGlyph/y``, and on its box (``Line/box(of:)``: its advance wide, its line's
  /// height tall): a point `p` goes to `c + (dx, dy) + R·S·(p − c)`, where `c` is the center of
  /// the box, `S` scales by ``scaleX`` and ``scaleY`` and `R` turns by ``rotation`` degrees,
  /// clockwise (y grows downwards). JSON: `"transform": {"dx", "dy", "rotation", "scaleX",
  /// "scaleY"}` in the glyph's object, absent for the identity.
  public struct GlyphTransform: Hashable, Sendable, Codable {
    /// The horizontal offset in points.
    public var dx: Double
    /// The vertical offset in points (positive moves down).
    public var dy: Double
    /// The rotation in degrees, positive clockwise.
    public var rotation: Double
    /// The horizontal scale (1 is none).
    public var scaleX: Double
    /// The vertical scale (1 is none).
    public var scaleY: Double

    /// The transform that leaves a glyph where it is.
    public static let identity = GlyphTransform()

    /// Creates a transform.
    ///
    /// - Parameters:
    ///   - dx: The horizontal offset in points.
    ///   - dy: The vertical offset in points.
    ///   - rotation: The rotation in degrees, positive clockwise.
    ///   - scaleX: The horizontal scale.
    ///   - scaleY: The vertical scale.
    public init(
      dx: Double = 0, dy: Double = 0, rotation: Double = 0, scaleX: Double = 1,
      scaleY: Double = 1
    ) {
      self.dx = dx
      self.dy = dy
      self.rotation = rotation
      self.scaleX = scaleX
      self.scaleY = scaleY
    }

    /// Whether the transform leaves the glyph where it is.
    @inlinable public var isIdentity: Bool {
      dx == 0 && dy == 0 && rotation == 0 && scaleX == 1 && scaleY == 1
    }

    /// Whether every field is a finite number.
    @inlinable public var isFinite: Bool {
      dx.isFinite && dy.isFinite && rotation.isFinite && scaleX.isFinite && scaleY.isFinite
    }

    /// The affine map of the transform for a glyph whose box is centerd at a point.
    ///
    /// - Parameters:
    ///   - x: The box center's x.
    ///   - y: The box center's y.
    /// - Returns: The map from where the font draws the glyph to where it is drawn.
    public func matrix(centerX x: Double, centerY y: Double) -> AffineTransform {
      matrix(centerX: x, centerY: y, turn: turn)
    }

    /// The sine and cosine of ``rotation``.
    @inlinable package var turn: (sine: Double, cosine: Double) {
      // Exact quarter turns keep exact zeros, so boxes turned by them stay axis-aligned.
      Self.sineAndCosine(rotation * .pi / 180, degrees: rotation)
    }

    /// The map about a center, with ``turn`` computed beforehand.
    @inlinable package func matrix(
      centerX x: Double, centerY y: Double, turn: (sine: Double, cosine: Double)
    ) -> AffineTransform {
      let (sine, cosine) = turn
      let a = cosine * scaleX
      let b = sine * scaleX
      let c = -sine * scaleY
      let d = cosine * scaleY
      return AffineTransform(
        a: a, b: b, c: c, d: d, tx: x + dx - (a * x + c * y), ty: y + dy - (b * x + d * y))
    }

    /// The transform of this one followed by a turn of `degrees` and an offset, about the
    /// same center.
    ///
    /// - Parameters:
    ///   - degrees: Degrees to add to ``rotation``.
    ///   - dx: Points to add to ``dx``.
    ///   - dy: Points to add to ``dy``.
    /// - Returns: The composed transform; scales stay as they were.
    public func rotated(by degrees: Double, dx: Double = 0, dy: Double = 0) -> GlyphTransform {
      var moved = self
      moved.rotation += degrees
      moved.dx += dx
      moved.dy += dy
      return moved
    }

    @usableFromInline static func sineAndCosine(_ radians: Double, degrees: Double) -> (
      Double, Double
    ) {
      let quarter = degrees / 90
      if quarter == quarter.rounded(), abs(quarter) < 1e15 {
        switch ((Int(quarter) % 4) + 4) % 4 {
        case 0: return (0, 1)
        case 1: return (1, 0)
        case 2: return (0, -1)
        default: return (-1, 0)
        }
      }
      return (sin(radians), cos(radians))
    }
  }

  /// An affine map of the plane: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (cairo's and
  /// PDF's order of the six numbers).
  public struct AffineTransform: Hashable, Sendable {
    /// The x of the image of (1, 0) less the translation.
    public var a: Double
    /// The y of the image of (1, 0) less the translation.
    public var b: Double
    /// The x of the image of (0, 1) less the translation.
    public var c: Double
    /// The y of the image of (0, 1) less the translation.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// Creates a map from its six numbers.
    ///
    /// - Parameters:
    ///   - a: The image of (1, 0)'s x.
    ///   - b: The image of (1, 0)'s y.
    ///   - c: The image of (0, 1)'s x.
    ///   - d: The image of (0, 1)'s y.
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.tx = tx
      self.ty = ty
    }

    /// The image of a point.
    ///
    /// - Parameters:
    ///   - x: The point's x.
    ///   - y: The point's y.
    /// - Returns: Where the map puts it.
    @inlinable public func apply(x: Double, y: Double) -> Point {
      Point(x: a * x + c * y + tx, y: b * x + d * y + ty)
    }

    /// The map that undoes this one, or `nil` when it flattens the plane (a zero scale).
    public var inverse: AffineTransform? {
      let determinant = a * d - b * c
      guard determinant != 0, determinant.isFinite else { return nil }
      let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
      return AffineTransform(
        a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The quadrilateral a rectangle becomes.
    ///
    /// - Parameter rect: The rectangle.
    /// - Returns: Its corners' images, in the order ``Quad`` names them.
    @inlinable public func apply(to rect: Rect) -> Quad {
      Quad(
        topLeft: apply(x: rect.x, y: rect.y), topRight: apply(x: rect.x + rect.width, y: rect.y),
        bottomRight: apply(x: rect.x + rect.width, y: rect.y + rect.height),
        bottomLeft: apply(x: rect.x, y: rect.y + rect.height))
    }
  }

  /// A point in layout points.
  public struct Point: Hashable, Sendable, Codable {
    /// The x.
    public var x: Double
    /// The y.
    public var y: Double

    /// Creates a point.
    ///
    /// - Parameters:
    ///   - x: The x.
    ///   - y: The y.
    @inlinable public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// A quadrilateral: a rectangle after a glyph's transform.
  ///
  /// Its corners are named by the corners of the rectangle they come from. JSON: a list of
  /// four `{"x", "y"}` points in the order top left, top right, bottom right, bottom left.
  public struct Quad: Hashable, Sendable, Codable {
    /// The image of the rectangle's top-left corner.
    public var topLeft: Point
    /// The image of its top-right corner.
    public var topRight: Point
    /// The image of its bottom-right corner.
    public var bottomRight: Point
    /// The image of its bottom-left corner.
    public var bottomLeft: Point

    /// Creates a quadrilateral from its corners.
    ///
    /// - Parameters:
    ///   - topLeft: The top-left corner's image.
    ///   - topRight: The top-right corner's image.
    ///   - bottomRight: The bottom-right corner's image.
    ///   - bottomLeft: The bottom-left corner's image.
    @inlinable public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
      self.topLeft = topLeft
      self.topRight = topRight
      self.bottomRight = bottomRight
      self.bottomLeft = bottomLeft
    }

    /// A rectangle's corners, unmoved.
    ///
    /// - Parameter rect: The rectangle.
    public init(_ rect: Rect) {
      self.init(
        topLeft: Point(x: rect.x, y: rect.y), topRight: Point(x: rect.x + rect.width, y: rect.y),
        bottomRight: Point(x: rect.x + rect.width, y: rect.y + rect.height),
        bottomLeft: Point(x: rect.x, y: rect.y + rect.height))
    }

    /// The four corners, in order.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The smallest rectangle that holds the quadrilateral.
    @inlinable public var bounds: Rect {
      // No arrays: this runs for every glyph box of a transformed layout and its drawing.
      let minX = Swift.min(Swift.min(topLeft.x, topRight.x), Swift.min(bottomRight.x, bottomLeft.x))
      let maxX = Swift.max(Swift.max(topLeft.x, topRight.x), Swift.max(bottomRight.x, bottomLeft.x))
      let minY = Swift.min(Swift.min(topLeft.y, topRight.y), Swift.min(bottomRight.y, bottomLeft.y))
      let maxY = Swift.max(Swift.max(topLeft.y, topRight.y), Swift.max(bottomRight.y, bottomLeft.y))
      return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether the quadrilateral holds a point: on the inner side of all four edges (or on
    /// one), whichever way the corners turn.
    ///
    /// - Parameters:
    ///   - x: The point's x.
    ///   - y: The point's y.
    /// - Returns: `true` inside or on an edge.
    public func contains(x: Double, y: Double) -> Bool {
      let corners = corners
      var sign = 0.0
      for index in 0..<4 {
        let from = corners[index]
        let to = corners[(index + 1) % 4]
        let cross = (to.x - from.x) * (y - from.y) - (to.y - from.y) * (x - from.x)
        if cross == 0 { continue }
        if sign == 0 {
          sign = cross
        } else if (cross > 0) != (sign > 0) {
          return false
        }
      }
      return true
    }

    /// Decodes a quadrilateral from a list of four points.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors, and `DecodingError.dataCorrupted` for another count.
    public init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      var points: [Point] = []
      while !container.isAtEnd, points.count < 5 {
        points.append(try container.decode(Point.self))
      }
      guard points.count == 4 else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "a quad has four points"))
      }
      self.init(
        topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    /// Encodes the quadrilateral as a list of its four corners.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for point in corners { try container.encode(point) }
    }
  }
}

extension Layout.Line {
  /// A glyph's box on the line: its advance wide, the line's height tall, the box that link
  /// rectangles are made of and that a glyph's transform turns and scales about the center of.
  ///
  /// - Parameter glyph: A glyph of one of the line's runs.
  /// - Returns: The box.
  public func box(of glyph: Layout.PositionedGlyph) -> Layout.Rect {
    Layout.Rect(x: glyph.x, y: y, width: glyph.advance, height: height)
  }

  /// The affine map that draws a glyph of the line where its transform puts it.
  ///
  /// - Parameters:
  ///   - glyph: A glyph of one of the line's runs.
  ///   - transform: Its transform.
  /// - Returns: The map, about the center of the glyph's box.
  public func matrix(
    of glyph: Layout.PositionedGlyph, transform: Layout.GlyphTransform
  ) -> Layout.AffineTransform {
    transform.matrix(centerX: glyph.x + glyph.advance / 2, centerY: y + height / 2)
  }

  /// The maps of a run's glyphs, each the one ``matrix(of:transform:)`` gives, or an empty
  /// array for a run without transforms.
  ///
  /// Neighbouring glyphs turned alike (a rotation typesetter's) share one sine and cosine.
  ///
  /// - Parameter run: One of the line's runs.
  /// - Returns: One map per glyph.
  public func matrices(of run: Layout.GlyphRun) -> [Layout.AffineTransform] {
    guard !run.transforms.isEmpty else { return [] }
    var matrices: [Layout.AffineTransform] = []
    matrices.reserveCapacity(run.glyphs.count)
    var maps = Maps(self)
    for index in run.glyphs.indices {
      matrices.append(maps.map(of: run.glyphs[index], transform: run.transform(at: index)))
    }
    return matrices
  }

  /// Makes the maps of a line's glyphs one after another, as ``matrix(of:transform:)`` does,
  /// neighbours turned alike sharing one sine and cosine: what every stage that walks a
  /// transformed line's glyphs uses.
  package struct Maps {
    /// The middle of the line's height, the glyph boxes' center.
    @usableFromInline let centerY: Double
    /// The last rotation met and its sine and cosine.
    @usableFromInline var last: (rotation: Double, turn: (sine: Double, cosine: Double))?

    /// A maker for the glyphs of `line`.
    @inlinable package init(_ line: Layout.Line) {
      centerY = line.y + line.height / 2
    }

    /// The map of a glyph of the line under its transform.
    @inlinable package mutating func map(
      of glyph: Layout.PositionedGlyph, transform: Layout.GlyphTransform
    ) -> Layout.AffineTransform {
      let turn: (sine: Double, cosine: Double)
      if let last, last.rotation == transform.rotation {
        turn = last.turn
      } else {
        turn = transform.turn
        last = (transform.rotation, turn)
      }
      return transform.matrix(
        centerX: glyph.x + glyph.advance / 2, centerY: centerY, turn: turn)
    }
  }
}

extension Layout.GlyphRun {
  /// The transform of the glyph at an index of ``glyphs``: the identity when the run has
  /// none.
  ///
  /// - Parameter index: An index of ``glyphs``.
  /// - Returns: The glyph's transform.
  public func transform(at index: Int) -> Layout.GlyphTransform {
    index < transforms.count ? transforms[index] : .identity
  }
}
