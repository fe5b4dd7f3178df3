import GalleySupport
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The two-level cache of render answers, as DHSGlyphText's: memory first (``MemoryCache``),
/// then an optional directory (``DiskCache``), keyed by the request's canonical JSON.
package final class RenderCache: Sendable {
  /// Where a hit came from.
  package enum Level: String, Sendable {
    /// The memory cache.
    case memory
    /// The disk cache.
    case disk
  }

  /// The memory level.
  package let memory: MemoryCache
  /// The disk level, or `nil`.
  package let disk: DiskCache?
  private let counts = Mutex((memoryHits: 0, diskHits: 0, misses: 0))

  /// Creates a cache.
  ///
  /// - Parameters:
  ///   - memoryBytes: The memory level's capacity in bytes; 0 turns it off.
  ///   - directory: The disk level's directory, or `nil` for none.
  ///   - diskBytes: The disk level's capacity in bytes.
  ///   - report: Where the disk level says what went wrong (a log).
  package init(
    memoryBytes: Int, directory: String?, diskBytes: Int = 1 << 30,
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    memory = MemoryCache(capacity: memoryBytes)
    disk = directory.map { DiskCache(directory: $0, capacity: diskBytes, report: report) }
  }

  /// The hits of each level and the misses so far.
  package var statistics: (memoryHits: Int, diskHits: Int, misses: Int) {
    counts.withLock { $0 }
  }

  /// The key of a render request: its canonical JSON (sorted keys, the points left out), what
  /// the body includes, and the server's generation (``CacheGeneration``: its version, fonts
  /// and FontSets files).
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

  /// The entry for a key, from memory or else from disk (which then goes into memory).
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry and the level it came from, or `nil` on a miss.
  package func value(forKey key: String) -> (CachedImage, Level)? {
    if let entry = memory.value(forKey: key) {
      counts.withLock { $0.memoryHits += 1 }
      return (entry, .memory)
    }
    if let disk, let entry = disk.value(forKey: key) {
      counts.withLock { $0.diskHits += 1 }
      memory.insert(entry, forKey: key)
      return (entry, .disk)
    }
    counts.withLock { $0.misses += 1 }
    return nil
  }

  /// Keeps an entry in both levels.
  ///
  /// - Parameters:
  ///   - entry: The entry.
  ///   - key: Its key.
  package func insert(_ entry: CachedImage, forKey key: String) {
    memory.insert(entry, forKey: key)
    disk?.insert(entry, forKey: key)
  }
}
