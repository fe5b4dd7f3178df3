import GalleyRender

/// What `galley render` prints: the file written, its format and the image geometry.
///
/// ```json
/// {"schemaVersion": 1, "format": "png", "output": "a.png",
///  "image": {"width": 42, "height": 20, "scale": 1, "originX": 0, "originY": 0}}
/// ```
struct RenderSummary: Encodable {
  /// The version of this document's shape.
  var schemaVersion = 1
  /// The image format written.
  var format: ImageFormat
  /// The `-o` path as given.
  var output: String
  /// The image's size and scale, and the layout's origin in it.
  var image: ImageGeometry
}
