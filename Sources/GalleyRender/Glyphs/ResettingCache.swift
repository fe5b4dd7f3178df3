import Synchronization

/// A dictionary of values made once, behind a mutex, that empties whole when it holds
/// `limit` entries or `byteLimit` bytes: the renderer's per-glyph caches (strokes, outlines).
///
/// A value is made outside the lock, so two threads may make the same one; one is kept.
final class ResettingCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entries {
    var values: [Key: Value] = [:]
    var bytes = 0
  }

  private let entries = Mutex(Entries())
  private let limit: Int
  private let byteLimit: Int

  /// Creates an empty cache.
  ///
  /// - Parameters:
  ///   - limit: The entries held before it starts over.
  ///   - byteLimit: The bytes (as the values' costs count them) held before it starts over.
  init(limit: Int, byteLimit: Int = .max) {
    self.limit = limit
    self.byteLimit = byteLimit
  }

  /// The value of a key, made by `make` the first time.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - cost: The bytes a value holds, for the byte limit.
  ///   - make: Makes the value.
  /// - Returns: The value, made now or before.
  func value(forKey key: Key, cost: (Value) -> Int = { _ in 0 }, make: () -> Value) -> Value {
    if let known = entries.withLock({ $0.values[key] }) { return known }
    let made = make()
    let bytes = cost(made)
    entries.withLock { entries in
      if entries.values.count >= limit || entries.bytes + bytes > byteLimit {
        entries.values.removeAll()
        entries.bytes = 0
      }
      entries.values[key] = made
      entries.bytes += bytes
    }
    return made
  }
}
