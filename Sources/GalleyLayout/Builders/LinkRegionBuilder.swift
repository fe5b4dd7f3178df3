/// Builds the link regions: for each link, one rectangle per visual fragment on each line it
/// is on (one per line unless the link crosses a direction change), over exactly the link's
/// visible clusters, inside the line's box.
///
/// Linear in the glyphs: each segment belongs to one run, so to at most one link, and a line's
/// neighbouring pieces of a link are joined in one pass.
enum LinkRegionBuilder {
  /// One region per link of the text, in link order.
  ///
  /// - Parameter placed: The placed lines.
  /// - Returns: The regions, with their rectangles top to bottom.
  static func regions(of placed: PlacedText) -> [Layout.LinkRegion] {
    guard !placed.text.links.isEmpty else { return [] }
    var rects: [[Layout.Rect]] = Array(repeating: [], count: placed.text.links.count)
    for (line, frame) in zip(placed.lines, placed.stack.frames) {
      for (link, extent) in extents(on: line, placed: placed) {
        let minimum = max(0, extent.lowerBound)
        let maximum = min(line.width, extent.upperBound)
        guard minimum < maximum else { continue }
        rects[link].append(
          Layout.Rect(
            x: points(frame.x + minimum), y: points(frame.top), width: points(maximum - minimum),
            height: points(frame.height)))
      }
    }
    return placed.text.links.map { link in
      Layout.LinkRegion(
        index: link.index, location: link.utf16Range.lowerBound, length: link.utf16Range.count,
        target: link.target, rects: rects[link.index])
    }
  }

  /// The horizontal extent of each visual fragment of a link on one line, left to right.
  ///
  /// A fragment is a link's neighbouring segments in the line's (visual) order: one per link
  /// in a line of one direction, several where a link crosses a direction change and its
  /// parts are not neighbours on screen. Extents are in 26.6 from the line's start. Glyphs
  /// from the line's visible end on (spaces hanging past the line's end) are not part of
  /// what a tap can hit.
  private static func extents(
    on line: AssembledLine, placed: PlacedText
  ) -> [(link: Int, extent: Range<Int64>)] {
    var extents: [(link: Int, extent: Range<Int64>)] = []
    var previousLink: Int?
    for segment in line.segments {
      let link = placed.attributes(of: segment).link
      defer { if !segment.glyphs.isEmpty { previousLink = link } }
      guard let link, let extent = inkExtent(of: segment, before: line.text.visibleEnd) else {
        continue
      }
      if previousLink == link, let last = extents.last, last.link == link {
        extents[extents.count - 1].extent = last.extent.union(extent)
      } else {
        extents.append((link, extent))
      }
    }
    return extents
  }

  /// The pen extent of a segment's glyphs whose clusters start before `visibleEnd`, or `nil`.
  private static func inkExtent(of segment: LineSegment, before visibleEnd: Int) -> Range<Int64>? {
    var pen = segment.start
    var minimum = Int64.max
    var maximum = Int64.min
    for glyph in segment.glyphs {
      let advance = Int64(glyph.xAdvance)
      if glyph.cluster < visibleEnd {
        minimum = min(minimum, pen + Int64(glyph.xOffset))
        maximum = max(maximum, pen + Int64(glyph.xOffset) + advance)
      }
      pen += advance
    }
    return minimum < maximum ? minimum..<maximum : nil
  }
}

extension Range<Int64> {
  /// The smallest range that holds both.
  fileprivate func union(_ other: Range<Int64>) -> Range<Int64> {
    Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
  }
}
