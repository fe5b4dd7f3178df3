import ArgumentParser
import GalleyMarkup

extension TextColor: ExpressibleByArgument {
  /// Reads `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a CSS color name from the command line.
  public init?(argument: String) {
    self.init(parsing: argument)
  }

  /// How the help text describes a color value.
  public static var defaultCompletionKind: CompletionKind { .default }
}
