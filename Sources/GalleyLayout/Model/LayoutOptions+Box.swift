extension LayoutOptions {
  /// Space kept free inside the box's edges, in points (FXLabel's `textInsets`).
  ///
  /// Text wraps at the box width less `left` and `right`, and sits below `top` and above
  /// `bottom`.
  public struct Insets: Hashable, Sendable, Codable {
    /// Space below the box's top edge.
    public var top: Double
    /// Space right of the box's left edge.
    public var left: Double
    /// Space above the box's bottom edge.
    public var bottom: Double
    /// Space left of the box's right edge.
    public var right: Double

    /// No insets.
    public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)

    /// Creates insets.
    ///
    /// - Parameters:
    ///   - top: Space below the top edge, in points.
    ///   - left: Space right of the left edge.
    ///   - bottom: Space above the bottom edge.
    ///   - right: Space left of the right edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
      self.top = top
      self.left = left
      self.bottom = bottom
      self.right = right
    }
  }

  /// Where the lines sit vertically in a box taller than they are (FXLabel's `contentMode`,
  /// AGKOutlineLabel's `verticalAlignment`).
  public enum VerticalAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// The first line at the top inset.
    case top
    /// The lines in the middle of the space between the insets.
    case center
    /// The last line at the bottom inset.
    case bottom
  }

  /// The width lines wrap at, in 26.6 rounded down (so aligned lines never pass it), or `nil`
  /// for unlimited lines.
  var wrapWidth: Int64? {
    width.map { Int64((($0 - insets.left - insets.right) * 64).rounded(.down)) }
  }

  /// Why the box's height and insets cannot be used, or `nil`.
  var boxProblem: String? {
    let limit = Self.maximumDimension
    let sides = [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom)]
    for (name, value) in sides + [("right", insets.right)] where !(value >= 0 && value <= limit) {
      return "the \(name) inset must be at least 0 and at most \(Int(limit))"
    }
    if let width, !(width - insets.left - insets.right > 0) {
      return "the width must be larger than the left and right insets together"
    }
    if let height {
      if !(height > 0 && height <= limit) {
        return "height must be above 0 and at most \(Int(limit))"
      }
      if !(height >= insets.top + insets.bottom) {
        return "the height must be at least the top and bottom insets together"
      }
    }
    return nil
  }
}
