import GalleyRender
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one `galley render` draws, before anything is written: the bytes of each output (in
/// ``RenderCommand/outputPaths(variants:)``'s order), each image's geometry (one, or one per
/// variant or frame), and the warnings; what `--cache-dir` keeps.
struct RenderProducts: Hashable, Sendable {
  /// Each output's bytes.
  var contents: [[UInt8]]
  /// Each image's geometry.
  var geometries: [ImageGeometry]
  /// The warnings for standard error.
  var warnings: String
  /// Whether they were read from `--cache-dir` (not stored).
  var isFromCache = false
}

extension RenderProducts: CacheValue {
  /// The first line of the stored form: everything but the contents' bytes.
  private struct Header: Codable {
    var lengths: [Int]
    var geometries: [ImageGeometry]
    var warnings: String
  }

  /// A JSON line with the lengths, geometries and warnings, then every output's bytes.
  var cacheBytes: [UInt8] {
    let header = Header(
      lengths: contents.map(\.count), geometries: geometries, warnings: warnings)
    return HeaderedBytes.encode(header, body: contents.joined()) ?? []
  }

  /// Reads products back from ``cacheBytes``.
  ///
  /// - Parameter cacheBytes: The bytes.
  init?(cacheBytes: [UInt8]) {
    guard let (header, body) = HeaderedBytes.decode(Header.self, from: cacheBytes),
      header.lengths.allSatisfy({ $0 >= 0 && $0 <= body.count }),
      header.lengths.reduce(0, +) == body.count
    else { return nil }
    var start = body.startIndex
    contents = header.lengths.map { length in
      defer { start += length }
      return Array(body[start..<(start + length)])
    }
    geometries = header.geometries
    warnings = header.warnings
  }

  /// The outputs' bytes and 256 bytes of bookkeeping.
  var cacheCost: Int { contents.reduce(256) { $0 + $1.count } }
}
