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
}
