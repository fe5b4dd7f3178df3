internal import CCairo
import GalleyLayout
import GalleyStyle

/// Draws a scene on a cairo surface, back to front: canvas color, run backgrounds, shadow,
/// glow, outline, fill (run colors or a gradient), decorations, inner shadow, annotations.
///
/// User space is layout points; the context's matrix maps it to device units (image pixels,
/// oversampled, or vector units of `scale` per point). Blurred effects are made from alpha
/// masks of the text's shape.
struct Painter {
  let scene: Scene
  let layout: Layout
  let options: RenderOptions
  let canvas: Canvas
  let fonts: CairoFontCache
  let strokes: GlyphStrokeCache
  let masks: GlyphMasks
  /// Mask pixels per device unit: 1 for images, more for vector output.
  let maskResolution: Double
  /// Whether the surface is SVG or PDF.
  var isVector: Bool { maskResolution != 1 }

  /// Paints everything on `surface`, whose device units are the canvas's device pixels.
  func paint(on surface: CairoSurface) throws(RenderError) {
    let context = CairoContext(surface)
    let cr = context.handle
    if let background = options.background {
      set(cr, background)
      cairo_paint(cr)
    }
    transform(cr, deviceScale: canvas.deviceScale)
    fill(cr, boxes: scene.backgrounds, gradient: nil)
    // On images, outlines come from cached glyph strokes and the text's shape is drawn once
    // into an alpha mask that the gradient, the shadows and the inner shadow share. Vector
    // output keeps strokes and gradients as vectors.
    let strokes: AlphaMask? =
      !isVector && options.outline?.mode == .connected ? try outlineMask() : nil
    let needsShape =
      options.shadow != nil || options.glow != nil || options.innerShadow != nil
      || (!isVector && options.gradient != nil)
    let fillShape: AlphaMask? = needsShape ? try mask(colorGlyphs: false, outline: nil) : nil
    if options.shadow != nil || options.glow != nil {
      let shape: AlphaMask
      if let fillShape, !isVector, options.outline?.mode != .glyphs {
        // The fill's mask plus color glyphs and the outline's strokes.
        shape = try fillShape.copy()
        try drawColorGlyphs(into: shape)
        if let strokes { shape.formUnion(strokes) }
      } else {
        shape = try mask(colorGlyphs: true, outline: .paths)
      }
      let effects = [options.shadow, options.glow].compactMap { $0 }
      for (number, effect) in effects.enumerated() {
        // The last effect may blur the shape itself.
        let blurred = number == effects.count - 1 ? shape : try shape.copy()
        blurred.blur(radius: effect.blur, outside: 0)
        try paint(
          cr, mask: blurred, color: effect.color, offsetX: effect.offsetX, offsetY: effect.offsetY)
      }
    }
    switch options.outline {
    case let outline? where outline.mode == .connected:
      if let strokes {
        try paint(cr, mask: strokes, color: outline.color, offsetX: 0, offsetY: 0)
      } else {
        stroke(cr, glyphsOf: scene.runs, includeDecorations: true)
      }
      try fill(cr, on: surface, shape: fillShape)
    case .some:
      fillStrokingEachGlyph(cr)
    case nil:
      try fill(cr, on: surface, shape: fillShape)
    }
    if let inner = options.innerShadow, let fillShape {
      let shadow = try fillShape.innerShadow(
        blurRadius: inner.blur, offsetX: inner.offsetX * canvas.deviceScale * maskResolution,
        offsetY: inner.offsetY * canvas.deviceScale * maskResolution)
      try paint(cr, mask: shadow, color: inner.color, offsetX: 0, offsetY: 0)
    }
    if options.annotates { annotate(cr) }
    try context.check()
  }

  // MARK: Transforms and colors

  private func transform(_ cr: OpaquePointer, deviceScale: Double) {
    cairo_identity_matrix(cr)
    cairo_scale(cr, deviceScale, deviceScale)
    cairo_translate(cr, canvas.geometry.originX, canvas.geometry.originY)
  }

  private func set(_ cr: OpaquePointer, _ color: TextColor) {
    cairo_set_source_rgba(
      cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
      Double(color.alpha) / 255)
  }

  // MARK: Fill and outline

  /// Fills glyphs and decorations in their colors, or all with the gradient.
  ///
  /// Color glyphs (emoji) keep their own colors.
  private func fill(_ cr: OpaquePointer, on surface: CairoSurface, shape: AlphaMask?)
    throws(RenderError)
  {
    let gradient = options.gradient.map(makeGradient)
    defer { if let gradient { cairo_pattern_destroy(gradient) } }
    if let gradient, let shape, !isVector {
      // One gradient pass through the text's mask, instead of one per glyph.
      cairo_save(cr)
      cairo_set_source(cr, gradient)
      let maskPattern = cairo_pattern_create_for_surface(shape.surface.handle)
      var userToDevice = cairo_matrix_t()
      cairo_get_matrix(cr, &userToDevice)
      cairo_pattern_set_matrix(maskPattern, &userToDevice)
      cairo_mask(cr, maskPattern)
      cairo_pattern_destroy(maskPattern)
      cairo_restore(cr)
      for run in scene.runs where run.font.isColor {
        set(cr, run.color)
        show(cr, run.glyphs, font: run.font)
      }
      return
    }
    if isVector {
      for run in scene.runs {
        if let gradient, !run.font.isColor {
          cairo_set_source(cr, gradient)
        } else {
          set(cr, run.color)
        }
        show(cr, run.glyphs, font: run.font)
      }
    } else {
      // Images with a gradient took the mask path above.
      try drawGlyphs(of: scene.runs, on: surface, cr, color: { $0.color })
    }
    fill(cr, boxes: scene.decorations, gradient: gradient)
  }

  /// Fills boxes in their colors, or all with a gradient: neighbours of one color as one path,
  /// so touching boxes (a background split across runs) show no seam and cairo is called once
  /// per color.
  private func fill(_ cr: OpaquePointer, boxes: [Scene.Box], gradient: OpaquePointer?) {
    var index = boxes.startIndex
    while index < boxes.endIndex {
      let color = boxes[index].color
      cairo_new_path(cr)
      while index < boxes.endIndex, gradient != nil || boxes[index].color == color {
        let rect = boxes[index].rect
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        index += 1
      }
      if let gradient { cairo_set_source(cr, gradient) } else { set(cr, color) }
      cairo_fill(cr)
    }
  }

  /// DHSGlyphText's per-glyph outline: each glyph is stroked, then filled, before the next, so
  /// a glyph's outline overlaps the glyph before it.
  private func fillStrokingEachGlyph(_ cr: OpaquePointer) {
    let gradient = options.gradient.map(makeGradient)
    defer { if let gradient { cairo_pattern_destroy(gradient) } }
    for run in scene.runs {
      for index in run.glyphs.indices {
        let glyph = [run.glyphs[index]]
        if !run.font.isColor {
          stroke(
            cr,
            glyphsOf: [
              Scene.Run(reference: run.reference, font: run.font, color: run.color, glyphs: glyph)
            ], includeDecorations: false)
        }
        if let gradient, !run.font.isColor {
          cairo_set_source(cr, gradient)
        } else {
          set(cr, run.color)
        }
        if isVector || run.font.isColor {
          show(cr, glyph, font: run.font)
        } else {
          // Filled from its outline at its exact position, like the stroke under it.
          cairo_new_path(cr)
          GlyphPaths.append(cr, glyph, font: run.font)
          cairo_fill(cr)
        }
      }
    }
    for box in scene.decorations {
      cairo_rectangle(cr, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
      strokeCurrentPath(cr)
      if let gradient { cairo_set_source(cr, gradient) } else { set(cr, box.color) }
      cairo_rectangle(cr, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
      cairo_fill(cr)
    }
  }

  /// Strokes the outlines of glyphs (and the decorations) with twice the outline width: the
  /// fill drawn over it hides the inner half.
  private func stroke(_ cr: OpaquePointer, glyphsOf runs: [Scene.Run], includeDecorations: Bool) {
    cairo_new_path(cr)
    for run in runs where !run.font.isColor {
      GlyphPaths.append(cr, run.glyphs, font: run.font)
    }
    if includeDecorations {
      for box in scene.decorations {
        cairo_rectangle(cr, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
      }
    }
    strokeCurrentPath(cr)
  }

  private func strokeCurrentPath(_ cr: OpaquePointer) {
    guard let outline = options.outline else {
      cairo_new_path(cr)
      return
    }
    set(cr, outline.color)
    cairo_set_line_width(cr, 2 * outline.width)
    switch outline.join {
    case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(cr, RenderOptions.Outline.miterLimit)
    cairo_stroke(cr)
  }

  /// Draws runs' glyphs on an image, each run in its color: outline glyphs from cached masks
  /// at quarter-pixel positions, composited by pixman; color glyphs, and glyphs too large to
  /// cache, through cairo.
  private func drawGlyphs(
    of runs: [Scene.Run], on surface: CairoSurface, _ cr: OpaquePointer,
    color: (Scene.Run) -> TextColor
  ) throws(RenderError) {
    var throughCairo: [Scene.Run] = []
    try PixmanImage.drawing(on: surface) { target throws(RenderError) in
      try masks.withCache { cache throws(RenderError) in
        for run in runs {
          guard GlyphMaskCache.caches(run.font) else {
            throughCairo.append(run)
            continue
          }
          let leftOver = cache.composite(
            run.glyphs, font: run.font, scale: canvas.deviceScale,
            originX: canvas.geometry.originX, originY: canvas.geometry.originY,
            source: try PixmanImage(solid: color(run)), onto: target)
          if !leftOver.isEmpty {
            var rest = run
            rest.glyphs = leftOver
            throughCairo.append(rest)
          }
        }
      }
    }
    for run in throughCairo {
      set(cr, color(run))
      if run.font.isColor {
        show(cr, run.glyphs, font: run.font)
      } else {
        cairo_new_path(cr)
        GlyphPaths.append(cr, run.glyphs, font: run.font)
        cairo_fill(cr)
      }
    }
  }

  private func show(_ cr: OpaquePointer, _ glyphs: [cairo_glyph_t], font: CairoScaledFont) {
    if font.isSlanted && !font.isColor {
      // A synthesized oblique is drawn from its leant outlines.
      cairo_new_path(cr)
      GlyphPaths.append(cr, glyphs, font: font)
      cairo_fill(cr)
      return
    }
    cairo_set_scaled_font(cr, font.handle)
    glyphs.withUnsafeBufferPointer { glyphs in
      cairo_show_glyphs(cr, glyphs.baseAddress, Int32(glyphs.count))
    }
  }

  /// The gradient in unit coordinates of the lines' box.
  private func makeGradient(_ gradient: RenderOptions.Gradient) -> OpaquePointer {
    let pattern: OpaquePointer
    switch gradient.kind {
    case .linear:
      pattern = cairo_pattern_create_linear(
        gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)
    case .radial:
      let dx = gradient.end.x - gradient.start.x
      let dy = gradient.end.y - gradient.start.y
      pattern = cairo_pattern_create_radial(
        gradient.start.x, gradient.start.y, 0, gradient.start.x, gradient.start.y,
        (dx * dx + dy * dy).squareRoot())
    }
    for stop in gradient.stops {
      let color = stop.color
      cairo_pattern_add_color_stop_rgba(
        pattern, stop.offset, Double(color.red) / 255, Double(color.green) / 255,
        Double(color.blue) / 255, Double(color.alpha) / 255)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    // The pattern's matrix maps user space (points) to pattern space (unit coordinates).
    let bounds = scene.textBounds
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, 1 / max(bounds.width, 1e-3), 1 / max(bounds.height, 1e-3))
    cairo_matrix_translate(&matrix, -bounds.minX, -bounds.minY)
    cairo_pattern_set_matrix(pattern, &matrix)
    return pattern
  }

  // MARK: Masks

  /// Where a mask's outline comes from.
  private enum OutlineSource {
    /// cairo strokes the glyph paths (vector output, per-glyph mode).
    case paths
    /// A mask of cached glyph strokes.
    case mask(AlphaMask)
  }

  /// The text's shape as an alpha mask: glyphs (color ones when asked), decorations, and the
  /// outline when given.
  private func mask(colorGlyphs: Bool, outline: OutlineSource?) throws(RenderError) -> AlphaMask {
    let mask = try AlphaMask(
      width: Int(saturating: (Double(canvas.deviceWidth) * maskResolution).rounded(.up)),
      height: Int(saturating: (Double(canvas.deviceHeight) * maskResolution).rounded(.up)))
    let context = CairoContext(mask.surface)
    let cr = context.handle
    let scale = canvas.deviceScale * maskResolution
    transform(cr, deviceScale: scale)
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    var runs: [Scene.Run] = []
    for var run in scene.runs where colorGlyphs || !run.font.isColor {
      if maskResolution != 1 { run.font = try fonts.font(for: run.reference, deviceScale: scale) }
      runs.append(run)
    }
    if case .paths? = outline, options.outline != nil {
      stroke(cr, glyphsOf: runs, includeDecorations: true)
      cairo_set_source_rgba(cr, 0, 0, 0, 1)
    }
    if isVector {
      for run in runs { show(cr, run.glyphs, font: run.font) }
    } else {
      let opaque = TextColor(red: 0, green: 0, blue: 0)
      try drawGlyphs(of: runs, on: mask.surface, cr, color: { _ in opaque })
    }
    cairo_set_source_rgba(cr, 0, 0, 0, 1)
    for box in scene.decorations {
      cairo_rectangle(cr, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
    }
    cairo_fill(cr)
    try context.check()
    mask.pixelsPerPoint = scale
    if case .mask(let strokes)? = outline { mask.formUnion(strokes) }
    return mask
  }

  /// Adds the color glyphs (emoji) to an image mask.
  private func drawColorGlyphs(into mask: AlphaMask) throws(RenderError) {
    guard scene.runs.contains(where: { $0.font.isColor }) else { return }
    let context = CairoContext(mask.surface)
    transform(context.handle, deviceScale: canvas.deviceScale)
    cairo_set_source_rgba(context.handle, 0, 0, 0, 1)
    for run in scene.runs where run.font.isColor {
      show(context.handle, run.glyphs, font: run.font)
    }
    try context.check()
  }

  /// The connected outline on an image: every glyph's cached stroke at its quarter-pixel
  /// phase, joined by keeping the larger coverage, plus the decorations' strokes.
  private func outlineMask() throws(RenderError) -> AlphaMask {
    guard let outline = options.outline else { throw RenderError(.drawingFailed, "no outline") }
    let mask = try AlphaMask(width: canvas.deviceWidth, height: canvas.deviceHeight)
    let scale = canvas.deviceScale
    mask.pixelsPerPoint = scale
    var placed: [(stroke: GlyphStroke, x: Int, y: Int)] = []
    for run in scene.runs where !run.font.isColor {
      for glyph in run.glyphs {
        // The same grid position as the glyph's mask, so the fill sits in the middle of its
        // stroke.
        let position = GridPosition(
          deviceX: (glyph.x + canvas.geometry.originX) * scale,
          deviceY: (glyph.y + canvas.geometry.originY) * scale)
        guard
          let stroke = strokes.stroke(
            font: run.font, glyph: glyph.index, deviceScale: scale, outline: outline,
            phaseX: position.phaseX, phaseY: position.phaseY)
        else { continue }
        placed.append((stroke, position.x, position.y))
      }
    }
    mask.formUnion(placed)
    if !scene.decorations.isEmpty {
      let context = CairoContext(mask.surface)
      transform(context.handle, deviceScale: scale)
      for box in scene.decorations {
        cairo_rectangle(context.handle, box.rect.x, box.rect.y, box.rect.width, box.rect.height)
      }
      cairo_set_source_rgba(context.handle, 0, 0, 0, 1)
      cairo_set_line_width(context.handle, 2 * outline.width)
      cairo_set_line_join(context.handle, outline.join.cairoJoin)
      cairo_set_miter_limit(context.handle, RenderOptions.Outline.miterLimit)
      cairo_stroke(context.handle)
      try context.check()
    }
    return mask
  }

  /// Paints `color` through a mask, moved by an offset in points: as a mask on images, as a
  /// colored image in vector output.
  private func paint(
    _ cr: OpaquePointer, mask: AlphaMask, color: TextColor, offsetX: Double, offsetY: Double
  ) throws(RenderError) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    cairo_identity_matrix(cr)
    cairo_scale(cr, 1 / maskResolution, 1 / maskResolution)
    let unit = canvas.deviceScale * maskResolution
    if isVector {
      let image = try mask.colorized(color)
      cairo_set_source_surface(cr, image.handle, offsetX * unit, offsetY * unit)
      cairo_paint(cr)
    } else {
      set(cr, color)
      cairo_mask_surface(cr, mask.surface.handle, offsetX * unit, offsetY * unit)
    }
  }

  // MARK: Annotations

  /// pango-view's debug overlay: line boxes (blue), baselines (green), link rectangles (red)
  /// and glyph ink boxes (orange), in lines one device pixel wide.
  private func annotate(_ cr: OpaquePointer) {
    cairo_save(cr)
    let hairline = 1 / canvas.deviceScale
    cairo_set_line_width(cr, hairline)
    cairo_set_source_rgba(cr, 1, 0.55, 0, 0.7)
    for run in scene.runs {
      for glyph in run.glyphs {
        var extents = cairo_text_extents_t()
        var single = glyph
        cairo_scaled_font_glyph_extents(run.font.handle, &single, 1, &extents)
        guard extents.width > 0, extents.height > 0 else { continue }
        cairo_rectangle(
          cr, glyph.x + extents.x_bearing, glyph.y + extents.y_bearing, extents.width,
          extents.height)
      }
    }
    cairo_stroke(cr)
    for line in layout.lines {
      cairo_set_source_rgba(cr, 0.1, 0.3, 1, 0.8)
      cairo_rectangle(
        cr, line.x + hairline / 2, line.y + hairline / 2, max(0, line.width - hairline),
        max(0, line.height - hairline))
      cairo_stroke(cr)
      cairo_set_source_rgba(cr, 0, 0.6, 0.1, 0.9)
      cairo_move_to(cr, line.x, line.baseline)
      cairo_line_to(cr, line.x + line.width, line.baseline)
      cairo_stroke(cr)
    }
    for link in layout.links {
      for rect in link.rects {
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_set_source_rgba(cr, 1, 0, 0, 0.15)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0.9, 0, 0, 0.9)
        cairo_stroke(cr)
      }
    }
    cairo_restore(cr)
  }
}
