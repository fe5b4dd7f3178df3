/// The image's size and where the layout sits in it: the layout box, grown to hold every
/// glyph's ink and every effect, and to hold it all again at the drawing's offset, then
/// padded.
///
/// Effects never get cropped (FXLabel users had to add insets by hand for this); the layout's
/// origin moves instead, and ``ImageGeometry`` reports where it went.
struct Canvas {
  /// The final image.
  var geometry: ImageGeometry
  /// Pixels per point while drawing: the scale times the oversampling for images.
  var deviceScale: Double
  /// The drawing surface's size in device pixels (oversampled for images).
  var deviceWidth: Int
  var deviceHeight: Int

  /// The resolution of blur masks in vector output, in mask pixels per device unit.
  static let vectorMaskResolution = 2.0

  /// Lays out the canvas for a scene.
  ///
  /// - Throws: ``RenderError/Kind/imageTooLarge`` past the documented limits.
  init(
    scene: Scene, layoutSize: (width: Double, height: Double), options: RenderOptions,
    isVector: Bool
  ) throws(RenderError) {
    let oversampling = isVector ? 1 : options.oversampling
    deviceScale = options.scale * Double(oversampling)
    var content = Bounds(
      x: 0, y: 0, width: max(0, layoutSize.width), height: max(0, layoutSize.height))
    if let ink = scene.inkBounds {
      content = content.union(ink)
      var shape = ink
      if let outline = options.outline {
        // Two more pixels: anti-aliasing, and glyphs snapped to the nearest whole pixel.
        shape = shape.insetBy(-(outline.reach + 2 / options.scale))
      }
      content = content.union(shape)
      if let shadow = options.shadow {
        let reach = BoxBlur.reach(radius: shadow.blur, scale: options.scale)
        content = content.union(
          shape.offsetBy(x: shadow.offsetX, y: shadow.offsetY).insetBy(-reach))
      }
      if let glow = options.glow {
        let reach = BoxBlur.reach(radius: glow.blur, scale: options.scale)
        content = content.union(
          shape.offsetBy(x: glow.offsetX, y: glow.offsetY).insetBy(-reach))
      }
    }
    let scale = options.scale
    // The offset is whole pixels, so the drawing keeps its pixel grid; the canvas holds the
    // drawing unmoved and moved.
    let offsetX = (options.offsetX * scale).rounded() / scale
    let offsetY = (options.offsetY * scale).rounded() / scale
    content = content.union(content.offsetBy(x: offsetX, y: offsetY))
    content = content.insetBy(-options.padding)
    // The origin lands on a whole pixel, so backgrounds and underlines stay crisp.
    // Adding 0 turns -0 into 0.
    var originX = (-content.minX * scale).rounded(.up) / scale + 0
    var originY = (-content.minY * scale).rounded(.up) / scale + 0
    let width = max(1, ((content.maxX + originX) * scale).rounded(.up))
    let height = max(1, ((content.maxY + originY) * scale).rounded(.up))
    let deviceWidth = width * Double(oversampling)
    let deviceHeight = height * Double(oversampling)
    let limit = Double(RenderOptions.maximumSide)
    guard deviceWidth.isFinite, deviceHeight.isFinite, deviceWidth <= limit,
      deviceHeight <= limit,
      deviceWidth * deviceHeight <= Double(RenderOptions.maximumPixels)
    else {
      let size = "\(Int(saturating: deviceWidth))×\(Int(saturating: deviceHeight))"
      throw RenderError(
        .imageTooLarge,
        "the image would be \(size) pixels\(oversampling > 1 ? " with oversampling" : ""); "
          + "the limit is \(RenderOptions.maximumSide) pixels a side and "
          + "\(RenderOptions.maximumPixels / (1 << 20)) megapixels")
    }
    originX += offsetX
    originY += offsetY
    geometry = ImageGeometry(
      width: Int(width), height: Int(height), scale: scale, originX: originX, originY: originY)
    self.deviceWidth = Int(deviceWidth)
    self.deviceHeight = Int(deviceHeight)
  }
}
