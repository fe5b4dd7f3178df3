import GalleyMarkup
import GalleyOptions
import GalleyRender

extension RenderOptions.Shadow {
  /// This shadow with the values given on the command line, or `nil` when none is given (the
  /// effect stays off).
  ///
  /// - Parameters:
  ///   - offset: The offset X,Y in points, or `nil` to keep this shadow's.
  ///   - blur: The blur radius in points, or `nil` to keep this shadow's.
  ///   - color: The color, or `nil` to keep this shadow's.
  /// - Returns: The changed shadow, or `nil` when all three are `nil`.
  func changing(offset: NumberPair?, blur: Double?, color: TextColor?) -> Self? {
    guard offset != nil || blur != nil || color != nil else { return nil }
    var shadow = self
    if let offset {
      shadow.offsetX = offset.x
      shadow.offsetY = offset.y
    }
    if let blur { shadow.blur = blur }
    if let color { shadow.color = color }
    return shadow
  }
}
