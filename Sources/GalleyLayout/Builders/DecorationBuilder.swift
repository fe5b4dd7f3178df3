import GalleyMarkup

/// Builds underlines and strikethroughs: strokes over each decorated segment's visible part,
/// placed and sized by the segment's font.
///
/// As Pango does, the font's underline and strikeout positions are the strokes' tops.
enum DecorationBuilder {
  /// The strokes, line by line, left to right.
  ///
  /// - Parameter placed: The placed lines.
  /// - Returns: The decorations.
  static func decorations(of placed: PlacedText) -> [Layout.Decoration] {
    var decorations: [Layout.Decoration] = []
    guard
      placed.text.runs.contains(where: {
        $0.attributes.underline != .none || $0.attributes.isStruckThrough
      })
    else { return decorations }
    for (line, frame) in zip(placed.lines, placed.stack.frames) {
      for segment in line.segments {
        let attributes = placed.attributes(of: segment)
        guard attributes.underline != .none || attributes.isStruckThrough,
          let extent = placed.visibleExtent(of: segment, on: line)
        else { continue }
        let font = placed.items[segment.itemIndex].font
        let stroke = Stroke(
          x: points(frame.x + extent.lowerBound),
          width: points(extent.upperBound - extent.lowerBound), color: attributes.color)
        let baseline = frame.baseline - segment.shift - placed.drawingOffset(of: segment)
        let underlineTop = baseline + Int64(font.underlineOffset)
        let thickness = Int64(font.underlineThickness)
        switch attributes.underline {
        case .none: break
        case .single:
          decorations.append(stroke.decoration(.underline, top: underlineTop, height: thickness))
        case .double:
          decorations.append(
            stroke.decoration(.doubleUnderline, top: underlineTop, height: thickness))
          decorations.append(
            stroke.decoration(
              .doubleUnderline, top: underlineTop + 2 * thickness, height: thickness))
        }
        if attributes.isStruckThrough {
          decorations.append(
            stroke.decoration(
              .strikethrough, top: baseline - Int64(font.strikeoutOffset),
              height: Int64(font.strikeoutThickness)))
        }
      }
    }
    return decorations
  }

  /// The horizontal extent and color shared by a segment's strokes.
  private struct Stroke {
    var x: Double
    var width: Double
    var color: TextColor

    func decoration(_ kind: Layout.Decoration.Kind, top: Int64, height: Int64) -> Layout.Decoration
    {
      Layout.Decoration(
        kind: kind, rect: Layout.Rect(x: x, y: points(top), width: width, height: points(height)),
        color: color)
    }
  }
}
