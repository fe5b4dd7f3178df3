import Synchronization

/// The first level of a ``TwoLevelCache``: the most recently used entries, bounded in bytes
/// (least recently used first out), safe to share between threads.
///
/// Entries live in one array linked into a recency list by index, so a hit, an insertion and
/// an eviction each cost O(1) besides the dictionary lookup.
final class MemoryCache<Value: CacheValue>: Sendable {
  /// An entry pushed out, and whether the disk level already holds it.
  typealias Evicted = (key: String, value: Value, isStored: Bool)

  /// One entry and its neighbours in the recency list.
  private struct Node {
    var key: String
    var value: Value?
    var cost: Int
    /// Whether the disk level holds the entry.
    var isStored: Bool
    var newer: Int?
    var older: Int?
  }

  /// The cache's state, behind the mutex.
  private struct State {
    var nodes: [Node] = []
    var free: [Int] = []
    var index: [String: Int] = [:]
    var newest: Int?
    var oldest: Int?
    var bytes = 0
  }

  /// The most bytes kept.
  let capacity: Int
  private let state = Mutex(State())

  /// Creates a cache.
  ///
  /// - Parameter capacity: The most bytes kept; 0 turns the cache off.
  init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The bytes and the number of entries kept now.
  var usage: (bytes: Int, count: Int) {
    state.withLock { ($0.bytes, $0.index.count) }
  }

  /// The entry for a key, which becomes the most recently used.
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry, or `nil`.
  func value(forKey key: String) -> Value? {
    state.withLock { state in
      guard let slot = state.index[key] else { return nil }
      Self.unlink(slot, in: &state)
      Self.linkNewest(slot, in: &state)
      return state.nodes[slot].value
    }
  }

  /// Keeps an entry, evicting the least recently used ones to stay within ``capacity``; an
  /// entry larger than the capacity is not kept (and is returned as evicted).
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - key: Its key.
  ///   - isStored: Whether the disk level holds it.
  /// - Returns: The entries pushed out, oldest first.
  @discardableResult
  func insert(_ value: Value, forKey key: String, isStored: Bool) -> [Evicted] {
    let cost = value.cacheCost + key.utf8.count
    guard cost <= capacity else { return [(key, value, isStored)] }
    return state.withLock { state in
      var evicted: [Evicted] = []
      if let slot = state.index[key] { _ = Self.remove(slot, in: &state) }
      while state.bytes + cost > capacity, let oldest = state.oldest {
        if let entry = Self.remove(oldest, in: &state) { evicted.append(entry) }
      }
      let node = Node(
        key: key, value: value, cost: cost, isStored: isStored, newer: nil, older: nil)
      let slot: Int
      if let reused = state.free.popLast() {
        state.nodes[reused] = node
        slot = reused
      } else {
        state.nodes.append(node)
        slot = state.nodes.count - 1
      }
      state.index[key] = slot
      state.bytes += cost
      Self.linkNewest(slot, in: &state)
      return evicted
    }
  }

  /// Evicts the least recently used entries until the cache holds at most `bytes`.
  ///
  /// - Parameter bytes: The most bytes left.
  /// - Returns: The entries pushed out, oldest first.
  func trim(to bytes: Int) -> [Evicted] {
    state.withLock { state in
      var evicted: [Evicted] = []
      while state.bytes > bytes, let oldest = state.oldest {
        if let entry = Self.remove(oldest, in: &state) { evicted.append(entry) }
      }
      return evicted
    }
  }

  /// The entries the disk level does not hold, newest first, now marked as held.
  func unstored() -> [(key: String, value: Value)] {
    state.withLock { state in
      var found: [(key: String, value: Value)] = []
      var slot = state.newest
      while let current = slot {
        if !state.nodes[current].isStored, let value = state.nodes[current].value {
          found.append((state.nodes[current].key, value))
          state.nodes[current].isStored = true
        }
        slot = state.nodes[current].older
      }
      return found
    }
  }

  /// Removes a node from the list, the index and the byte count.
  private static func remove(_ slot: Int, in state: inout State) -> Evicted? {
    unlink(slot, in: &state)
    let node = state.nodes[slot]
    state.index[node.key] = nil
    state.bytes -= node.cost
    state.nodes[slot].value = nil
    state.free.append(slot)
    return node.value.map { (node.key, $0, node.isStored) }
  }

  /// Takes a node out of the recency list.
  private static func unlink(_ slot: Int, in state: inout State) {
    let node = state.nodes[slot]
    if let newer = node.newer {
      state.nodes[newer].older = node.older
    } else {
      state.newest = node.older
    }
    if let older = node.older {
      state.nodes[older].newer = node.newer
    } else {
      state.oldest = node.newer
    }
    state.nodes[slot].newer = nil
    state.nodes[slot].older = nil
  }

  /// Puts a node at the newest end of the recency list.
  private static func linkNewest(_ slot: Int, in state: inout State) {
    state.nodes[slot].older = state.newest
    if let newest = state.newest { state.nodes[newest].newer = slot }
    state.newest = slot
    if state.oldest == nil { state.oldest = slot }
  }
}
