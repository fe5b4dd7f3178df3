/// A run shaped word by word: its text, the properties its words are shaped with, and the
/// characters a word may not start with.
struct WordRun {
  /// The paragraph's UTF-8 bytes.
  var paragraph: UnsafeBufferPointer<UInt8>
  /// The run's offsets in ``paragraph``.
  var range: Range<Int>
  var script: WordScript
  var font: ShapingFont
  /// A BCP 47 tag, or `nil`.
  var language: String?
  /// Characters a word may not start with (see ``WordSplitting``).
  var blocked: WordStarts
}
