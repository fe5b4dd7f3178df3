/// A maximal range of text at one bidi embedding level, in logical order.
struct LevelRun: Hashable, Sendable {
  /// The run's UTF-8 offsets in the text.
  var utf8Range: Range<Int>
  /// The embedding level: even for left-to-right, odd for right-to-left.
  var level: UInt8

  /// Whether the run reads right-to-left (its level is odd).
  var isRightToLeft: Bool { level & 1 == 1 }
}
