/// The output of line assembly: one line's segments, placed from the line's start.
///
/// Read by line stacking and the builders. Positions are 26.6, before alignment.
struct AssembledLine {
  /// The line's text, as line breaking found it.
  var text: TextLine
  /// The line's segments: in logical order from line assembly, in visual order (left to
  /// right) once ``LineReorderer`` has reordered a line with bidi levels.
  var segments: [LineSegment]
  /// The width of the line's visible content (trailing spaces hang past it, on the paragraph's
  /// end side).
  var width: Int64
  /// Whether the line's paragraph is right to left (its base level is odd).
  var isRightToLeft = false
}

/// One item's part on one line: a slice of its glyphs, placed from `start`.
///
/// The glyphs are re-shaped or reversed only when needed. Positions before the line's visible
/// start are negative (white space hanging on the left of a right-to-left line).
struct LineSegment {
  /// The index of the shaped item in the layout's items (an index, so segments copy cheaply).
  var itemIndex: Int
  /// UTF-8 offsets of the text the segment shows: the item's part of the line, a trailing
  /// line break included.
  var sourceRange: Range<Int>
  /// The glyphs, left to right, without those of line-break characters.
  var glyphs: ArraySlice<ShapedGlyph>
  /// The pen position where the segment starts, from the line's start.
  var start: Int64
  /// The pen position where it ends.
  var end: Int64
  /// The baseline shift (up) in 26.6.
  var shift: Int64
  /// The bidi level of the segment's text: its item's, or its paragraph's where rule L1 reset
  /// it (trailing white space).
  var level: UInt8
  /// Whether the segment is a hyphenated line's hyphen, which is not in the text: its
  /// ``sourceRange`` is empty, at the break, and its glyphs' clusters are the start of the
  /// character before the break (whose item's font, color and link it takes).
  var isInserted = false
}
