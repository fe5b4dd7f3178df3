import GalleyMarkup

/// Autoshrink: the largest scale in [minimum, 1], to within 0.01, at which the text fits the
/// box whole (no more lines than the maximum, within the height, no word split across
/// lines); below that, the text at the minimum scale, truncated.
///
/// Each probe is a real layout of the scaled text (``Truncator``'s window, so a probe that
/// overflows stops two lines past the box). The probes are scale 1, then a binary search over
/// the minimum and the hundredths above it, which assumes that a text that fits at a scale
/// fits at every smaller one. A label that fits costs one layout; one that must shrink costs
/// at most 1 + ⌈log₂ 101⌉ = 8 probes and finishing the best; one that does not fit even at the
/// minimum costs those and a truncated layout. Probes at different sizes share no shaping:
/// HarfBuzz shapes at each size (its hinting and rounding depend on it).
struct Autoshrinker {
  let engine: LayoutEngine
  let text: FormattedText
  let options: LayoutOptions
  /// The smallest scale allowed, below 1.
  let minimum: Double
  /// The glyph placement after the layout is finished, or `nil`; with typesetters, a scale
  /// fits only when the transformed ink does too.
  var placer: GlyphPlacer? = nil

  /// The laid-out text at the largest scale that fits, or truncated at the minimum.
  func layout() throws(LayoutError) -> Layout {
    if let fitting = try probe(1) { return try finish(fitting, scale: 1) }
    let scales = candidates
    // Invariant: scales[low] fits (or low is -1), scales[high] does not (or high is the end,
    // scale 1, which did not).
    var (low, high) = (-1, scales.count)
    var best: AssembledText?
    while high - low > 1 {
      let middle = (low + high) / 2
      if let fitting = try probe(scales[middle]) {
        (low, best) = (middle, fitting)
      } else {
        high = middle
      }
    }
    if let best { return try finish(best, scale: scales[low]) }
    return try engine.boxLayout(
      text.scaled(by: minimum), options: options.scaled(by: minimum), scale: minimum,
      placer: placer)
  }

  /// The minimum and every hundredth above it, below 1, increasing.
  var candidates: [Double] {
    let first = Int((minimum * 100 + 1e-9).rounded(.down)) + 1
    return [minimum] + (max(first, 1)..<100).map { Double($0) / 100 }
  }

  /// The text's lines at a scale when it fits the box whole there, or `nil`.
  private func probe(_ scale: Double) throws(LayoutError) -> AssembledText? {
    FittingCounters.probes.add(1, ordering: .relaxed)
    let truncator = Truncator(
      engine: engine, text: text.scaled(by: scale), options: options.scaled(by: scale))
    let window = try truncator.window()
    guard window.fits, !window.splitsWord else { return nil }
    if let placer, placer.hasTypesetters {
      let placed = try finish(window.assembled, scale: scale)
      guard placer.inkFits(placed) else { return nil }
    }
    return window.assembled
  }

  private func finish(_ assembled: AssembledText, scale: Double) throws(LayoutError) -> Layout {
    try engine.finish(assembled, options: options.scaled(by: scale), scale: scale, placer: placer)
  }
}
