import ArgumentParser

/// Two numbers written `X,Y`: a point for `galley hit --at`, an offset in points or a point in
/// unit coordinates for `galley render`.
///
/// Both must be finite and within 10⁹; commands check their own, tighter ranges.
package struct NumberPair: ExpressibleByArgument, Hashable, Encodable, Sendable {
  /// The first number.
  package var x: Double
  /// The second number.
  package var y: Double

  /// Reads `X,Y`, or fails.
  ///
  /// - Parameter argument: The text.
  package init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]),
      x.isFinite, y.isFinite, abs(x) <= 1e9, abs(y) <= 1e9
    else { return nil }
    self.x = x
    self.y = y
  }
}
