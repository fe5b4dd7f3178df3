/// A run to shape: a range of a paragraph's bytes, its style, and the layout's buffer to shape
/// it in.
struct ShapingRun {
  /// The paragraph's UTF-8 bytes: the run's context.
  let paragraph: UnsafeBufferPointer<UInt8>
  /// The run's offsets in ``paragraph``.
  let range: Range<Int>
  let style: ShapingStyle
  /// Whether every character is in the ranges that shape without context beyond their word
  /// (``WordText``); the run's script is then the one ``WordText`` found.
  let isWordText: Bool
  /// The layout's HarfBuzz buffer.
  let buffer: ShapingBuffer

  /// The run `range` of `paragraph`, with its script found: by ``WordText`` when it accepts
  /// every character, else as HarfBuzz guesses it.
  init(
    _ paragraph: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: ShapingFont,
    isRightToLeft: Bool, language: ShapingLanguage, features: ShapingFeatures? = nil,
    buffer: ShapingBuffer, keepsPlans: Bool = true
  ) {
    let wordScript = WordText.script(paragraph, range)
    self.paragraph = paragraph
    self.range = range
    style = ShapingStyle(
      font: font, script: wordScript ?? ShapingScript(guessing: paragraph, range),
      isRightToLeft: isRightToLeft, language: language, features: features,
      keepsPlans: keepsPlans)
    isWordText = wordScript != nil
    self.buffer = buffer
  }
}
