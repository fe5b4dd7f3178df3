internal import CCairo
import Synchronization

/// One glyph's outline stroke, rasterized once: an alpha mask and where it sits relative to
/// the whole pixel the glyph's origin falls in.
final class GlyphStroke: @unchecked Sendable {
  let surface: CairoSurface
  /// Pixels from the glyph's origin pixel to the mask's left and top edges.
  let left: Int
  let top: Int
  /// The font, kept alive so its identity in the cache key stays unique.
  let font: CairoScaledFont

  init(surface: CairoSurface, left: Int, top: Int, font: CairoScaledFont) {
    self.surface = surface
    self.left = left
    self.top = top
    self.font = font
  }
}

/// Outline strokes per glyph, width, join and quarter-pixel phase, made once per renderer.
///
/// cairo's stroker is the slow part of an outline (tens of microseconds per glyph); with the
/// cache an outlined label costs one small copy per glyph. Strokes are placed on the same
/// ``GridPosition`` as the glyph masks they surround.
final class GlyphStrokeCache: Sendable {
  private struct Key: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt
    var width: Double
    var join: RenderOptions.Outline.Join
    var phaseX: Int
    var phaseY: Int
  }

  private let strokes = Mutex([Key: GlyphStroke?]())
  private static let limit = 1 << 15

  /// The stroke of `glyph` in `font`, for a glyph origin `phaseX`/`phaseY` quarters of a pixel
  /// past a whole pixel, or `nil` for a glyph with no outline (a space).
  func stroke(
    font: CairoScaledFont, glyph: UInt, deviceScale: Double, outline: RenderOptions.Outline,
    phaseX: Int, phaseY: Int
  ) -> GlyphStroke? {
    let key = Key(
      font: ObjectIdentifier(font), glyph: glyph, width: outline.width, join: outline.join,
      phaseX: phaseX, phaseY: phaseY)
    if let known = strokes.withLock({ $0[key] }) { return known }
    let made = Self.make(
      font: font, glyph: glyph, deviceScale: deviceScale, outline: outline, phaseX: phaseX,
      phaseY: phaseY)
    strokes.withLock { strokes in
      if strokes.count >= Self.limit { strokes.removeAll() }
      strokes[key] = .some(made)
    }
    return made
  }

  private static func make(
    font: CairoScaledFont, glyph: UInt, deviceScale: Double, outline: RenderOptions.Outline,
    phaseX: Int, phaseY: Int
  ) -> GlyphStroke? {
    guard !font.isColor else { return nil }
    var single = cairo_glyph_t(index: glyph, x: 0, y: 0)
    var extents = cairo_text_extents_t()
    cairo_scaled_font_glyph_extents(font.handle, &single, 1, &extents)
    guard extents.width > 0, extents.height > 0 else { return nil }
    // Room for the stroke (miter tips reach further) and a pixel of anti-aliasing.
    let reach = outline.reach * deviceScale + 2
    let left = Int(saturating: (extents.x_bearing * deviceScale - reach).rounded(.down))
    let top = Int(saturating: (extents.y_bearing * deviceScale - reach).rounded(.down))
    let right =
      Int(saturating: ((extents.x_bearing + extents.width) * deviceScale + reach).rounded(.up)) + 1
    let bottom =
      Int(saturating: ((extents.y_bearing + extents.height) * deviceScale + reach).rounded(.up))
      + 1
    guard
      let surface = try? CairoSurface(
        image: CAIRO_FORMAT_A8, width: right - left, height: bottom - top)
    else { return nil }
    let context = CairoContext(surface)
    let cr = context.handle
    cairo_translate(
      cr, Double(-left) + GridPosition.offset(ofPhase: phaseX),
      Double(-top) + GridPosition.offset(ofPhase: phaseY))
    cairo_scale(cr, deviceScale, deviceScale)
    GlyphPaths.append(cr, [single], font: font)
    cairo_set_line_width(cr, 2 * outline.width)
    cairo_set_line_join(cr, outline.join.cairoJoin)
    cairo_set_miter_limit(cr, RenderOptions.Outline.miterLimit)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    cairo_stroke(cr)
    guard (try? context.check()) != nil else { return nil }
    cairo_surface_flush(surface.handle)
    return GlyphStroke(surface: surface, left: left, top: top, font: font)
  }
}

extension RenderOptions.Outline.Join {
  var cairoJoin: cairo_line_join_t {
    switch self {
    case .round: CAIRO_LINE_JOIN_ROUND
    case .miter: CAIRO_LINE_JOIN_MITER
    case .bevel: CAIRO_LINE_JOIN_BEVEL
    }
  }
}
