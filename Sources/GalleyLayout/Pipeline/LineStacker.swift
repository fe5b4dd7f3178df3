import GalleyMarkup

/// Line stacking: each line's height from its fonts' metrics and the options' spacing, its
/// baseline, and its horizontal place from the alignment.
///
/// Input: ``AssembledLine``s; output: a ``LineStack``. Cutting the last line that fits in a box
/// (and placing an ellipsis) belongs between line assembly and this stage.
struct LineStacker {
  let items: [ShapedItem]
  let options: LayoutOptions

  /// The metrics of one line, in 26.6.
  private struct Metrics {
    var height: Int64
    var descent: Int64
  }

  /// Stacks the lines top to bottom.
  ///
  /// - Parameter lines: The assembled lines.
  /// - Returns: Their frames and the box.
  func stack(_ lines: [AssembledLine]) -> LineStack {
    let metrics = lines.map(metrics(of:))
    let widest = lines.reduce(0) { max($0, $1.width) }
    // The same rounding as the line breaker's (down), so aligned lines never pass the width.
    let boxWidth = options.width.map { Int64(($0 * 64).rounded(.down)) } ?? widest
    let spacing = Int64((options.lineSpacing * 64).rounded())
    let paragraphSpacing = Int64((options.paragraphSpacing * 64).rounded())
    var frames: [LineFrame] = []
    frames.reserveCapacity(lines.count)
    var top: Int64 = 0
    for (position, line) in lines.enumerated() {
      if position > 0 { top += spacing }
      let height = metrics[position].height
      frames.append(
        LineFrame(
          x: x(ofLineWidth: line.width, in: boxWidth), top: top, height: height,
          baseline: top + height - metrics[position].descent))
      top += height
      if line.text.reason == .explicit { top += paragraphSpacing }
    }
    if let last = lines.last, last.text.reason == .explicit { top -= paragraphSpacing }
    return LineStack(frames: frames, width: boxWidth, height: max(0, top))
  }

  /// A line's height and descent: the largest ascent and descent of its segments' fonts
  /// (moved by their baseline shifts), the line gap when asked, times the line height multiple.
  private func metrics(of line: AssembledLine) -> Metrics {
    var ascent: Int64 = 0
    var descent: Int64 = 0
    var gap: Int64 = 0
    for segment in line.segments {
      let font = items[segment.itemIndex].font
      ascent = max(ascent, Int64(font.ascender) + segment.shift)
      descent = max(descent, Int64(font.descender) - segment.shift)
      gap = max(gap, Int64(font.lineGap))
    }
    var natural = ascent + descent
    if options.usesFontLeading { natural += gap }
    let height = Int64((Double(natural) * options.lineHeightMultiple).rounded())
    return Metrics(height: height, descent: descent)
  }

  /// The left edge of a line of `width` in a box of `boxWidth`, by the alignment.
  private func x(ofLineWidth width: Int64, in boxWidth: Int64) -> Int64 {
    let slack = boxWidth - width
    switch options.alignment {
    case .left, .natural: return 0
    case .right: return slack
    case .center: return slack / 2
    }
  }
}
