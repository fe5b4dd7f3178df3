internal import CHarfBuzz
import Synchronization

/// OpenType features as HarfBuzz takes them (`hb_feature_t`, each over the whole buffer), made
/// from ``LayoutOptions/features`` and the features of markup spans.
///
/// A list is interned: equal lists (in any order) give one object with one ``serial``, which
/// the caches key on (``ShapingStyle/Key/features``). At most ``internLimit`` lists are
/// interned per process; a list past that has no serial, and the accelerators decline its
/// runs (HarfBuzz shapes them whole, with the same glyphs).
///
/// `@unchecked Sendable`: every property is immutable after `init`.
final class ShapingFeatures: @unchecked Sendable {
  /// The features, sorted by tag (the order of distinct tags over the same range does not
  /// change HarfBuzz's result).
  let values: [hb_feature_t]
  /// A number no other list of the process has, or `nil` when the list is not interned.
  let serial: Int?
  /// The tags the list turns on (a value other than 0), sorted: the features whose lookups the
  /// accelerators' analysis adds to the face's defaults (``ShapingStyle/analysis``).
  let addedTags: [UInt32]

  /// Lists interned before new ones go without a serial.
  static let internLimit = 1024

  private static let interned = Mutex<[FontFeatures: ShapingFeatures]>([:])
  private static let serials = Atomic<Int>(0)

  private init(_ features: [FontFeatures.Feature], serial: Int?) {
    values = features.map { feature in
      // From the buffer's start (HB_FEATURE_GLOBAL_START) to its end (HB_FEATURE_GLOBAL_END,
      // a macro Swift does not import).
      hb_feature_t(tag: feature.tag, value: feature.value, start: 0, end: UInt32.max)
    }
    self.serial = serial
    addedTags = features.filter { $0.value != 0 }.map(\.tag)
  }

  /// The interned list of `features`, or `nil` when there are none (each font's defaults).
  static func interned(_ features: FontFeatures) -> ShapingFeatures? {
    guard !features.isEmpty else { return nil }
    let sorted = FontFeatures(features.features.sorted { $0.tag < $1.tag })
    return interned.withLock { table in
      if let known = table[sorted] { return known }
      guard table.count < internLimit else {
        return ShapingFeatures(sorted.features, serial: nil)
      }
      let made = ShapingFeatures(
        sorted.features, serial: serials.add(1, ordering: .relaxed).newValue)
      table[sorted] = made
      return made
    }
  }
}
