import ArgumentParser
import GalleyOptions
import GalleyRender

/// `galley render`'s gradient fill: `--gradient` turns it on, and the other options change
/// ``RenderOptions/Gradient``'s defaults.
struct GradientOptions: ParsableArguments {
  @Option(help: "Gradient colors C1,C2[,…], each optionally with @OFFSET (0…1).")
  var gradient: GradientStops?
  @Option(help: "Gradient kind: linear or radial (default linear).")
  var gradientType: RenderOptions.Gradient.Kind?
  @Option(
    parsing: .unconditional,
    help: "Gradient start X,Y in unit coordinates of the text (radial: the center; default 0.5,0).")
  var gradientStart: NumberPair?
  @Option(
    parsing: .unconditional,
    help: "Gradient end X,Y in unit coordinates of the text (radial: on the rim; default 0.5,0.75)."
  )
  var gradientEnd: NumberPair?

  /// The gradient, or `nil` without `--gradient`.
  var value: RenderOptions.Gradient? {
    guard let gradient else { return nil }
    var value = RenderOptions.Gradient(stops: gradient.stops)
    if let gradientType { value.kind = gradientType }
    if let gradientStart { value.start = (gradientStart.x, gradientStart.y) }
    if let gradientEnd { value.end = (gradientEnd.x, gradientEnd.y) }
    return value
  }

  /// Refuses the gradient's other options without `--gradient`.
  ///
  /// - Throws: `ValidationError`.
  func validate() throws {
    if gradient == nil, gradientStart != nil || gradientEnd != nil || gradientType != nil {
      throw ValidationError(
        "'--gradient-start', '--gradient-end' and '--gradient-type' need '--gradient'.")
    }
  }
}
