/// A Gaussian blur approximated by three box blurs in each direction.
///
/// Each pass keeps a running sum, so the cost is a few operations per pixel whatever the
/// radius. The box widths follow the standard construction for three boxes whose combined
/// variance matches the Gaussian's.
struct BoxBlur {
  /// The half-widths of the three boxes, in pixels.
  let radii: [Int]

  /// A blur for a Gaussian standard deviation in pixels.
  init(sigma: Double) {
    guard sigma >= 0.25 else {
      radii = []
      return
    }
    let passes = 3.0
    let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
    var lower = Int(ideal.rounded(.down))
    if lower % 2 == 0 { lower -= 1 }
    lower = max(lower, 1)
    let upper = lower + 2
    let l = Double(lower)
    let m = Int(
      ((12 * sigma * sigma - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4))
        .rounded())
    // Widths are odd, so half of one (rounded down) is its radius.
    radii = (0..<3).map { ($0 < m ? lower : upper) / 2 }
  }

  /// A blur for a radius in points (twice the standard deviation, as CSS and Core Graphics
  /// define it) at `pixelsPerPoint`.
  init(radius: Double, pixelsPerPoint: Double) {
    self.init(sigma: radius / 2 * pixelsPerPoint)
  }

  /// How far the blur spreads, in pixels.
  var extent: Int { radii.reduce(0, +) }

  /// How far a blur of `radius` points spreads, in points: the canvas margin it needs.
  static func extent(radius: Double, pixelsPerPoint: Double) -> Double {
    guard radius > 0 else { return 0 }
    return Double(BoxBlur(radius: radius, pixelsPerPoint: pixelsPerPoint).extent + 1)
      / pixelsPerPoint
  }

  /// Blurs an 8-bit alpha image in place.
  ///
  /// - Parameters:
  ///   - pixels: The first row.
  ///   - width: Pixels per row.
  ///   - height: Rows.
  ///   - stride: Bytes from one row to the next.
  ///   - outside: The value of pixels beyond the edges (0 for a shape, 255 for its inverse).
  func apply(
    _ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
    outside: UInt8 = 0
  ) {
    guard !radii.isEmpty, width > 0, height > 0 else { return }
    let longest = max(width, height)
    let line = UnsafeMutablePointer<UInt8>.allocate(capacity: longest)
    defer { line.deallocate() }
    for radius in radii where radius > 0 {
      for row in 0..<height {
        Self.pass(
          pixels + row * stride, step: 1, count: width, radius: radius, outside: outside, line: line
        )
      }
      for column in 0..<width {
        Self.pass(
          pixels + column, step: stride, count: height, radius: radius, outside: outside, line: line
        )
      }
    }
  }

  /// One box pass along a row or a column, through a copy of it.
  private static func pass(
    _ start: UnsafeMutablePointer<UInt8>, step: Int, count: Int, radius: Int, outside: UInt8,
    line: UnsafeMutablePointer<UInt8>
  ) {
    for index in 0..<count { line[index] = start[index * step] }
    let window = 2 * radius + 1
    let edge = Int(outside)
    func value(_ index: Int) -> Int { index < 0 || index >= count ? edge : Int(line[index]) }
    var sum = 0
    for index in -radius...radius { sum += value(index) }
    let half = window / 2
    for index in 0..<count {
      start[index * step] = UInt8((sum + half) / window)
      sum += value(index + radius + 1) - value(index - radius)
    }
  }
}
