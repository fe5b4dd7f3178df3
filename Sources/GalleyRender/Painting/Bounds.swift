import GalleyLayout

/// An axis-aligned rectangle by its edges, for bounds arithmetic.
struct Bounds: Hashable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(x: Double, y: Double, width: Double, height: Double) {
    minX = x
    minY = y
    maxX = x + width
    maxY = y + height
  }

  init(_ rect: Layout.Rect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }

  var width: Double { maxX - minX }
  var height: Double { maxY - minY }

  func union(_ other: Bounds) -> Bounds {
    var result = self
    result.minX = min(minX, other.minX)
    result.minY = min(minY, other.minY)
    result.maxX = max(maxX, other.maxX)
    result.maxY = max(maxY, other.maxY)
    return result
  }

  func insetBy(_ amount: Double) -> Bounds {
    Bounds(
      x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  func offsetBy(x: Double, y: Double) -> Bounds {
    Bounds(x: minX + x, y: minY + y, width: width, height: height)
  }
}

extension Bounds? {
  func union(_ other: Bounds) -> Bounds { self?.union(other) ?? other }
}
