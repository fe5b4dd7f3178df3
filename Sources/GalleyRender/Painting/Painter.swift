import GalleyLayout
import GalleyStyle

/// Draws a scene on a cairo surface, back to front: canvas color, run backgrounds, shadow,
/// glow, outline, fill (run colors or a gradient), decorations, inner shadow, annotations.
///
/// User space is layout points; the context's matrix maps it to device units (image pixels,
/// oversampled, or vector units of `scale` per point). Blurred effects are made from alpha
/// masks of the text's shape. Each concern has its file: `Painter+Fill.swift`,
/// `Painter+Outline.swift`, `Painter+Masks.swift` (shadow, glow, inner shadow) and
/// `Painter+Annotations.swift`.
struct Painter {
  let scene: Scene
  let layout: Layout
  let options: RenderOptions
  let canvas: Canvas
  let fonts: CairoFontCache
  let strokes: GlyphStrokeCache
  /// The glyph masks, or `nil` to draw every glyph through cairo.
  let masks: GlyphMasks?
  /// The outlines of glyphs turned their own way, or `nil` to let cairo make each under its
  /// map.
  let outlines: GlyphOutlineCache?
  /// Mask pixels per device unit: 1 for images, more for vector output.
  let maskResolution: Double
  /// Whether the surface is SVG or PDF.
  var isVector: Bool { maskResolution != 1 }

  /// Paints everything on `surface`, whose device units are the canvas's device pixels.
  ///
  /// - Throws: ``RenderError`` when cairo fails or a mask cannot be made.
  func paint(on surface: CairoSurface) throws(RenderError) {
    let context = CairoContext(surface)
    if let background = options.background {
      context.setSource(background)
      context.paint()
    }
    transform(context, deviceScale: canvas.deviceScale)
    try fill(context, boxes: scene.backgrounds, gradient: nil, on: surface)
    // On images, outlines come from cached glyph strokes and the text's shape is drawn once
    // into an alpha mask that the gradient, the shadows and the inner shadow share. Vector
    // output keeps strokes and gradients as vectors.
    let strokes: AlphaMask? =
      !isVector && options.outline?.mode == .connected ? try outlineMask() : nil
    let needsShape =
      options.shadow != nil || options.glow != nil || options.innerShadow != nil
      || (!isVector && options.gradient != nil)
    let fillShape: AlphaMask? = needsShape ? try mask(colorGlyphs: false) : nil
    try paintShadowAndGlow(context, fillShape: fillShape, strokes: strokes)
    try paintOutlineAndFill(context, on: surface, fillShape: fillShape, strokes: strokes)
    if let fillShape { try paintInnerShadow(context, fillShape: fillShape) }
    if options.annotates { annotate(context) }
    try context.check()
  }

  /// Layout points to device pixels: the map ``transform(_:deviceScale:)`` sets at the
  /// canvas's scale.
  var deviceMap: Layout.AffineTransform {
    let scale = canvas.deviceScale
    return Layout.AffineTransform(
      a: scale, b: 0, c: 0, d: scale, tx: canvas.geometry.originX * scale,
      ty: canvas.geometry.originY * scale)
  }

  /// Sets the matrix so user units are layout points: scaled to device units, then moved to
  /// the layout's origin in the canvas.
  func transform(_ context: CairoContext, deviceScale: Double) {
    context.resetMatrix()
    context.scale(by: deviceScale)
    context.translate(x: canvas.geometry.originX, y: canvas.geometry.originY)
  }
}
