internal import CPixman

/// A transformed glyph's or a parallelogram's mask key: the untransformed key (font serial,
/// glyph and phases; font serial 0 for a parallelogram) and the map's rounded linear part
/// (``LinearMapKey``).
struct TransformedMaskKey: Equatable {
  var key: Int
  var map: LinearMapKey

  /// The numbers mixed into one, which the table hashes.
  var mixed: Int { (key &* TransformedMaskTable.spread) ^ map.mixed }
}

/// The masks of transformed glyphs and parallelograms by key: open addressing with linear
/// probing over one flat array, at most half full, hashed by a multiplication.
///
/// A random shift's labels bring tens of thousands of keys; a general dictionary hashes each
/// with a seeded hasher and reaches its entry through two arrays, where here a lookup is a
/// multiplication and, nearly always, one slot.
final class TransformedMaskTable {
  private struct Slot {
    var key: TransformedMaskKey
    var entry: CachedMask
  }

  /// An odd multiplier (2⁶⁴ / φ): distinct keys get well-mixed slots.
  static let spread = Int(bitPattern: 0x9E37_79B9_7F4A_7C15)
  private static let firstCapacity = 1 << 10

  private var slots: UnsafeMutablePointer<Slot?>
  /// Slots, a power of two.
  private var capacity: Int
  /// Keys held.
  private(set) var count = 0

  init() {
    capacity = Self.firstCapacity
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
  }

  deinit {
    slots.deinitialize(count: capacity)
    slots.deallocate()
  }

  /// The entry of `key`, or `nil` when the table does not hold it.
  func entry(for key: TransformedMaskKey) -> CachedMask? {
    var index = slot(of: key)
    while let held = slots[index] {
      if held.key == key { return held.entry }
      index = (index + 1) & (capacity - 1)
    }
    return nil
  }

  /// Brings the memory where a key's lookup starts toward the processor, ahead of the lookup.
  func prefetch(_ key: TransformedMaskKey) {
    galley_prefetch(slots + slot(of: key))
  }

  /// Holds `entry` under `key`, which the table does not hold yet.
  func insert(_ entry: CachedMask, for key: TransformedMaskKey) {
    if (count + 1) * 2 > capacity { grow() }
    var index = slot(of: key)
    while slots[index] != nil { index = (index + 1) & (capacity - 1) }
    slots[index] = Slot(key: key, entry: entry)
    count += 1
  }

  /// Forgets every key, keeping the slots.
  func removeAll() {
    slots.update(repeating: nil, count: capacity)
    count = 0
  }

  private func slot(of key: TransformedMaskKey) -> Int {
    let bits = capacity.trailingZeroBitCount
    return Int(truncatingIfNeeded: UInt(bitPattern: key.mixed &* Self.spread) >> (64 - bits))
  }

  /// Doubles the slots and places every key again.
  private func grow() {
    let old = (slots, capacity)
    capacity *= 2
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    count = 0
    for index in 0..<old.1 {
      if let held = old.0[index] { insert(held.entry, for: held.key) }
    }
    old.0.deinitialize(count: old.1)
    old.0.deallocate()
  }
}
