/// A fast path of shaping: it takes the runs it can prove it shapes exactly as the reference
/// path (``ReferenceShaper/shape(_:)``, HarfBuzz on the run whole) does, and declines the
/// others.
///
/// The ``Shaper`` asks the engine's accelerators in order (``AcceleratorChain``); a run none
/// takes goes to the reference path. The conditions and bounds of each accelerator are in
/// `docs/design/fast-paths.md`.
protocol ShapingAccelerator: Sendable {
  /// Whether the accelerator may take some runs of `style`: a check of the style and its
  /// face's analysis alone, made before the run's text is read.
  func accepts(_ style: ShapingStyle) -> Bool

  /// The run's glyphs, exactly the reference path's, or `nil` to decline the run.
  ///
  /// - Parameters:
  ///   - run: A run whose style the accelerator accepts.
  ///   - later: The accelerators after this one, for the parts of the run this one passes on
  ///     (the word cache's new words).
  /// - Returns: Glyphs in logical order, with clusters as UTF-8 offsets into the paragraph.
  func shape(_ run: ShapingRun, later: AcceleratorChain) -> [ShapedGlyph]?

  /// A shaper of single words of `run` (``WordRun``), for an accelerator before this one that
  /// cuts runs into words and passes on the words it lacks (the word cache); `nil` when this
  /// accelerator shapes no word of the run. Made once per run, so it may keep what it looks
  /// up (a table) for the run's words.
  func wordShaper(for run: ShapingRun) -> (any WordShaper)?
}

/// Shapes single words of one run, for ``ShapingAccelerator/wordShaper(for:)``.
protocol WordShaper {
  /// Appends the glyphs of `word` of the run (its offsets in the paragraph; clusters as
  /// offsets into the paragraph), exactly the reference path's for the word alone, or returns
  /// `false`, with nothing appended, to decline it.
  mutating func append(_ word: Range<Int>, to glyphs: inout [ShapedGlyph]) -> Bool
}

/// Accelerators in the order they are asked.
struct AcceleratorChain: Sendable {
  private let accelerators: ArraySlice<any ShapingAccelerator>
  /// Whether ranged features shape through the fonts' kept plans
  /// (``LayoutEngine/Accelerators/shapingPlans``, ``ShapingPlans``).
  let keepsPlans: Bool

  /// The chain of `accelerators`, asked in order.
  init(_ accelerators: [any ShapingAccelerator], keepsPlans: Bool = true) {
    self.accelerators = accelerators[...]
    self.keepsPlans = keepsPlans
  }

  private init(_ accelerators: ArraySlice<any ShapingAccelerator>, keepsPlans: Bool) {
    self.accelerators = accelerators
    self.keepsPlans = keepsPlans
  }

  /// Whether some accelerator of the chain may take runs of `style`.
  func accepts(_ style: ShapingStyle) -> Bool {
    accelerators.contains { $0.accepts(style) }
  }

  /// The word shaper of the first accelerator that accepts `run`'s style and has one for it.
  func wordShaper(for run: ShapingRun) -> (any WordShaper)? {
    for accelerator in accelerators where accelerator.accepts(run.style) {
      if let shaper = accelerator.wordShaper(for: run) { return shaper }
    }
    return nil
  }

  /// The glyphs of `run` from the first accelerator that accepts its style and does not
  /// decline it, or `nil` when none takes it.
  func shape(_ run: ShapingRun) -> [ShapedGlyph]? {
    for index in accelerators.indices where accelerators[index].accepts(run.style) {
      let later = AcceleratorChain(accelerators[(index + 1)...], keepsPlans: keepsPlans)
      if let glyphs = accelerators[index].shape(run, later: later) { return glyphs }
    }
    return nil
  }
}
