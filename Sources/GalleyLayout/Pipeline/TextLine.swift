/// The output of line breaking: one line's part of the text and why it ended.
///
/// Read by line assembly.
struct TextLine {
  /// UTF-8 offsets of everything the line holds, its trailing spaces and break included.
  var utf8Range: Range<Int>
  /// Where the content that counts for the line's width ends (trailing white space and the
  /// break excluded: see ``Paragraph/visibleEnd(of:)``).
  var visibleEnd: Int
  /// Why the line ended.
  var reason: Layout.BreakReason
  /// Whether the line ends with an inserted hyphen: it wraps at a soft hyphen or at a point
  /// of automatic hyphenation.
  var isHyphenated = false
}
