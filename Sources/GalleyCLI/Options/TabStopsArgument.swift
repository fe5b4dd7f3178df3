import ArgumentParser

/// Tab stops written `P1,P2,…` in points; ``LayoutOptions`` checks that they increase.
struct TabStopsArgument: ExpressibleByArgument, Hashable {
  var points: [Double]

  init?(argument: String) {
    let values = argument.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0)
    }
    guard !values.isEmpty, values.count <= 1000,
      case let numbers = values.compactMap({ $0 }), numbers.count == values.count,
      numbers.allSatisfy(\.isFinite)
    else { return nil }
    points = numbers
  }
}
