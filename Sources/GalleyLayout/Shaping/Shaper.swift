/// The one seam of shaping: each run goes to the first accelerator that takes it, and to the
/// reference path (``ReferenceShaper``) when none does.
///
/// Made per layout: it owns the layout's HarfBuzz buffer. The accelerators are the engine's
/// (``LayoutEngine/Accelerators``), shared between threads; `docs/design/fast-paths.md` says
/// how a run travels through them.
struct Shaper {
  /// The accelerators, in the order they are asked.
  let accelerators: AcceleratorChain
  /// The layout's language.
  let language: ShapingLanguage
  let buffer = ShapingBuffer()

  /// Shapes `range` of `paragraph`, passing the whole paragraph as context.
  ///
  /// - Parameters:
  ///   - paragraph: The paragraph's UTF-8 bytes.
  ///   - range: UTF-8 offsets of the run inside `paragraph`.
  ///   - font: The font at its size.
  ///   - isRightToLeft: The run's direction, from its bidi level.
  ///   - features: The run's OpenType features, or `nil` for the font's defaults.
  ///   - language: The run's language, or `nil` for the layout's.
  /// - Returns: Glyphs in logical order, with clusters as UTF-8 offsets into `paragraph`.
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: ShapingFont,
    isRightToLeft: Bool = false, features: ShapingFeatures? = nil,
    language: ShapingLanguage? = nil
  ) -> [ShapedGlyph] {
    guard !range.isEmpty, paragraph.baseAddress != nil else { return [] }
    let run = ShapingRun(
      paragraph, range: range, font: font, isRightToLeft: isRightToLeft,
      language: language ?? self.language, features: features, buffer: buffer,
      keepsPlans: accelerators.keepsPlans)
    return accelerators.shape(run) ?? ReferenceShaper.shape(run)
  }
}
