import GalleyLayout
import GalleyStyle

extension Painter {
  /// Fills glyphs and decorations in their colors, or all with the gradient.
  ///
  /// Color glyphs (emoji) keep their own colors.
  ///
  /// - Parameters:
  ///   - context: The context on `surface`.
  ///   - surface: The surface, for compositing glyph masks onto it directly.
  ///   - shape: The text's shape, through which an image's gradient is painted at once.
  /// - Throws: ``RenderError`` when pixman cannot draw on the surface.
  func fill(_ context: CairoContext, on surface: CairoSurface, shape: AlphaMask?)
    throws(RenderError)
  {
    let gradient = options.gradient.map { CairoPattern(gradient: $0, over: scene.textBounds) }
    if let gradient, let shape, !isVector {
      // One gradient pass through the text's mask, instead of one per glyph.
      context.withSavedState {
        context.setSource(gradient)
        context.maskInDeviceSpace(shape.surface)
      }
      for run in scene.runs where run.font.isColor {
        context.setSource(run.color)
        show(context, run: run)
      }
      return
    }
    if isVector {
      for run in scene.runs {
        if let gradient, !run.font.isColor {
          context.setSource(gradient)
        } else {
          context.setSource(run.color)
        }
        if let text = run.text, !run.font.isSlanted || run.font.isColor {
          show(context, run: run, text: text)
        } else {
          show(context, run: run)
        }
      }
    } else {
      // Images with a gradient took the mask path above.
      try drawGlyphs(of: scene.runs, on: surface, context, color: { $0.color })
    }
    try fill(context, boxes: scene.decorations, gradient: gradient, on: surface)
  }

  /// Fills boxes in their colors, or all with a gradient.
  ///
  /// Neighbours of one color are one path, so touching boxes (a background split across runs)
  /// show no seam and cairo is called once per color. On an image with glyph masks, the pieces
  /// that follow transformed glyphs (quadrilaterals) are drawn from masks instead
  /// (``GlyphMaskCache``).
  ///
  /// - Throws: ``RenderError`` when pixman cannot draw on the surface.
  func fill(
    _ context: CairoContext, boxes: [Scene.Box], gradient: CairoPattern?,
    on surface: CairoSurface? = nil
  ) throws(RenderError) {
    var index = boxes.startIndex
    while index < boxes.endIndex {
      let color = boxes[index].color
      var end = index
      while end < boxes.endIndex, gradient != nil || boxes[end].color == color { end += 1 }
      var group = Array(boxes[index..<end])
      index = end
      if gradient == nil, let surface { group = try drawQuads(of: group, on: surface) }
      guard !group.isEmpty else { continue }
      context.newPath()
      for box in group { add(context, box: box) }
      if let gradient { context.setSource(gradient) } else { context.setSource(color) }
      context.fill()
    }
  }

  /// Draws the quadrilaterals of boxes of one color on an image from glyph masks, when the
  /// renderer has them.
  ///
  /// - Returns: The boxes left for cairo to fill: rectangles, and quadrilaterals no mask
  ///   draws.
  private func drawQuads(of boxes: [Scene.Box], on surface: CairoSurface) throws(RenderError)
    -> [Scene.Box]
  {
    guard let masks, !isVector, let color = boxes.first?.color else { return boxes }
    let pieces = boxes.indices.filter { boxes[$0].quad != nil }
    guard !pieces.isEmpty else { return boxes }
    let quads = pieces.compactMap { boxes[$0].quad }
    let map = deviceMap
    let leftOver = try PixmanImage.drawing(on: surface) { target throws(RenderError) in
      let source = try PixmanImage(solid: color)
      return try masks.withCache { cache in
        cache.composite(quads: quads, map: map, source: source, onto: target)
      }
    }
    return boxes.filter { $0.quad == nil } + leftOver.map { boxes[pieces[$0]] }
  }

  /// Draws runs' glyphs on an image, each run in its color and in order: outline glyphs
  /// (transformed or not) from cached masks at quarter-pixel positions, composited by pixman;
  /// color glyphs and glyphs too large to cache, through cairo.
  ///
  /// Each stretch of runs that masks can draw is composited in one pass; a run that needs
  /// cairo is drawn where it is in the order, so a drawing order holds between the two.
  func drawGlyphs(
    of runs: [Scene.Run], on surface: CairoSurface, _ context: CairoContext,
    color: (Scene.Run) -> TextColor
  ) throws(RenderError) {
    guard let masks else {
      for run in runs { drawThroughCairo(run, context, color: color(run)) }
      return
    }
    var start = runs.startIndex
    while start < runs.endIndex {
      var end = start
      while end < runs.endIndex, GlyphMaskCache.caches(runs[end].font) { end += 1 }
      if end > start {
        var leftOver: [Scene.Run] = []
        try drawMasks(
          of: runs[start..<end], with: masks, on: surface, color: color, leavingOver: &leftOver)
        for run in leftOver { drawThroughCairo(run, context, color: color(run)) }
      }
      if end < runs.endIndex {
        drawThroughCairo(runs[end], context, color: color(runs[end]))
        end += 1
      }
      start = end
    }
  }

  /// Draws a run through cairo in a color: color glyphs shown, others filled from their
  /// outlines (each under its map).
  private func drawThroughCairo(_ run: Scene.Run, _ context: CairoContext, color: TextColor) {
    context.setSource(color)
    if run.font.isColor {
      show(context, run: run)
    } else {
      context.newPath()
      appendPaths(context, of: run)
      context.fill()
    }
  }

  /// Composites the glyphs of `runs` from cached masks; the parts of runs that masks cannot
  /// draw (glyphs too large to cache) are added to `throughCairo`.
  private func drawMasks(
    of runs: ArraySlice<Scene.Run>, with masks: GlyphMasks, on surface: CairoSurface,
    color: (Scene.Run) -> TextColor, leavingOver throughCairo: inout [Scene.Run]
  ) throws(RenderError) {
    try PixmanImage.drawing(on: surface) { target throws(RenderError) in
      try masks.withCache { cache throws(RenderError) in
        for run in runs {
          let leftOver = cache.composite(
            run.glyphs, matrices: run.matrices, font: run.font, outlines: outlines,
            scale: canvas.deviceScale,
            originX: canvas.geometry.originX, originY: canvas.geometry.originY,
            source: try PixmanImage(solid: color(run)), onto: target)
          if !leftOver.isEmpty {
            var rest = run
            rest.glyphs = leftOver.map { run.glyphs[$0] }
            if !run.matrices.isEmpty { rest.matrices = leftOver.map { run.matrices[$0] } }
            throughCairo.append(rest)
          }
        }
      }
    }
  }

  /// Draws glyphs in the current source: shown by cairo, or filled from their leant outlines
  /// for a synthesized oblique.
  func show(_ context: CairoContext, _ glyphs: some Collection<SceneGlyph>, font: CairoScaledFont) {
    if font.isSlanted && !font.isColor {
      // A synthesized oblique is drawn from its leant outlines.
      context.newPath()
      context.appendGlyphPaths(glyphs, font: font)
      context.fill()
      return
    }
    context.showGlyphs(glyphs, font: font)
  }
}
