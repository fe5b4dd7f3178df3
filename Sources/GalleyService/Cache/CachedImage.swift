import GalleyRender
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One answer of `POST /v1/render` as the caches keep it: the body, its content type and the
/// image geometry the response headers carry.
package struct CachedImage: Hashable, Sendable, Codable {
  /// The body: the image, or with `?include=layout` or `variants` a JSON document.
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
}

extension CachedImage: CacheValue {
  /// The first line of the stored form.
  private struct Header: Codable {
    var contentType: String
    var geometry: ImageGeometry
  }

  /// A JSON line with the content type and the geometry, then the body.
  package var cacheBytes: [UInt8] {
    HeaderedBytes.encode(Header(contentType: contentType, geometry: geometry), body: body) ?? []
  }

  /// Reads an entry back from ``cacheBytes``.
  ///
  /// - Parameter cacheBytes: The bytes.
  package init?(cacheBytes: [UInt8]) {
    guard let (header, body) = HeaderedBytes.decode(Header.self, from: cacheBytes) else {
      return nil
    }
    self.init(body: Array(body), contentType: header.contentType, geometry: header.geometry)
  }

  /// The body, the content type and 128 bytes of bookkeeping.
  package var cacheCost: Int { body.count + contentType.utf8.count + 128 }
}
