import GalleyLayout
import GalleyStyle

extension Painter {
  /// Paints the outline and the fill over it, in the order the outline's mode needs.
  ///
  /// - Parameters:
  ///   - context: The context on `surface`.
  ///   - surface: The surface.
  ///   - fillShape: The text's shape, when the effects needed it.
  ///   - strokes: The connected outline's mask on images, from cached glyph strokes.
  /// - Throws: ``RenderError`` when a glyph mask cannot be drawn.
  func paintOutlineAndFill(
    _ context: CairoContext, on surface: CairoSurface, fillShape: AlphaMask?, strokes: AlphaMask?
  ) throws(RenderError) {
    switch options.outline {
    case let outline? where outline.mode == .connected:
      if let strokes {
        try paint(context, mask: strokes, color: outline.color, offsetX: 0, offsetY: 0)
      } else {
        stroke(context, glyphsOf: scene.runs, includeDecorations: true)
      }
      try fill(context, on: surface, shape: fillShape)
    case .some:
      fillStrokingEachGlyph(context)
    case nil:
      try fill(context, on: surface, shape: fillShape)
    }
  }

  /// DHSGlyphText's per-glyph outline: each glyph is stroked, then filled, before the next, so
  /// a glyph's outline overlaps the glyph before it.
  func fillStrokingEachGlyph(_ context: CairoContext) {
    let gradient = options.gradient.map { CairoPattern(gradient: $0, over: scene.textBounds) }
    for run in scene.runs {
      forEachPlacement(context, of: run) { glyphs in
        for glyph in glyphs {
          fillStroking(glyph, of: run, context, gradient: gradient)
        }
      }
    }
    for box in scene.decorations {
      add(context, box: box)
      strokeCurrentPath(context)
      if let gradient { context.setSource(gradient) } else { context.setSource(box.color) }
      add(context, box: box)
      context.fill()
    }
  }

  /// One glyph's outline, then its fill, in the context's current matrix.
  private func fillStroking(
    _ glyph: SceneGlyph, of run: Scene.Run, _ context: CairoContext, gradient: CairoPattern?
  ) {
    let single = CollectionOfOne(glyph)
    if !run.font.isColor {
      context.newPath()
      context.appendGlyphPaths(single, font: run.font)
      strokeCurrentPath(context)
    }
    if let gradient, !run.font.isColor {
      context.setSource(gradient)
    } else {
      context.setSource(run.color)
    }
    if isVector || run.font.isColor {
      show(context, single, font: run.font)
    } else {
      // Filled from its outline at its exact position, like the stroke under it.
      context.newPath()
      context.appendGlyphPaths(single, font: run.font)
      context.fill()
    }
  }

  /// Strokes the outlines of glyphs (and the decorations) with twice the outline width: the
  /// fill drawn over it hides the inner half.
  func stroke(_ context: CairoContext, glyphsOf runs: [Scene.Run], includeDecorations: Bool) {
    context.newPath()
    for run in runs where !run.font.isColor {
      appendPaths(context, of: run)
    }
    if includeDecorations {
      for box in scene.decorations { add(context, box: box) }
    }
    strokeCurrentPath(context)
  }

  /// Strokes the path in the outline's color and width, or drops it when there is no outline.
  private func strokeCurrentPath(_ context: CairoContext) {
    guard let outline = options.outline else {
      context.newPath()
      return
    }
    context.setSource(outline.color)
    context.setOutlineStroke(outline)
    context.stroke()
  }

  /// The connected outline on an image: every glyph's cached stroke at its quarter-pixel
  /// phase (under its rounded map, for a transformed glyph) and every decoration piece's that
  /// follows a transformed glyph, joined by keeping the larger coverage, plus the strokes of
  /// the other decorations.
  func outlineMask() throws(RenderError) -> AlphaMask {
    guard let outline = options.outline else { throw RenderError(.drawingFailed, "no outline") }
    let mask = try AlphaMask(width: canvas.deviceWidth, height: canvas.deviceHeight)
    mask.pixelsPerPoint = canvas.deviceScale
    var placed: [(stroke: GlyphStroke, x: Int, y: Int)] = []
    var leftOver: [Scene.Run] = []
    for run in scene.runs where !run.font.isColor {
      var rest = run
      (rest.glyphs, rest.matrices) = ([], [])
      for index in run.glyphs.indices {
        let matrix = run.matrices.isEmpty ? nil : run.matrices[index]
        switch placedStroke(of: run.glyphs[index], in: run, under: matrix, outline: outline) {
        case .some(let stroke?): placed.append(stroke)
        case .some(nil): break
        case nil:
          rest.glyphs.append(run.glyphs[index])
          if let matrix { rest.matrices.append(matrix) }
        }
      }
      if !rest.glyphs.isEmpty { leftOver.append(rest) }
    }
    let (scale, map) = (canvas.deviceScale, deviceMap)
    // Pieces that follow transformed glyphs from cached strokes; rectangles through cairo.
    var boxes: [Scene.Box] = []
    for box in scene.decorations {
      guard let quad = box.quad, let piece = Parallelogram(quad, map: map) else {
        boxes.append(box)
        continue
      }
      if let stroke = strokes.stroke(of: piece, deviceScale: scale, outline: outline) {
        placed.append((stroke, piece.position.x, piece.position.y))
      }
    }
    mask.formUnion(placed)
    if !boxes.isEmpty || !leftOver.isEmpty {
      let context = CairoContext(mask.surface)
      transform(context, deviceScale: canvas.deviceScale)
      for run in leftOver { appendPaths(context, of: run) }
      for box in boxes { add(context, box: box) }
      context.setSource(.black)
      context.setOutlineStroke(outline)
      context.stroke()
      try context.check()
    }
    return mask
  }

  /// A glyph's cached stroke and the whole pixel its origin falls in; `.some(nil)` for a glyph
  /// without one (a space), `nil` for a glyph under a map too large to cache, which is stroked
  /// through cairo.
  private func placedStroke(
    of glyph: SceneGlyph, in run: Scene.Run, under matrix: Layout.AffineTransform?,
    outline: RenderOptions.Outline
  ) -> (stroke: GlyphStroke, x: Int, y: Int)?? {
    let scale = canvas.deviceScale
    let position = GridPosition(
      of: glyph, under: matrix, scale: scale, originX: canvas.geometry.originX,
      originY: canvas.geometry.originY)
    var map: LinearMapKey?
    if let matrix {
      guard let key = LinearMapKey(matrix, pixelsPerEm: run.font.pixelsPerEm) else { return nil }
      map = key
    }
    guard
      let stroke = strokes.stroke(
        font: run.font, glyph: glyph.id, deviceScale: scale, outline: outline,
        phaseX: position.phaseX, phaseY: position.phaseY, map: map, outlines: outlines)
    else { return .some(nil) }
    return (stroke, position.x, position.y)
  }
}
