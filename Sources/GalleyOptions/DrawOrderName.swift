import ArgumentParser
import GalleyRender

/// `--draw-order`'s names.
package enum DrawOrderName: String, ExpressibleByArgument, CaseIterable {
  case logical, reverse, random

  /// The renderer's order, a random one with a seed.
  ///
  /// - Parameter seed: The seed of `random`.
  /// - Returns: The order.
  package func drawOrder(seed: UInt64) -> RenderOptions.DrawOrder {
    switch self {
    case .logical: .logical
    case .reverse: .reverse
    case .random: .random(seed: seed)
    }
  }
}
