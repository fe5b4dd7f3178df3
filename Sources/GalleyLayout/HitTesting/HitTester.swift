import GalleyMarkup

/// Answers "what is under this point?" from a ``Layout``'s own geometry: the same rectangles it
/// exports and a renderer draws, never a second layout.
///
/// Built once per layout (sorting each line's clusters and link rectangles by x), then each
/// query is two binary searches: the line by y, then the cluster or link rectangle by x.
///
/// ```swift
/// let hits = HitTester(layout: layout, text: text)
/// if let link = hits.link(atX: tap.x, y: tap.y, tolerance: 8) { open(text.links[link]) }
/// ```
public struct HitTester: Sendable {
  /// One grapheme cluster's box on a line, in points.
  struct CharacterBox: Sendable {
    var minX: Double
    var maxX: Double
    var location: Int  // UTF-16
    var end: Int  // UTF-16
  }

  struct LineBoxes: Sendable {
    var top: Double
    var bottom: Double
    var start: Int  // UTF-16, where the line starts
    var visibleEnd: Int  // UTF-16, caret position at the end of the visible text
    /// Grapheme boxes, left to right.
    var characters: [CharacterBox]
    /// Link rectangles on this line, left to right, with their link index.
    var links: [(rect: Layout.Rect, link: Int)]
  }

  let lines: [LineBoxes]
  let textLength: Int

  /// Prepares hit-testing for a layout of `text`.
  ///
  /// - Parameters:
  ///   - layout: The layout, as ``LayoutEngine/layout(_:options:)`` made it.
  ///   - text: The formatted text it was made from.
  public init(layout: Layout, text: FormattedText) {
    let string = text.string
    let utf16 = string.utf16
    // Grapheme cluster starts in UTF-16, to split ligature clusters between characters.
    var graphemeStarts: [Int] = []
    graphemeStarts.reserveCapacity(utf16.count / 2)
    var offset = 0
    for character in string {
      graphemeStarts.append(offset)
      offset += character.utf16.count
    }
    textLength = offset
    var lines: [LineBoxes] = []
    lines.reserveCapacity(layout.lines.count)
    for line in layout.lines {
      var boxes: [CharacterBox] = []
      var visibleEnd = line.location
      // Each cluster's extent on the line, in one pass over its glyphs.
      var clusters: [(start: Int, minX: Double, maxX: Double)] = []
      var positionOfCluster: [Int: Int] = [:]
      for run in line.runs {
        for glyph in run.glyphs {
          if let position = positionOfCluster[glyph.cluster] {
            clusters[position].minX = min(clusters[position].minX, glyph.x)
            clusters[position].maxX = max(clusters[position].maxX, glyph.x + glyph.advance)
          } else {
            positionOfCluster[glyph.cluster] = clusters.count
            clusters.append((glyph.cluster, glyph.x, glyph.x + glyph.advance))
          }
        }
      }
      // A cluster ends where the next one in text order starts; the last ends where the line's
      // content does, so a line break after it is not folded in.
      clusters.sort { $0.start < $1.start }
      let contentEnd = Self.contentEnd(of: line, in: utf16)
      for (position, cluster) in clusters.enumerated() {
        let end =
          position + 1 < clusters.count
          ? clusters[position + 1].start : max(contentEnd, cluster.start + 1)
        let parts = Self.graphemes(in: cluster.start..<end, starts: graphemeStarts, length: offset)
        let width = (cluster.maxX - cluster.minX) / Double(parts.count)
        for (index, part) in parts.enumerated() {
          boxes.append(
            CharacterBox(
              minX: cluster.minX + width * Double(index),
              maxX: cluster.minX + width * Double(index + 1), location: part.lowerBound,
              end: part.upperBound))
        }
      }
      boxes.sort { $0.minX < $1.minX }
      // Trailing spaces hang past the line's width: they hit nothing.
      let visibleRight = line.x + line.width
      boxes.removeAll { $0.minX >= visibleRight - 1e-9 && $0.maxX > visibleRight }
      for box in boxes { visibleEnd = max(visibleEnd, box.end) }
      lines.append(
        LineBoxes(
          top: line.y, bottom: line.y + line.height, start: line.location, visibleEnd: visibleEnd,
          characters: boxes, links: []))
    }
    for link in layout.links {
      for rect in link.rects {
        guard let position = Self.lineIndex(in: lines, y: rect.y + rect.height / 2) else {
          continue
        }
        lines[position].links.append((rect, link.index))
      }
    }
    for position in lines.indices { lines[position].links.sort { $0.rect.x < $1.rect.x } }
    self.lines = lines
  }

  /// The end of a line without its line break characters (which have no glyphs).
  private static func contentEnd(of line: Layout.Line, in utf16: String.UTF16View) -> Int {
    var end = line.location + line.length
    let breaks: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
    while end > line.location {
      let unit = utf16[utf16.index(utf16.startIndex, offsetBy: end - 1)]
      guard breaks.contains(unit) else { break }
      end -= 1
    }
    return end
  }

  private static func graphemes(in range: Range<Int>, starts: [Int], length: Int) -> [Range<Int>] {
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
    }
    var parts: [Range<Int>] = []
    var position = low
    while position < starts.count, starts[position] < range.upperBound {
      let end =
        position + 1 < starts.count
        ? min(starts[position + 1], range.upperBound) : min(length, range.upperBound)
      parts.append(starts[position]..<end)
      position += 1
    }
    return parts.isEmpty ? [range] : parts
  }

  /// The first line whose bottom is below `y` (binary search; lines are stacked top to bottom).
  private static func firstLine(in lines: [LineBoxes], atOrBelow y: Double) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].bottom <= y { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The line whose box holds `y`, or `nil` between, above or below lines.
  private static func lineIndex(in lines: [LineBoxes], y: Double) -> Int? {
    let line = firstLine(in: lines, atOrBelow: y)
    guard line < lines.count, lines[line].top <= y else { return nil }
    return line
  }

  // MARK: Queries

  /// The link whose rectangle holds a point, or, with a tolerance, the nearest link
  /// rectangle within that distance.
  ///
  /// - Parameters:
  ///   - x: The point's x in layout coordinates.
  ///   - y: The point's y.
  ///   - tolerance: How far a point may be from a rectangle and still hit it, in points.
  /// - Returns: The link index, or `nil`.
  public func link(atX x: Double, y: Double, tolerance: Double = 0) -> Int? {
    if let line = Self.lineIndex(in: lines, y: y), let hit = exactLink(in: lines[line], x: x, y: y)
    {
      return hit
    }
    guard tolerance > 0 else { return nil }
    var best: (distance: Double, link: Int)?
    // Only lines within the tolerance band can hold a nearer rectangle.
    let first = Self.firstLine(in: lines, atOrBelow: y - tolerance)
    var position = first
    while position < lines.count, lines[position].top <= y + tolerance {
      for (rect, link) in lines[position].links {
        let distance = rect.distance(x: x, y: y)
        if distance <= tolerance, distance < (best?.distance ?? .infinity) {
          best = (distance, link)
        }
      }
      position += 1
    }
    return best?.link
  }

  private func exactLink(in line: LineBoxes, x: Double, y: Double) -> Int? {
    var low = 0
    var high = line.links.count
    while low < high {
      let middle = (low + high) / 2
      if line.links[middle].rect.x + line.links[middle].rect.width <= x {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < line.links.count, line.links[low].rect.contains(x: x, y: y) else { return nil }
    return line.links[low].link
  }

  /// The grapheme cluster under a point.
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: The UTF-16 offset where the character starts, or `nil` outside the glyphs
  ///   (between lines, past a line's end, in a line's trailing spaces).
  public func characterIndex(atX x: Double, y: Double) -> Int? {
    guard let line = Self.lineIndex(in: lines, y: y) else { return nil }
    let boxes = lines[line].characters
    var low = 0
    var high = boxes.count
    while low < high {
      let middle = (low + high) / 2
      if boxes[middle].maxX <= x { low = middle + 1 } else { high = middle }
    }
    guard low < boxes.count, boxes[low].minX <= x else { return nil }
    return boxes[low].location
  }

  /// The caret position nearest a point: the nearest line, then the nearest character edge.
  ///
  /// - Parameters:
  ///   - x: The point's x.
  ///   - y: The point's y.
  /// - Returns: A UTF-16 offset in `0...text.utf16.count`.
  public func closestCharacterIndex(toX x: Double, y: Double) -> Int {
    guard !lines.isEmpty else { return 0 }
    var line = min(Self.firstLine(in: lines, atOrBelow: y), lines.count - 1)
    // In the gap between two lines, the nearer one.
    if line > 0, y < lines[line].top, y - lines[line - 1].bottom < lines[line].top - y {
      line -= 1
    }
    let boxes = lines[line].characters
    guard let first = boxes.first, let last = boxes.last else { return lines[line].start }
    if x <= first.minX { return first.location }
    if x >= last.maxX { return lines[line].visibleEnd }
    var low = 0
    var high = boxes.count
    while low < high {
      let middle = (low + high) / 2
      if boxes[middle].maxX <= x { low = middle + 1 } else { high = middle }
    }
    let box = boxes[min(low, boxes.count - 1)]
    return x < (box.minX + box.maxX) / 2 ? box.location : box.end
  }

  /// The rectangles that cover a range of text: one per line fragment, line top to bottom.
  ///
  /// - Parameter range: UTF-16 offsets into the text.
  /// - Returns: The rectangles, top to bottom; empty when no glyph of the range is shown.
  public func rects(for range: Range<Int>) -> [Layout.Rect] {
    var rects: [Layout.Rect] = []
    for line in lines where line.start < range.upperBound && line.visibleEnd > range.lowerBound {
      var minX = Double.infinity
      var maxX = -Double.infinity
      for box in line.characters where box.location < range.upperBound && box.end > range.lowerBound
      {
        minX = min(minX, box.minX)
        maxX = max(maxX, box.maxX)
      }
      if minX < maxX {
        rects.append(
          Layout.Rect(x: minX, y: line.top, width: maxX - minX, height: line.bottom - line.top))
      }
    }
    return rects
  }
}
