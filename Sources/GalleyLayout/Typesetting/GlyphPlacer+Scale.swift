extension GlyphPlacer {
  /// A layout made in ``innerOptions``' box, mapped out by the glyph scale: every x from the
  /// left inset and every y from the top inset grows by its factor, and so do advances, line
  /// boxes and rectangles; fonts grow by the height factor and draw
  /// ``Layout/FontReference/horizontalScale`` times as wide.
  ///
  /// - Parameter layout: The inner layout.
  /// - Returns: The layout in the user's box; the same layout when the scale is 1.
  func scaled(_ layout: Layout) -> Layout {
    guard scaleX != 1 || scaleY != 1 else { return layout }
    let insets = options.insets
    let (left, top) = (insets.left, insets.top)
    let (sx, sy) = (scaleX, scaleY)
    func x(_ value: Double) -> Double { left + (value - left) * sx }
    func y(_ value: Double) -> Double { top + (value - top) * sy }
    func rect(_ rect: Layout.Rect) -> Layout.Rect {
      Layout.Rect(x: x(rect.x), y: y(rect.y), width: rect.width * sx, height: rect.height * sy)
    }
    var scaled = layout
    scaled.size = Layout.Size(
      width: options.width ?? insets.left + insets.right
        + (layout.size.width - insets.left - insets.right) * sx,
      height: options.height ?? insets.top + insets.bottom
        + (layout.size.height - insets.top - insets.bottom) * sy)
    for lineIndex in scaled.lines.indices {
      var line = scaled.lines[lineIndex]
      (line.x, line.width) = (x(line.x), line.width * sx)
      (line.y, line.height, line.baseline) = (y(line.y), line.height * sy, y(line.baseline))
      for runIndex in line.runs.indices {
        line.runs[runIndex].font.size *= sy
        line.runs[runIndex].font.horizontalScale = sx / sy
        for glyphIndex in line.runs[runIndex].glyphs.indices {
          let glyph = line.runs[runIndex].glyphs[glyphIndex]
          line.runs[runIndex].glyphs[glyphIndex].x = x(glyph.x)
          line.runs[runIndex].glyphs[glyphIndex].y = y(glyph.y)
          line.runs[runIndex].glyphs[glyphIndex].advance = glyph.advance * sx
        }
      }
      scaled.lines[lineIndex] = line
    }
    for index in scaled.links.indices {
      scaled.links[index].rects = scaled.links[index].rects.map(rect)
    }
    for index in scaled.decorations.indices {
      scaled.decorations[index].rect = rect(scaled.decorations[index].rect)
    }
    for index in scaled.backgrounds.indices {
      scaled.backgrounds[index].rect = rect(scaled.backgrounds[index].rect)
    }
    return scaled
  }
}
