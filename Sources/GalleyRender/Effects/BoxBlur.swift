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

  /// How far a blur of `radius` points can spread, in points, at any resolution of `scale`
  /// pixels per point or more: the canvas margin it needs, the same for every format.
  ///
  /// Three boxes of half-width at most σ + 1 pixels spread at most 3σ + 3 pixels, with
  /// σ = radius / 2 × pixels per point.
  static func reach(radius: Double, scale: Double) -> Double {
    guard radius > 0 else { return 0 }
    return 1.5 * radius + 3 / scale
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
    let widest = radii.max() ?? 0
    // A row with `widest` pixels of `outside` on each side, and a copy of the image for the
    // vertical passes, which read rows they have already overwritten.
    let line = UnsafeMutablePointer<UInt8>.allocate(capacity: longest + 2 * widest + 1)
    defer { line.deallocate() }
    let source = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
    defer { source.deallocate() }
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
    defer { sums.deallocate() }
    for radius in radii where radius > 0 {
      let window = UInt64(2 * radius + 1)
      // Dividing by the window is a multiplication by its reciprocal in 32.32 fixed point.
      let reciprocal = (UInt64(1) << 32) / window + 1
      for row in 0..<height {
        Self.horizontal(
          pixels + row * stride, count: width, radius: radius, outside: outside, line: line,
          reciprocal: reciprocal)
      }
      source.update(from: pixels, count: stride * height)
      Self.vertical(
        pixels, source: source, width: width, height: height, stride: stride, radius: radius,
        outside: outside, sums: sums, reciprocal: reciprocal)
    }
  }

  /// One box pass along a row, through a padded copy of it.
  private static func horizontal(
    _ row: UnsafeMutablePointer<UInt8>, count: Int, radius: Int, outside: UInt8,
    line: UnsafeMutablePointer<UInt8>, reciprocal: UInt64
  ) {
    line.update(repeating: outside, count: radius)
    (line + radius).update(from: row, count: count)
    (line + radius + count).update(repeating: outside, count: radius + 1)
    var sum: UInt64 = 0
    for index in 0...(2 * radius) { sum += UInt64(line[index]) }
    let half = UInt64(1) << 31
    for index in 0..<count {
      row[index] = UInt8(truncatingIfNeeded: (sum * reciprocal + half) >> 32)
      // The window moves from [index, index + 2r] to [index + 1, index + 2r + 1] of `line`.
      sum = sum &+ UInt64(line[index + 2 * radius + 1]) &- UInt64(line[index])
    }
  }

  /// One box pass down every column at once, keeping a running sum per column.
  private static func vertical(
    _ pixels: UnsafeMutablePointer<UInt8>, source: UnsafePointer<UInt8>, width: Int, height: Int,
    stride: Int, radius: Int, outside: UInt8, sums: UnsafeMutablePointer<UInt32>,
    reciprocal: UInt64
  ) {
    let edge = UInt32(outside)
    // The window for row 0 covers rows -r...r.
    sums.update(repeating: edge * UInt32(radius), count: width)
    for row in 0...radius {
      if row < height {
        let line = source + row * stride
        for column in 0..<width { sums[column] += UInt32(line[column]) }
      } else {
        for column in 0..<width { sums[column] += edge }
      }
    }
    let half = UInt64(1) << 31
    for row in 0..<height {
      let output = pixels + row * stride
      for column in 0..<width {
        output[column] = UInt8(truncatingIfNeeded: (UInt64(sums[column]) * reciprocal + half) >> 32)
      }
      let entering = row + radius + 1
      let leaving = row - radius
      switch (entering < height, leaving >= 0) {
      case (true, true):
        let enteringLine = source + entering * stride
        let leavingLine = source + leaving * stride
        for column in 0..<width {
          sums[column] = sums[column] &+ UInt32(enteringLine[column]) &- UInt32(leavingLine[column])
        }
      case (true, false):
        let enteringLine = source + entering * stride
        for column in 0..<width {
          sums[column] = sums[column] &+ UInt32(enteringLine[column]) &- edge
        }
      case (false, true):
        let leavingLine = source + leaving * stride
        for column in 0..<width {
          sums[column] = sums[column] &+ edge &- UInt32(leavingLine[column])
        }
      case (false, false):
        break
      }
    }
  }
}
