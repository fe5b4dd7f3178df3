/// A point to hit-test, in layout points: origin at the top left, y down.
package struct RequestPoint: Codable, Hashable, Sendable {
  /// The x coordinate.
  package var x: Double
  /// The y coordinate.
  package var y: Double

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The x coordinate.
  ///   - y: The y coordinate.
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
