import Synchronization

/// A dictionary of values made once, behind a mutex, that empties whole when it holds
/// `limit` entries: the renderer's per-glyph caches (strokes, outlines).
///
/// A value is made outside the lock, so two threads may make the same one; one is kept.
final class ResettingCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let entries = Mutex([Key: Value]())
  private let limit: Int

  /// Creates an empty cache.
  ///
  /// - Parameter limit: The entries held before it starts over.
  init(limit: Int) { self.limit = limit }

  /// The value of a key, made by `make` the first time.
  func value(forKey key: Key, make: () -> Value) -> Value {
    if let known = entries.withLock({ $0[key] }) { return known }
    let made = make()
    entries.withLock { entries in
      if entries.count >= limit { entries.removeAll() }
      entries[key] = made
    }
    return made
  }
}
