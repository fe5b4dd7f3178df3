import GalleyMarkup

/// Line stacking: each line's height from its fonts' metrics and the options' spacing, its
/// baseline, its horizontal place from the alignment, and the lines' place in the box (insets
/// and vertical alignment).
///
/// Input: ``AssembledLine``s; output: a ``LineStack``. Cutting the last line that fits in a box
/// (and placing an ellipsis) belongs between line assembly and this stage.
struct LineStacker {
  let paragraph: Paragraph
  let items: [ShapedItem]
  let options: LayoutOptions

  /// The metrics of one line, in 26.6.
  private struct Metrics {
    var height: Int64
    var descent: Int64
    /// The largest point size on the line, for ``LayoutOptions/relativeLineSpacing``.
    var largestSize: Double
  }

  /// Stacks the lines top to bottom and places them in the box.
  ///
  /// - Parameter lines: The assembled lines.
  /// - Returns: Their frames and the box.
  func stack(_ lines: [AssembledLine]) -> LineStack {
    let metrics = lines.map(metrics(of:))
    let widest = lines.reduce(0) { max($0, $1.width) }
    let insets = options.insets
    let (left, right) = (fixed(insets.left), fixed(insets.right))
    let (top, bottom) = (fixed(insets.top), fixed(insets.bottom))
    // The same rounding as the line breaker's (down), so aligned lines never pass the width.
    let contentWidth = options.wrapWidth ?? widest
    let spacing = fixed(options.lineSpacing)
    let paragraphSpacing = fixed(options.paragraphSpacing)
    var frames: [LineFrame] = []
    frames.reserveCapacity(lines.count)
    var y: Int64 = 0
    for (position, line) in lines.enumerated() {
      if position > 0 {
        y += spacing + fixed(options.relativeLineSpacing * metrics[position - 1].largestSize)
      }
      let height = metrics[position].height
      // An indent takes its room from the line's start side (the right of a right-to-left
      // line); alignment works in the rest.
      let indent = options.indentation(ofLineAt: line.text.utf8Range.lowerBound, in: paragraph)
      let x =
        left + (line.isRightToLeft ? 0 : indent)
        + x(of: line, in: contentWidth - indent)
      frames.append(
        LineFrame(
          x: x, top: y, height: height, baseline: y + height - metrics[position].descent))
      y += height
      if line.text.reason == .explicit { y += paragraphSpacing }
    }
    if let last = lines.last, last.text.reason == .explicit { y -= paragraphSpacing }
    let contentHeight = max(0, y)
    let boxHeight = options.height.map(fixed) ?? top + contentHeight + bottom
    let offset = top + verticalOffset(slack: boxHeight - top - bottom - contentHeight)
    for index in frames.indices {
      frames[index].top += offset
      frames[index].baseline += offset
    }
    return LineStack(frames: frames, width: left + contentWidth + right, height: boxHeight)
  }

  /// Where the lines start below the top inset, for `slack` free points (negative when the
  /// lines overflow the box).
  private func verticalOffset(slack: Int64) -> Int64 {
    switch options.verticalAlignment {
    case .top: return 0
    case .center: return slack / 2
    case .bottom: return slack
    }
  }

  /// Points in 26.6, rounded to the nearest 1/64.
  private func fixed(_ value: Double) -> Int64 { Int64((value * 64).rounded()) }

  /// A line's height and descent: the largest ascent and descent of its segments' fonts
  /// (moved by their baseline shifts), the line gap when asked, times the line height multiple.
  private func metrics(of line: AssembledLine) -> Metrics {
    var ascent: Int64 = 0
    var descent: Int64 = 0
    var gap: Int64 = 0
    var largestSize = 0.0
    for segment in line.segments {
      let font = items[segment.itemIndex].font
      largestSize = max(largestSize, font.size)
      ascent = max(ascent, Int64(font.ascender) + segment.shift)
      descent = max(descent, Int64(font.descender) - segment.shift)
      gap = max(gap, Int64(font.lineGap))
    }
    var natural = ascent + descent
    if options.usesFontLeading { natural += gap }
    let height = Int64((Double(natural) * options.lineHeightMultiple).rounded())
    return Metrics(height: height, descent: descent, largestSize: largestSize)
  }

  /// The left edge of a line in a box of `boxWidth`, by the alignment: natural and justified
  /// lines (those justification did not stretch) sit at their paragraph's start side.
  private func x(of line: AssembledLine, in boxWidth: Int64) -> Int64 {
    let slack = boxWidth - line.width
    switch options.alignment {
    case .left: return 0
    case .natural, .justify: return line.isRightToLeft ? slack : 0
    case .right: return slack
    case .center: return slack / 2
    }
  }
}
