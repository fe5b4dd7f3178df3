import ArgumentParser
import GalleyMarkup
import GalleyRender

/// Gradient colors written `C1,C2[,C3…]`, each optionally followed by `@OFFSET` (0…1);
/// colors without offsets are spread evenly.
struct GradientStops: ExpressibleByArgument {
  /// The stops, in the order given.
  var stops: [RenderOptions.Gradient.Stop]

  /// Reads the stops, or fails for fewer than two or more than 256 colors, a color that does
  /// not parse, or an offset outside 0…1.
  ///
  /// - Parameter argument: The option's value, such as `red,#00F@0.8`.
  init?(argument: String) {
    let items = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard items.count >= 2, items.count <= 256 else { return nil }
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
    stops = zip(even, offsets).map { stop, offset in
      RenderOptions.Gradient.Stop(offset: offset ?? stop.offset, color: stop.color)
    }
  }
}
