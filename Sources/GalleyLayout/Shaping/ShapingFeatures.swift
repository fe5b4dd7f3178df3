internal import CHarfBuzz

/// OpenType features as HarfBuzz takes them (`hb_feature_t`, each over the whole buffer), made
/// once per layout from ``LayoutOptions/features``.
///
/// `@unchecked Sendable`: the array is immutable after `init`.
final class ShapingFeatures: @unchecked Sendable {
  /// The features, in the order given.
  let values: [hb_feature_t]

  /// The features of `features`, or `nil` when there are none (each font's defaults).
  init?(_ features: FontFeatures) {
    guard !features.isEmpty else { return nil }
    values = features.features.map { feature in
      // From the buffer's start (HB_FEATURE_GLOBAL_START) to its end (HB_FEATURE_GLOBAL_END,
      // a macro Swift does not import).
      hb_feature_t(tag: feature.tag, value: feature.value, start: 0, end: UInt32.max)
    }
  }
}
