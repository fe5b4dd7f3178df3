import ArgumentParser
import GalleyMarkup

/// The canvas color of `galley render --background`: a color, or `transparent`.
struct CanvasBackground: ExpressibleByArgument, CustomStringConvertible {
  /// The color, or `nil` for a transparent canvas.
  var color: TextColor?

  /// How the help text shows the default: `#RRGGBBAA` or `transparent`.
  var description: String { color?.hexString ?? "transparent" }

  /// Creates a background.
  ///
  /// - Parameter color: The color, or `nil` for transparent.
  init(color: TextColor?) { self.color = color }

  /// Reads `transparent` or a color.
  ///
  /// - Parameter argument: The option's value.
  init?(argument: String) {
    if argument.lowercased() == "transparent" {
      color = nil
    } else {
      guard let color = TextColor(parsing: argument) else { return nil }
      self.color = color
    }
  }
}
