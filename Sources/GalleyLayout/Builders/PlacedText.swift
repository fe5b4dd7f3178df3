import GalleyFonts
import GalleyMarkup

/// What the builders read: the lines as assembled and stacked, and what they were made from.
///
/// Each builder turns this into one part of the ``Layout``, converting 26.6 to points and
/// UTF-8 offsets to UTF-16 as it writes.
struct PlacedText {
  let paragraph: Paragraph
  let text: FormattedText
  let items: [ShapedItem]
  /// The items' OpenType features, by ``ShapedItem/featuresIndex``.
  let featureLists: FeatureLists
  let faces: [FaceDescriptor]
  let lines: [AssembledLine]
  let stack: LineStack
  /// ``LayoutOptions/baselineOffset``: how far drawn glyphs and strokes move up, a fraction of
  /// each run's size.
  let baselineOffset: Double

  /// The attributes a segment is drawn with.
  ///
  /// - Parameter segment: A segment of one of ``lines``.
  /// - Returns: Its run's attributes.
  @inline(__always)
  func attributes(of segment: LineSegment) -> TextAttributes {
    text.runs[items[segment.itemIndex].item.runIndex].attributes
  }

  /// How far (26.6) a segment's glyphs and strokes are drawn above where its line puts them:
  /// the label's baseline offset at the segment's size.
  ///
  /// - Parameter segment: A segment of one of ``lines``.
  /// - Returns: The offset, up.
  func drawingOffset(of segment: LineSegment) -> Int64 {
    guard baselineOffset != 0 else { return 0 }
    return Int64((baselineOffset * items[segment.itemIndex].font.size * 64).rounded())
  }

  /// The part of a segment that lies inside its line's visible width, from the segment's
  /// start (26.6, from the line's start), or `nil` when none does: what decorations and
  /// backgrounds cover.
  ///
  /// - Parameters:
  ///   - segment: A segment of `line`.
  ///   - line: Its line.
  /// - Returns: The covered pen range.
  func visibleExtent(of segment: LineSegment, on line: AssembledLine) -> Range<Int64>? {
    let start = max(segment.start, 0)
    let end = min(segment.end, line.width)
    return end > start ? start..<end : nil
  }
}

/// 26.6 fixed point to points: exact, because every value is a multiple of 1/64.
///
/// - Parameter value: A value in 26.6.
/// - Returns: The value in points.
func points(_ value: Int64) -> Double { Double(value) / 64 }
