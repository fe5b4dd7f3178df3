import GalleyLayout

/// Draws layouts: to pixels in memory, or to PNG, SVG or PDF files.
///
/// A renderer draws exactly the `Layout` it is given (the glyph positions and rectangles
/// that were exported and that hit-testing uses), so what a user taps is what they see. It
/// keeps cairo faces and scaled fonts, with their glyph caches, for its whole life (make one
/// and keep it),
/// and is safe to share between threads.
///
/// ```swift
/// let layout = try LayoutEngine(fonts: try FontSet()).layout(text, options: .init(width: 300))
/// var options = RenderOptions(scale: 2)
/// options.shadow = .init(offsetX: 0, offsetY: 1, blur: 3)
/// let png = try Renderer().render(layout, options: options, format: .png)
/// ```
public final class Renderer: Sendable {
  private let fonts = CairoFontCache()
  private let strokes = GlyphStrokeCache()
  /// The glyph masks images are drawn with, or `nil` to draw every glyph through cairo.
  private let masks: GlyphMasks?
  /// The outlines glyphs turned their own way are filled from, or `nil` to let cairo make
  /// each under its map.
  private let outlines: GlyphOutlineCache?
  /// The drawing fast paths the renderer uses; every setting draws the same image, within
  /// anti-aliasing.
  public let accelerators: Accelerators

  /// Creates a renderer with empty font caches.
  ///
  /// - Parameter accelerators: The drawing fast paths to use (all of them unless told
  ///   otherwise).
  public init(accelerators: Accelerators = .all) {
    self.accelerators = accelerators
    masks = accelerators.contains(.glyphMasks) ? GlyphMasks() : nil
    outlines = accelerators.contains(.glyphOutlines) ? GlyphOutlineCache() : nil
  }

  /// A renderer whose glyph mask caches start over after `glyphLimit` glyphs and hold masks
  /// at most `largestMask` pixels wide and tall (for tests).
  init(glyphLimit: Int = GlyphMaskCache.glyphLimit, largestMask: Int = GlyphMaskCache.largestMask) {
    accelerators = .all
    masks = GlyphMasks(glyphLimit: glyphLimit, largestMask: largestMask)
    outlines = GlyphOutlineCache()
  }

  /// The image's size and the layout's place in it, without drawing.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - options: Scale, padding and effects (they decide how far the canvas grows).
  ///   - format: The output format (vector formats are not oversampled).
  /// - Returns: The geometry ``render(_:options:format:)`` would report.
  /// - Throws: ``RenderError`` for bad options, limits or fonts.
  public func geometry(
    of layout: Layout, options: RenderOptions = RenderOptions(), format: ImageFormat = .png
  ) throws(RenderError) -> ImageGeometry {
    try prepare(layout, options: options, isVector: format != .png).canvas.geometry
  }

  /// Draws a layout into pixels.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - options: Scale, canvas and effects.
  /// - Returns: The pixels and where the layout sits in them.
  /// - Throws: ``RenderError`` for bad options, an image over the limits, an unusable font or
  ///   a cairo failure.
  public func rasterize(_ layout: Layout, options: RenderOptions = RenderOptions())
    throws(RenderError) -> Bitmap
  {
    let (scene, canvas) = try prepare(layout, options: options, isVector: false)
    let surface = try CairoSurface(
      image: .argb32, width: canvas.deviceWidth, height: canvas.deviceHeight)
    let painter = Painter(
      scene: scene, layout: layout, options: options, canvas: canvas, fonts: fonts,
      strokes: strokes, masks: masks, outlines: outlines,
      maskResolution: 1)
    try painter.paint(on: surface)
    guard options.oversampling > 1 else {
      return Bitmap(surface: surface, geometry: canvas.geometry)
    }
    // Scale the oversampled drawing down with cairo's box-filtered resampling.
    let final = try CairoSurface(
      image: .argb32, width: canvas.geometry.width, height: canvas.geometry.height)
    let context = CairoContext(final)
    context.paintResampled(surface, factor: 1 / Double(options.oversampling))
    try context.check()
    return Bitmap(surface: final, geometry: canvas.geometry)
  }

  /// Draws a layout and encodes it.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - options: Scale, canvas and effects.
  ///   - format: PNG, SVG or PDF.
  ///   - pngCompression: How hard PNG encoding compresses (PNG only).
  ///   - text: The string the layout was made from (`FormattedText.string`), so that a PDF
  ///     keeps each glyph's characters: copied or read aloud, a ligature gives its letters
  ///     ("ffi") and a glyph with no Unicode value of its own its text. `nil` leaves cairo to
  ///     guess from the fonts. Truncation tokens and synthesized obliques draw without it.
  /// - Returns: The file's bytes and where the layout sits in the image.
  /// - Throws: ``RenderError`` as ``rasterize(_:options:)`` does.
  public func render(
    _ layout: Layout, options: RenderOptions = RenderOptions(), format: ImageFormat,
    pngCompression: PNGCompression = .balanced, text: String? = nil
  ) throws(RenderError) -> RenderedImage {
    switch format {
    case .png:
      let bitmap = try rasterize(layout, options: options)
      return RenderedImage(
        format: .png, data: try bitmap.pngData(compression: pngCompression),
        geometry: bitmap.geometry)
    case .svg, .pdf:
      let source = format == .pdf ? text.map(SourceText.init) : nil
      let (scene, canvas) = try prepare(
        layout, options: options, isVector: true, source: source)
      let data: [UInt8]
      do {
        // The document is in image units (points × scale), so it matches the PNG's size.
        let surface = try CairoSurface(
          vector: format, width: Double(canvas.geometry.width),
          height: Double(canvas.geometry.height))
        let painter = Painter(
          scene: scene, layout: layout, options: options, canvas: canvas, fonts: fonts,
          strokes: strokes, masks: masks, outlines: outlines,
          maskResolution: Canvas.vectorMaskResolution)
        try painter.paint(on: surface)
        let links = DocumentLinks(layout: layout, geometry: canvas.geometry)
        if format == .pdf {
          let context = CairoContext(surface)
          links.tag(context)
          try context.check()
          data = try surface.finishDocument()
        } else {
          data = links.addingLinks(toSVG: SVGIdentifiers.renaming(try surface.finishDocument()))
        }
      }
      return RenderedImage(format: format, data: data, geometry: canvas.geometry)
    }
  }

  private func prepare(
    _ layout: Layout, options: RenderOptions, isVector: Bool, source: SourceText? = nil
  ) throws(RenderError) -> (scene: Scene, canvas: Canvas) {
    if let problem = options.problem { throw RenderError(.invalidOptions, problem) }
    guard layout.size.width.isFinite, layout.size.height.isFinite, layout.size.width >= 0,
      layout.size.height >= 0, layout.size.width <= 1e7, layout.size.height <= 1e7
    else { throw RenderError(.invalidLayout, "the layout's size is not finite or is too large") }
    let deviceScale = options.scale * Double(isVector ? 1 : options.oversampling)
    let scene = try Scene(
      layout: layout, fonts: fonts, deviceScale: deviceScale, colors: ColorOverrides(options),
      keepsReadingOrder: isVector, source: source, drawOrder: options.drawOrder)
    let canvas = try Canvas(
      scene: scene, layoutSize: (layout.size.width, layout.size.height), options: options,
      isVector: isVector)
    return (scene, canvas)
  }
}
