/// Where tabs advance to on a line: the explicit stops (``LayoutOptions/tabStops``), then every
/// eight space advances of the tab's font after the last one, as Pango's default.
///
/// Positions are 26.6 from the line's start (after its indent).
struct TabStops {
  /// The explicit stops, increasing.
  private let stops: [Int64]

  /// Converts the options' stops.
  ///
  /// - Parameter points: Stops in points, increasing and above 0.
  init(points: [Double]) {
    stops = points.map { Int64(($0 * 64).rounded()) }
  }

  /// The first stop after `pen`.
  ///
  /// - Parameters:
  ///   - pen: Where the tab starts.
  ///   - interval: The default interval (eight spaces of the tab's font), above 0.
  /// - Returns: Where the text after the tab starts.
  func next(after pen: Int64, interval: Int64) -> Int64 {
    if let stop = stops.first(where: { $0 > pen }) { return stop }
    let base = stops.last ?? 0
    let interval = max(1, interval)
    return base + (max(0, pen - base) / interval + 1) * interval
  }

  /// The default interval for a tab in `font`: eight space advances.
  ///
  /// - Parameter font: The tab's font.
  /// - Returns: The interval in 26.6.
  static func interval(in font: ShapingFont) -> Int64 { 8 * Int64(max(1, font.space.advance)) }
}
