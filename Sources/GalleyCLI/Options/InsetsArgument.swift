import ArgumentParser
import GalleyLayout

/// Insets written `TOP,LEFT,BOTTOM,RIGHT`, or one number for all four sides.
///
/// Each must be a finite number; ``LayoutOptions`` checks the range and the box.
struct InsetsArgument: ExpressibleByArgument, Hashable {
  var insets: LayoutOptions.Insets

  init?(argument: String) {
    let values = argument.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0)
    }
    guard values.count == 1 || values.count == 4,
      case let numbers = values.compactMap({ $0 }), numbers.count == values.count,
      numbers.allSatisfy(\.isFinite)
    else { return nil }
    insets =
      numbers.count == 1
      ? LayoutOptions.Insets(
        top: numbers[0], left: numbers[0], bottom: numbers[0], right: numbers[0])
      : LayoutOptions.Insets(
        top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
  }
}
