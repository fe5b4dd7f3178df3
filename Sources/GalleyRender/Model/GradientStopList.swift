/// Gradient colors written `C1,C2[,C3…]`, each optionally followed by `@OFFSET` (0…1), as
/// `galley render --gradient` and the request's `render.gradient` take them; colors without
/// offsets are spread evenly.
package enum GradientStopList {
  /// The most colors a gradient may have.
  package static let maximumCount = 256

  /// Reads the stops.
  ///
  /// - Parameter text: The list, such as `red,#00F@0.8`.
  /// - Returns: The stops in the order given, or `nil` for fewer than two or more than
  ///   ``maximumCount`` colors, a color that does not parse, or an offset outside 0…1.
  package static func parse(_ text: String) -> [RenderOptions.Gradient.Stop]? {
    let items = text.split(separator: ",", omittingEmptySubsequences: false)
    guard items.count >= 2, items.count <= maximumCount else { return nil }
    var colors: [TextColor] = []
    var offsets: [Double?] = []
    for item in items {
      let parts = item.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count <= 2, let color = TextColor(parsing: parts[0]) else { return nil }
      colors.append(color)
      if parts.count == 2 {
        guard let offset = Double(parts[1]), offset >= 0, offset <= 1 else { return nil }
        offsets.append(offset)
      } else {
        offsets.append(nil)
      }
    }
    let even = RenderOptions.Gradient.evenStops(colors)
    return zip(even, offsets).map { stop, offset in
      RenderOptions.Gradient.Stop(offset: offset ?? stop.offset, color: stop.color)
    }
  }
}
