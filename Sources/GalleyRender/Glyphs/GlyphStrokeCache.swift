import GalleyLayout
import GalleyStyle

/// One glyph's outline stroke, rasterized once: 8-bit coverage rows and where they sit
/// relative to the whole pixel the glyph's origin falls in.
///
/// The rows are copied out of the cairo surface they were stroked into, so a stroke held in
/// the cache costs its pixels and a small object, not a surface.
final class GlyphStroke: @unchecked Sendable {
  /// `height` rows of `width` bytes; read-only once made, so threads may read them at once.
  let pixels: UnsafeRawPointer
  let width: Int
  let height: Int
  /// Pixels from the glyph's origin pixel to the mask's left and top edges.
  let left: Int
  let top: Int
  /// The font, kept alive so its identity in the cache key stays unique (`nil` for a
  /// decoration's piece).
  let font: CairoScaledFont?

  /// Copies an 8-bit surface's rows.
  init(copying surface: CairoSurface, left: Int, top: Int, font: CairoScaledFont?) {
    (width, height) = (surface.width, surface.height)
    let copy = UnsafeMutableRawPointer.allocate(byteCount: max(width * height, 1), alignment: 16)
    let source = UnsafeRawPointer(surface.flushedPixels())
    for row in 0..<height {
      (copy + row * width).copyMemory(from: source + row * surface.stride, byteCount: width)
    }
    pixels = UnsafeRawPointer(copy)
    self.left = left
    self.top = top
    self.font = font
  }

  /// Takes `height` rows of `width` bytes allocated with 16-byte alignment.
  init(
    taking pixels: UnsafeMutableRawPointer, width: Int, height: Int, left: Int, top: Int,
    font: CairoScaledFont?
  ) {
    self.pixels = UnsafeRawPointer(pixels)
    (self.width, self.height, self.left, self.top, self.font) = (width, height, left, top, font)
  }

  deinit { UnsafeMutableRawPointer(mutating: pixels).deallocate() }

  /// The bytes it holds: its pixels and about 64 for the object and the allocation.
  var bytes: Int { width * height + 64 }
}

/// Outline strokes per glyph, width, join, quarter-pixel phase and (for a transformed glyph)
/// rounded map, made once per renderer.
///
/// cairo's stroker is the slow part of an outline (tens of microseconds per glyph); with the
/// cache an outlined label costs one small copy per glyph. Strokes are placed on the same
/// ``GridPosition`` as the glyph masks they surround, and a transformed glyph's stroke is
/// made under the same rounded map (``LinearMapKey``) as its mask. The cache starts over past
/// 2¹⁶ strokes or 64 MiB of them (a random shift's outlined labels bring tens of thousands).
///
/// With glyph outlines (``GlyphOutlineCache``), a glyph under a map that turns and scales
/// alike in every direction (a rotation, a random shift, an arc, an even glyph scale) is
/// stroked once upright (``OutlineStroker``, the pen's radius divided by the map's scale
/// rounded to 1/256) and its stroke's shape filled under each map (``OutlineRasterizer``),
/// where cairo strokes each turned glyph anew.
final class GlyphStrokeCache: Sendable {
  private struct Key: Hashable {
    /// The font, or `nil` for a decoration's piece.
    var font: ObjectIdentifier?
    var glyph: UInt32
    var width: Double
    var join: RenderOptions.Outline.Join
    var phaseX: Int
    var phaseY: Int
    var map: LinearMapKey?
  }

  private let strokes = ResettingCache<Key, GlyphStroke?>(limit: 1 << 16, byteLimit: 64 << 20)

  /// An upright glyph's stroke's shape, in points, and its font (kept alive so its identity
  /// in the key stays unique).
  private final class StrokeShape: Sendable {
    let shape: OutlineShape
    let font: CairoScaledFont

    init(shape: OutlineShape, font: CairoScaledFont) {
      (self.shape, self.font) = (shape, font)
    }
  }

  private struct ShapeKey: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt32
    var radius: Double
    var join: RenderOptions.Outline.Join
  }

  private let shapes = ResettingCache<ShapeKey, StrokeShape?>(limit: 1 << 14)
  private let stroker = OutlineStroker()

  /// The stroke of `glyph` in `font`, for a glyph origin `phaseX`/`phaseY` quarters of a pixel
  /// past a whole pixel, under a rounded map for a transformed glyph, or `nil` for a glyph
  /// with no outline (a space).
  func stroke(
    font: CairoScaledFont, glyph: UInt32, deviceScale: Double, outline: RenderOptions.Outline,
    phaseX: Int, phaseY: Int, map: LinearMapKey? = nil, outlines: GlyphOutlineCache? = nil
  ) -> GlyphStroke? {
    let key = Key(
      font: ObjectIdentifier(font), glyph: glyph, width: outline.width, join: outline.join,
      phaseX: phaseX, phaseY: phaseY, map: map)
    return strokes.value(
      forKey: key, cost: { $0?.bytes ?? 0 },
      make: {
        let rounded = map?.map()
        if let rounded, let outlines, let scale = Self.similarityScale(rounded),
          let made = filledStroke(
            font: font, glyph: glyph, deviceScale: deviceScale, outline: outline,
            phases: (phaseX, phaseY), map: rounded, scale: scale, outlines: outlines)
        {
          return made
        }
        return Self.make(
          font: font, glyph: glyph, deviceScale: deviceScale, outline: outline, phaseX: phaseX,
          phaseY: phaseY, map: rounded)
      })
  }

  /// The scale of a map that turns and scales alike in every direction (with or without a
  /// mirror), rounded to 1/256; `nil` for any other map.
  static func similarityScale(_ map: Layout.AffineTransform) -> Double? {
    let scale = abs(map.a * map.d - map.b * map.c).squareRoot()
    guard scale.isFinite, scale > 1.0 / 256 else { return nil }
    let slack = scale * 1e-9
    let turns = abs(map.a - map.d) <= slack && abs(map.b + map.c) <= slack
    let mirrors = abs(map.a + map.d) <= slack && abs(map.b - map.c) <= slack
    guard turns || mirrors else { return nil }
    return (scale * 256).rounded() / 256
  }

  /// A glyph's stroke under a map that turns and scales alike (`scale`): its upright stroke's
  /// shape filled under the map; `.some(nil)` for a glyph without ink, `nil` when the shape
  /// cannot be made or is too large (cairo strokes it then).
  private func filledStroke(
    font: CairoScaledFont, glyph: UInt32, deviceScale: Double, outline: RenderOptions.Outline,
    phases: (x: Int, y: Int), map: Layout.AffineTransform, scale: Double,
    outlines: GlyphOutlineCache
  ) -> GlyphStroke?? {
    guard !font.isColor, font.inkRect(of: SceneGlyph(id: glyph, x: 0, y: 0)) != nil else {
      return .some(nil)
    }
    let key = ShapeKey(
      font: ObjectIdentifier(font), glyph: glyph, radius: outline.width / scale,
      join: outline.join)
    let made = shapes.value(forKey: key) {
      guard let upright = outlines.outline(font: font, glyph: glyph, deviceScale: deviceScale),
        let shape = stroker.stroke(upright.shape, radius: key.radius, join: key.join)
      else { return nil }
      return StrokeShape(shape: shape, font: font)
    }
    guard let made else { return nil }
    let device = Layout.AffineTransform(
      a: map.a * deviceScale, b: map.b * deviceScale, c: map.c * deviceScale,
      d: map.d * deviceScale, tx: GridPosition.offset(ofPhase: phases.x),
      ty: GridPosition.offset(ofPhase: phases.y))
    let rasterizer = OutlineRasterizer()
    let limit = GlyphMaskCache.largestMask
    guard let box = rasterizer.place(made.shape, map: device), box.width <= limit,
      box.height <= limit
    else { return nil }
    let bytes = max(box.width * box.height, 1)
    let pixels = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
    rasterizer.fill(into: pixels.assumingMemoryBound(to: UInt8.self), rowBytes: box.width)
    return .some(
      GlyphStroke(
        taking: pixels, width: box.width, height: box.height, left: box.left, top: box.top,
        font: font))
  }

  /// The stroke of a decoration's or background's piece that follows a transformed glyph,
  /// placed at its corner's grid position.
  func stroke(
    of piece: Parallelogram, deviceScale: Double, outline: RenderOptions.Outline
  ) -> GlyphStroke? {
    let key = Key(
      font: nil, glyph: 0, width: outline.width, join: outline.join,
      phaseX: piece.position.phaseX, phaseY: piece.position.phaseY, map: piece.key)
    return strokes.value(
      forKey: key, cost: { $0?.bytes ?? 0 },
      make: { Self.make(piece, deviceScale: deviceScale, outline: outline) })
  }

  /// Strokes the unit square under a piece's map (device pixels), with the pen in points.
  private static func make(
    _ piece: Parallelogram, deviceScale: Double, outline: RenderOptions.Outline
  ) -> GlyphStroke? {
    let quad = piece.deviceMap.apply(to: Layout.Rect(x: 0, y: 0, width: 1, height: 1))
    return stroked(box: quad.bounds, deviceScale: deviceScale, outline: outline, font: nil) {
      context in
      context.addQuad(quad)
      // The pen is in points, as the glyphs' is.
      context.scale(by: deviceScale)
    }
  }

  private static func make(
    font: CairoScaledFont, glyph: UInt32, deviceScale: Double, outline: RenderOptions.Outline,
    phaseX: Int, phaseY: Int, map: Layout.AffineTransform?
  ) -> GlyphStroke? {
    guard !font.isColor,
      let ink = font.inkRect(of: SceneGlyph(id: glyph, x: 0, y: 0))
    else { return nil }
    let box = map.map { $0.apply(to: ink).bounds } ?? ink
    let phaseBox = Layout.Rect(
      x: box.x * deviceScale + GridPosition.offset(ofPhase: phaseX),
      y: box.y * deviceScale + GridPosition.offset(ofPhase: phaseY),
      width: box.width * deviceScale, height: box.height * deviceScale)
    return stroked(box: phaseBox, deviceScale: deviceScale, outline: outline, font: font) {
      context in
      context.translate(
        x: GridPosition.offset(ofPhase: phaseX), y: GridPosition.offset(ofPhase: phaseY))
      context.scale(by: deviceScale)
      let single = CollectionOfOne(SceneGlyph(id: glyph, x: 0, y: 0))
      if let map {
        // The path turns with the glyph; the pen, in the unturned matrix, does not.
        context.withTransform(map) { context.appendGlyphPaths(single, font: font) }
      } else {
        context.appendGlyphPaths(single, font: font)
      }
    }
  }

  /// Strokes a path into an 8-bit surface just large enough for it.
  ///
  /// - Parameters:
  ///   - box: The path's bounds in device pixels from the origin's whole pixel.
  ///   - deviceScale: Device pixels per point.
  ///   - outline: The outline's width and join.
  ///   - font: The font the stroke keeps alive, or `nil`.
  ///   - addPath: Adds the path to a context whose matrix moves the origin's whole pixel to
  ///     its place in the surface, leaving the matrix the pen is to have.
  /// - Returns: The stroke, or `nil` when cairo cannot make it.
  private static func stroked(
    box: Layout.Rect, deviceScale: Double, outline: RenderOptions.Outline,
    font: CairoScaledFont?, addPath: (CairoContext) -> Void
  ) -> GlyphStroke? {
    // Room for the stroke (miter tips reach further) and a pixel of anti-aliasing.
    let reach = outline.reach * deviceScale + 2
    let left = Int(saturating: (box.x - reach).rounded(.down))
    let top = Int(saturating: (box.y - reach).rounded(.down))
    let right = Int(saturating: (box.x + box.width + reach).rounded(.up)) + 1
    let bottom = Int(saturating: (box.y + box.height + reach).rounded(.up)) + 1
    guard let surface = try? CairoSurface(image: .a8, width: right - left, height: bottom - top)
    else { return nil }
    let context = CairoContext(surface)
    context.translate(x: Double(-left), y: Double(-top))
    addPath(context)
    context.setOutlineStroke(outline)
    context.setSource(.black)
    context.stroke()
    guard (try? context.check()) != nil else { return nil }
    return GlyphStroke(copying: surface, left: left, top: top, font: font)
  }
}
