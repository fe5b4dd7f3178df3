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
  /// With `--cache-dir`: `hit` when the files came from the cache, else `miss`.
  var cache: String?

  /// A summary of one image.
  init(format: ImageFormat, output: String, image: ImageGeometry) {
    self.format = format
    self.output = output
    self.image = image
  }
}

/// What `galley render --variants` prints: each variant's image, and with `--sprite-sheet`
/// the sheet and its atlas.
///
/// ```json
/// {"schemaVersion": 1, "format": "png",
///  "variants": [{"name": "normal", "output": "button-normal.png", "image": {…}}, …]}
/// ```
struct VariantsSummary: Encodable {
  /// One variant's image.
  struct Entry: Encodable {
    /// The variant's name.
    var name: String
    /// The file it went to (`-o` with its name), or `nil` in a sprite sheet.
    var output: String?
    /// Its image's size and scale, and the layout's origin in it (in a sprite sheet: in its
    /// frame).
    var image: ImageGeometry
  }

  /// The version of this document's shape.
  var schemaVersion = 1
  /// The image format written.
  var format: ImageFormat
  /// The sprite sheet's path, or `nil`.
  var output: String?
  /// The atlas's path, or `nil`.
  var atlas: String?
  /// The variants, in order.
  var variants: [Entry]
  /// With `--cache-dir`: `hit` when the files came from the cache, else `miss`.
  var cache: String?

  /// A summary of variants' images.
  init(format: ImageFormat, variants: [Entry]) {
    self.format = format
    self.variants = variants
  }
}
