internal import GalleySupport

extension GlyphPlacer {
  /// A rectangle on a line (a decoration, a background, a link's), cut at the boxes of the
  /// glyphs under it, each piece moved with its glyph.
  ///
  /// Neighbouring pieces whose glyphs share one map stay one piece; a rectangle is under a
  /// box where they overlap by more than 10⁻⁹ points. A rectangle under no glyph box stays as
  /// it is.
  ///
  /// - Parameters:
  ///   - rect: The rectangle.
  ///   - layout: The layout, its transforms set.
  ///   - link: The link whose runs' glyphs count, or `nil` for every glyph.
  /// - Returns: The pieces, left to right.
  static func pieces(
    of rect: Layout.Rect, in layout: Layout, link: Int? = nil
  ) -> [Layout.Quad] {
    guard let line = Self.line(holding: rect, in: layout) else { return [Layout.Quad(rect)] }
    var pieces: [(rect: Layout.Rect, matrix: Layout.AffineTransform)] = []
    var maps = Layout.Line.Maps(line)
    // Runs by index: copying one copies its arrays' and font's references.
    for runIndex in line.runs.indices where link == nil || line.runs[runIndex].link == link {
      let glyphs = line.runs[runIndex].glyphs
      let transforms = line.runs[runIndex].transforms
      for (index, glyph) in glyphs.enumerated() {
        let low = max(rect.x, glyph.x)
        let high = min(rect.x + rect.width, glyph.x + glyph.advance)
        // A rectangle that only touches a box (its edge rounded onto the box's) is not under it.
        guard high - low > 1e-9 else { continue }
        let transform = index < transforms.count ? transforms[index] : .identity
        let matrix = maps.map(of: glyph, transform: transform)
        if let last = pieces.last, last.matrix == matrix,
          abs(last.rect.x + last.rect.width - low) < 1e-9
        {
          pieces[pieces.count - 1].rect.width = high - last.rect.x
        } else {
          pieces.append(
            (Layout.Rect(x: low, y: rect.y, width: high - low, height: rect.height), matrix))
        }
      }
    }
    guard !pieces.isEmpty else { return [Layout.Quad(rect)] }
    return pieces.map { $0.matrix.apply(to: $0.rect) }
  }

  /// A link region whose rectangles are cut into its glyphs' transformed boxes: ``Layout/LinkRegion/quads``
  /// and, as their bounding boxes, ``Layout/LinkRegion/rects``.
  func linkQuads(_ link: Layout.LinkRegion, in layout: Layout) -> Layout.LinkRegion {
    var region = link
    region.quads = link.rects.flatMap { Self.pieces(of: $0, in: layout, link: link.index) }
    region.rects = region.quads.map(\.bounds)
    return region
  }

  /// The line whose box holds a rectangle's vertical middle, or the nearest (lines are
  /// stacked top to bottom: a binary search).
  private static func line(holding rect: Layout.Rect, in layout: Layout) -> Layout.Line? {
    let middle = rect.y + rect.height / 2
    let lines = layout.lines
    let below = lines.partitioningIndex { $0.y + $0.height > middle }
    let candidates = [below - 1, below].filter { lines.indices.contains($0) }
    return candidates.map { lines[$0] }.min { first, second in
      distance(middle, first) < distance(middle, second)
    }
  }

  private static func distance(_ y: Double, _ line: Layout.Line) -> Double {
    max(line.y - y, 0, y - (line.y + line.height))
  }
}
