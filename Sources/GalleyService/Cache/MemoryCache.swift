import Synchronization

/// The first cache level: the most recently used render answers, bounded in bytes (least
/// recently used first out), safe to share between threads.
///
/// Entries live in one array linked into a recency list by index, so a hit, an insertion and
/// an eviction each cost O(1) besides the dictionary lookup.
package final class MemoryCache: Sendable {
  /// One entry and its neighbours in the recency list.
  private struct Node {
    var key: String
    var value: CachedImage
    var cost: Int
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
  package let capacity: Int
  private let state = Mutex(State())

  /// Creates a cache.
  ///
  /// - Parameter capacity: The most bytes kept; 0 turns the cache off.
  package init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The bytes and the number of entries kept now.
  package var usage: (bytes: Int, count: Int) {
    state.withLock { ($0.bytes, $0.index.count) }
  }

  /// The entry for a key, which becomes the most recently used.
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry, or `nil`.
  package func value(forKey key: String) -> CachedImage? {
    state.withLock { state in
      guard let slot = state.index[key] else { return nil }
      Self.unlink(slot, in: &state)
      Self.linkNewest(slot, in: &state)
      return state.nodes[slot].value
    }
  }

  /// Keeps an entry, evicting the least recently used ones to stay within ``capacity``; an
  /// entry larger than the capacity is not kept.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - key: Its key.
  package func insert(_ value: CachedImage, forKey key: String) {
    let cost = value.cost(key: key)
    guard cost <= capacity else { return }
    state.withLock { state in
      if let slot = state.index[key] { Self.remove(slot, in: &state) }
      while state.bytes + cost > capacity, let oldest = state.oldest {
        Self.remove(oldest, in: &state)
      }
      let node = Node(key: key, value: value, cost: cost, newer: nil, older: nil)
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
    }
  }

  /// Removes a node from the list, the index and the byte count.
  private static func remove(_ slot: Int, in state: inout State) {
    unlink(slot, in: &state)
    state.index[state.nodes[slot].key] = nil
    state.bytes -= state.nodes[slot].cost
    state.nodes[slot].value.body = []
    state.free.append(slot)
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
