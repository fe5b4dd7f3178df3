import GalleyRender

/// One answer of `POST /v1/render` as the caches keep it: the body, its content type and the
/// image geometry the response headers carry.
package struct CachedImage: Hashable, Sendable, Codable {
  /// The body: the image, or with `?include=layout` the JSON document.
  package var body: [UInt8]
  /// The body's content type, such as `image/png`.
  package var contentType: String
  /// The image's size, scale and the layout's origin in it.
  package var geometry: ImageGeometry

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - body: The body.
  ///   - contentType: Its content type.
  ///   - geometry: The image geometry.
  package init(body: [UInt8], contentType: String, geometry: ImageGeometry) {
    self.body = body
    self.contentType = contentType
    self.geometry = geometry
  }

  /// The bytes the entry costs in the memory cache: its body, key and bookkeeping.
  ///
  /// - Parameter key: The entry's key.
  /// - Returns: The cost.
  package func cost(key: String) -> Int {
    body.count + contentType.utf8.count + key.utf8.count + 128
  }
}
