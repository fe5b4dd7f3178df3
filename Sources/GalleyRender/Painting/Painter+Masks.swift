import GalleyStyle

extension Painter {
  /// Paints the shadow, then the glow: the text's shape, blurred, in the effect's color at its
  /// offset.
  ///
  /// - Parameters:
  ///   - context: The context on the surface.
  ///   - fillShape: The text's fill shape, reused on images.
  ///   - strokes: The connected outline's mask on images, added to the shape.
  /// - Throws: ``RenderError`` when a mask cannot be made.
  func paintShadowAndGlow(_ context: CairoContext, fillShape: AlphaMask?, strokes: AlphaMask?)
    throws(RenderError)
  {
    let effects = [options.shadow, options.glow].compactMap { $0 }
    guard !effects.isEmpty else { return }
    let shape: AlphaMask
    if let fillShape, !isVector, options.outline?.mode != .glyphs {
      // The fill's mask plus color glyphs and the outline's strokes.
      shape = try fillShape.copy()
      try drawColorGlyphs(into: shape)
      if let strokes { shape.formUnion(strokes) }
    } else {
      shape = try mask(colorGlyphs: true, strokingOutline: true)
    }
    for (number, effect) in effects.enumerated() {
      // The last effect may blur the shape itself.
      let blurred = number == effects.count - 1 ? shape : try shape.copy()
      blurred.blur(radius: effect.blur, outside: 0)
      try paint(
        context, mask: blurred, color: effect.color, offsetX: effect.offsetX,
        offsetY: effect.offsetY)
    }
  }

  /// Paints FXLabel's inner shadow, made from the text's fill shape, when the options ask
  /// for one.
  func paintInnerShadow(_ context: CairoContext, fillShape: AlphaMask) throws(RenderError) {
    guard let inner = options.innerShadow else { return }
    let shadow = try fillShape.innerShadow(
      blurRadius: inner.blur, offsetX: inner.offsetX * canvas.deviceScale * maskResolution,
      offsetY: inner.offsetY * canvas.deviceScale * maskResolution)
    try paint(context, mask: shadow, color: inner.color, offsetX: 0, offsetY: 0)
  }

  /// The text's shape as an alpha mask: glyphs (color ones when asked), decorations, and the
  /// outline's stroked paths when asked and there is an outline.
  func mask(colorGlyphs: Bool, strokingOutline: Bool = false) throws(RenderError) -> AlphaMask {
    let mask = try AlphaMask(
      width: Int(saturating: (Double(canvas.deviceWidth) * maskResolution).rounded(.up)),
      height: Int(saturating: (Double(canvas.deviceHeight) * maskResolution).rounded(.up)))
    let context = CairoContext(mask.surface)
    let scale = canvas.deviceScale * maskResolution
    transform(context, deviceScale: scale)
    context.setSource(.black)
    var runs: [Scene.Run] = []
    for var run in scene.runs where colorGlyphs || !run.font.isColor {
      if maskResolution != 1 { run.font = try fonts.font(for: run.reference, deviceScale: scale) }
      runs.append(run)
    }
    if strokingOutline, options.outline != nil {
      stroke(context, glyphsOf: runs, includeDecorations: true)
      context.setSource(.black)
    }
    if isVector {
      for run in runs { show(context, run: run) }
    } else {
      try drawGlyphs(of: runs, on: mask.surface, context, color: { _ in .black })
    }
    let decorations = scene.decorations.map { box in
      var black = box
      black.color = .black
      return black
    }
    try fill(context, boxes: decorations, gradient: nil, on: isVector ? nil : mask.surface)
    try context.check()
    mask.pixelsPerPoint = scale
    return mask
  }

  /// Adds the color glyphs (emoji) to an image mask.
  private func drawColorGlyphs(into mask: AlphaMask) throws(RenderError) {
    guard scene.runs.contains(where: { $0.font.isColor }) else { return }
    let context = CairoContext(mask.surface)
    transform(context, deviceScale: canvas.deviceScale)
    context.setSource(.black)
    for run in scene.runs where run.font.isColor {
      show(context, run: run)
    }
    try context.check()
  }

  /// Paints `color` through a mask, moved by an offset in points: as a mask on images, as a
  /// colored image in vector output.
  func paint(
    _ context: CairoContext, mask: AlphaMask, color: TextColor, offsetX: Double, offsetY: Double
  ) throws(RenderError) {
    try context.withSavedState { () throws(RenderError) in
      context.resetMatrix()
      context.scale(by: 1 / maskResolution)
      let unit = canvas.deviceScale * maskResolution
      if isVector {
        let image = try mask.colorized(color)
        context.setSource(image, x: offsetX * unit, y: offsetY * unit)
        context.paint()
      } else {
        context.setSource(color)
        context.mask(mask.surface, x: offsetX * unit, y: offsetY * unit)
      }
    }
  }
}
