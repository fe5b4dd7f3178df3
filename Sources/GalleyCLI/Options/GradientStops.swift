import ArgumentParser
import GalleyRender

/// Gradient colors written `C1,C2[,C3…]`, each optionally followed by `@OFFSET` (0…1);
/// colors without offsets are spread evenly (read by `GradientStopList` in GalleyRender, which
/// the HTTP service shares).
struct GradientStops: ExpressibleByArgument {
  /// The stops, in the order given.
  var stops: [RenderOptions.Gradient.Stop]

  /// Reads the stops, or fails for fewer than two or more than 256 colors, a color that does
  /// not parse, or an offset outside 0…1.
  ///
  /// - Parameter argument: The option's value, such as `red,#00F@0.8`.
  init?(argument: String) {
    guard let stops = GradientStopList.parse(argument) else { return nil }
    self.stops = stops
  }
}
