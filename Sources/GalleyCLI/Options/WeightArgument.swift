import ArgumentParser
import GalleyMarkup

/// A weight on the command line: a ladder step (`-1`), a CSS weight (`600`) or a CSS name
/// (`semibold`, `Bold`), read as the markup's `%{…}W` reads it.
///
/// The number is not range-checked here; commands check it and say the range.
struct WeightArgument: ExpressibleByArgument, Hashable, CustomStringConvertible {
  /// The weight: a ladder step or a CSS weight, if valid.
  var value: Int

  var description: String { String(value) }

  init(_ value: Int) { self.value = value }

  init?(argument: String) {
    guard let value = FontWeight.parse(argument) else { return nil }
    self.value = value
  }
}
