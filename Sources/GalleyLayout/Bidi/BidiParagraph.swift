/// One paragraph in the UAX #9 sense (rule P1: the text up to and including a character of
/// class B), with the base level it resolved to.
struct BidiParagraph: Hashable, Sendable {
  /// The paragraph's UTF-8 offsets in the text, its separator included.
  var utf8Range: Range<Int>
  /// The paragraph embedding level: 0 for left-to-right, 1 for right-to-left.
  var baseLevel: UInt8

  /// Whether the paragraph is right-to-left (its base level is odd).
  var isRightToLeft: Bool { baseLevel & 1 == 1 }
}
