/// Builds the background boxes: one per segment with a background color, over the segment's
/// visible part, line top to line bottom.
enum BackgroundBuilder {
  /// The boxes, line by line, left to right.
  ///
  /// - Parameter placed: The placed lines.
  /// - Returns: The backgrounds.
  static func backgrounds(of placed: PlacedText) -> [Layout.Background] {
    var backgrounds: [Layout.Background] = []
    guard placed.text.runs.contains(where: { $0.attributes.background != nil }) else {
      return backgrounds
    }
    for (line, frame) in zip(placed.lines, placed.stack.frames) {
      for segment in line.segments {
        guard let color = placed.attributes(of: segment).background,
          let extent = placed.visibleExtent(of: segment, on: line)
        else { continue }
        let rect = Layout.Rect(
          x: points(frame.x + extent.lowerBound), y: points(frame.top),
          width: points(extent.upperBound - extent.lowerBound), height: points(frame.height))
        backgrounds.append(Layout.Background(rect: rect, color: color))
      }
    }
    return backgrounds
  }
}
