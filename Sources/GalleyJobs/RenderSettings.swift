import GalleyRender

/// What the request's `render` object sets: the format, the PNG compression and the
/// renderer's options.
package struct RenderSettings: Hashable, Sendable {
  /// The image format (`png` unless the request says otherwise).
  package var format: ImageFormat = .png
  /// The PNG compression, or `nil` for the library's default.
  package var pngCompression: PNGCompression?
  /// Scale, canvas and effects; `RenderOptions()`'s defaults are the CLI's.
  package var options = RenderOptions()

  /// Settings with every default.
  package init() {}

  /// Settings with each part given.
  ///
  /// - Parameters:
  ///   - format: The image format.
  ///   - pngCompression: The PNG compression, or `nil` for the library's default.
  ///   - options: Scale, canvas and effects.
  package init(format: ImageFormat, pngCompression: PNGCompression?, options: RenderOptions) {
    self.format = format
    self.pngCompression = pngCompression
    self.options = options
  }
}
