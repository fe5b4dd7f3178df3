import GalleyRender

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The service's cache of render answers: the libraries' two-level cache (memory first, then
/// an optional directory shared by servers), keyed by ``RenderCacheKey``.
package typealias RenderCache = TwoLevelCache<CachedImage>

/// The keys of ``RenderCache``.
package enum RenderCacheKey {
  /// The key of a render request: its canonical JSON (sorted keys, the points left out), what
  /// the body includes, and the server's generation (``GalleyJobs/CacheGeneration``: its
  /// version, fonts and FontSets files).
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - includesLayout: Whether the body is the JSON document with the layout.
  ///   - generation: What else the answer depends on.
  /// - Returns: The key, or `nil` when the request cannot be encoded.
  package static func key(
    for request: ServiceRequest, includesLayout: Bool, generation: String
  ) -> String? {
    var canonical = request
    canonical.points = nil
    canonical.tolerance = nil
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let json = try? encoder.encode(canonical) else { return nil }
    return "render\(includesLayout ? "+layout" : "") \(generation) "
      + String(decoding: json, as: UTF8.self)
  }
}
