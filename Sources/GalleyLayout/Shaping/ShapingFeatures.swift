internal import CHarfBuzz
import Synchronization

/// OpenType features as HarfBuzz takes them (`hb_feature_t`), made from
/// ``LayoutOptions/features``, the features of markup spans and letter spacing.
///
/// A run's own list applies to the whole buffer and is interned: equal lists (in any order)
/// give one object with one ``serial``, which the caches key on
/// (``ShapingStyle/Key/features``). At most ``internLimit`` lists are interned per process; a
/// list past that has no serial, and the accelerators decline its runs (HarfBuzz shapes them
/// whole, with the same glyphs). Items of different lists shaped in one buffer take their
/// lists as ranges (``ranged(_:)``): such lists are never interned either.
///
/// HarfBuzz keeps the shaping plan of every feature list it shapes with, in a list per face
/// that each call searches, for the face's life. Only interned lists go to `hb_shape`, so it
/// keeps at most ``internLimit`` per face; the others shape through plans of Galley's, kept
/// within a bound (``ShapingPlans``).
///
/// `@unchecked Sendable`: every property is immutable after `init`.
final class ShapingFeatures: @unchecked Sendable {
  /// The features, sorted by tag (the order of distinct tags over the same range does not
  /// change HarfBuzz's result); a ranged list's in the order of its ranges.
  let values: [hb_feature_t]
  /// The list over the whole run, sorted by tag; empty for a ranged list.
  let list: FontFeatures
  /// A number no other list of the process has, or `nil` when the list is not interned.
  let serial: Int?
  /// The tags the list turns on (a value other than 0) that HarfBuzz does not turn on by
  /// default (``ShapingFace/defaultFeatureTags``), sorted: the features whose lookups the
  /// accelerators' analysis adds to the face's defaults (``ShapingStyle/analysis``).
  let addedTags: [UInt32]
  /// The list as a run's font reports it, made once per list: `nil` for a ranged list.
  let typography: RunTypography?

  /// Lists interned before new ones go without a serial.
  static let internLimit = 1024

  private static let interned = Mutex<[FontFeatures: ShapingFeatures]>([:])
  /// The list last interned, as asked (unsorted), and its object: most layouts of a process
  /// ask for the same list, found here without sorting or hashing.
  private static let recent = Mutex<(asked: FontFeatures, list: ShapingFeatures)?>(nil)
  private static let serials = Atomic<Int>(0)

  private init(_ list: FontFeatures, serial: Int?) {
    // From the buffer's start (HB_FEATURE_GLOBAL_START) to its end (HB_FEATURE_GLOBAL_END, a
    // macro Swift does not import).
    values = list.features.map { feature in
      hb_feature_t(tag: feature.tag, value: feature.value, start: 0, end: UInt32.max)
    }
    self.list = list
    self.serial = serial
    addedTags = list.features.filter {
      $0.value != 0 && !ShapingFace.defaultFeatureTags.contains($0.tag)
    }.map(\.tag)
    typography = RunTypography.make(list, FontVariations(), nil)
  }

  private init(ranged values: [hb_feature_t]) {
    self.values = values
    list = FontFeatures()
    serial = nil
    addedTags = []
    typography = nil
  }

  /// The features of consecutive parts of one buffer, each list over its part's clusters
  /// (UTF-8 offsets into the paragraph): HarfBuzz turns them on and off with masks, so
  /// ligatures, kerning and joining still reach across the parts where the lists agree.
  static func ranged(_ parts: [(features: ShapingFeatures?, range: Range<Int>)])
    -> ShapingFeatures
  {
    var values: [hb_feature_t] = []
    for (features, range) in parts {
      for feature in features?.list.features ?? [] {
        values.append(
          hb_feature_t(
            tag: feature.tag, value: feature.value, start: UInt32(range.lowerBound),
            end: UInt32(range.upperBound)))
      }
    }
    return ShapingFeatures(ranged: values)
  }

  /// The interned list of `features`, or `nil` when there are none (each font's defaults).
  static func interned(_ features: FontFeatures) -> ShapingFeatures? {
    guard !features.isEmpty else { return nil }
    if let known = recent.withLock({ $0?.asked == features ? $0?.list : nil }) { return known }
    let sorted = FontFeatures(features.features.sorted { $0.tag < $1.tag })
    let list = interned.withLock { table in
      if let known = table[sorted] { return known }
      guard table.count < internLimit else { return ShapingFeatures(sorted, serial: nil) }
      let made = ShapingFeatures(sorted, serial: serials.add(1, ordering: .relaxed).newValue)
      table[sorted] = made
      return made
    }
    if list.serial != nil { recent.withLock { $0 = (features, list) } }
    return list
  }
}
