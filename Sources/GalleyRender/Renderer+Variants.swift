import GalleyLayout

extension Renderer {
  /// Draws one image per variant of a layout, in the variants' order.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - variants: The variants (see ``RenderVariant/problem(with:)``).
  ///   - format: PNG, SVG or PDF.
  ///   - pngCompression: How hard PNG encoding compresses (PNG only).
  ///   - text: The layout's string, for PDF text (as in
  ///     ``render(_:options:format:pngCompression:text:)``).
  /// - Returns: One image per variant, each exactly what rendering it alone gives.
  /// - Throws: ``RenderError``: ``RenderError/Kind/invalidOptions`` for bad variants, else as
  ///   ``render(_:options:format:pngCompression:text:)`` does for the first that fails.
  public func render(
    _ layout: Layout, variants: [RenderVariant], format: ImageFormat,
    pngCompression: PNGCompression = .balanced, text: String? = nil
  ) throws(RenderError) -> [RenderedImage] {
    if let problem = RenderVariant.problem(with: variants) {
      throw RenderError(.invalidOptions, problem)
    }
    var images: [RenderedImage] = []
    for variant in variants {
      images.append(
        try render(
          layout, options: variant.options, format: format, pngCompression: pngCompression,
          text: text))
    }
    return images
  }

  /// Draws the variants of a layout into one PNG sprite sheet, stacked top to bottom, with its
  /// atlas.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - variants: The variants (see ``RenderVariant/problem(with:)``).
  ///   - pngCompression: How hard PNG encoding compresses.
  /// - Returns: The sheet; each frame holds exactly the pixels of its variant's own image.
  /// - Throws: ``RenderError``: ``RenderError/Kind/invalidOptions`` for bad variants,
  ///   ``RenderError/Kind/imageTooLarge`` for a sheet past ``RenderOptions/maximumSide`` or
  ///   ``RenderOptions/maximumPixels``, else as ``rasterize(_:options:)`` does.
  public func renderSpriteSheet(
    _ layout: Layout, variants: [RenderVariant], pngCompression: PNGCompression = .balanced
  ) throws(RenderError) -> SpriteSheet {
    if let problem = RenderVariant.problem(with: variants) {
      throw RenderError(.invalidOptions, problem)
    }
    var bitmaps: [Bitmap] = []
    var frames: [SpriteSheet.Frame] = []
    var (width, height) = (0, 0)
    for variant in variants {
      let bitmap = try rasterize(layout, options: variant.options)
      frames.append(
        SpriteSheet.Frame(
          name: variant.name, y: height, geometry: bitmap.geometry,
          links: Self.links(of: layout, in: bitmap.geometry)))
      bitmaps.append(bitmap)
      width = max(width, bitmap.width)
      height += bitmap.height
      guard height <= RenderOptions.maximumSide, width * height <= RenderOptions.maximumPixels
      else {
        throw RenderError(
          .imageTooLarge,
          "the sprite sheet would pass \(RenderOptions.maximumSide) pixels a side or "
            + "\(RenderOptions.maximumPixels / (1 << 20)) megapixels")
      }
    }
    let sheet = try CairoSurface(image: .argb32, width: width, height: height)
    let context = CairoContext(sheet)
    for (bitmap, frame) in zip(bitmaps, frames) {
      // Over a transparent sheet, at whole pixels: a copy of the frame's pixels.
      context.setSource(bitmap.storage.surface, x: 0, y: Double(frame.y))
      context.paint()
    }
    try context.check()
    let image = Bitmap(
      surface: sheet,
      geometry: ImageGeometry(width: width, height: height, scale: 1, originX: 0, originY: 0))
    return SpriteSheet(
      png: try image.pngData(compression: pngCompression),
      atlas: SpriteSheet.Atlas(width: width, height: height, frames: frames))
  }

  /// A layout's links in the pixels of an image with a geometry.
  private static func links(of layout: Layout, in geometry: ImageGeometry) -> [SpriteSheet.Link] {
    let scale = geometry.scale
    return layout.links.map { link in
      SpriteSheet.Link(
        index: link.index, target: link.target,
        rects: link.rects.map { rect in
          Layout.Rect(
            x: (rect.x + geometry.originX) * scale, y: (rect.y + geometry.originY) * scale,
            width: rect.width * scale, height: rect.height * scale)
        })
    }
  }
}
