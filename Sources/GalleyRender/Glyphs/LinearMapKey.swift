import GalleyLayout

/// A glyph map's linear part (its turn, scale and slant) rounded to a grid, as a key for the
/// masks and strokes of transformed glyphs.
///
/// Glyphs under nearby maps share a mask: the grid's step is the largest power of two below
/// `1 / (8 × pixelsPerEm)`, so each of the four numbers moves by at most half a step and a
/// point within √2 ems of the glyph's origin (a glyph's ink, nearly always) moves by less than
/// 1/8 of a pixel (`√2 × step / 2 × √2 ems`): the precision the glyph's origin itself is placed
/// to, a quarter pixel's grid, as untransformed glyphs are (``GridPosition``). A rotation
/// typesetter's glyphs all share one key; a random shift's or an arc's share one when their
/// turns fall in one step (about half a degree for 13-point text at one pixel per point).
struct LinearMapKey: Hashable {
  /// The four numbers, in steps of `2⁻ᵏ`.
  private let a: Int32
  private let b: Int32
  private let c: Int32
  private let d: Int32
  /// `k`.
  private let shift: Int8

  /// The key of a map for a font drawn at `pixelsPerEm`, or `nil` when the map's numbers are
  /// too large for the grid (a glyph scaled past any mask) or not finite.
  init?(_ map: Layout.AffineTransform, pixelsPerEm: Double) {
    let exponent = (8 * max(pixelsPerEm, 1)).exponent
    // 2^(exponent + 1) is the power of two above 8 × pixelsPerEm.
    let shift = min(Int(exponent) + 1, 30)
    let unit = Double(sign: .plus, exponent: shift, significand: 1)
    func steps(_ value: Double) -> Int32? {
      // The nearest step, halves rounded up: a floor by truncation without a libm call. Not a
      // number fails the comparison.
      let shifted = value * unit + 0.5
      guard abs(shifted) < 2e9 else { return nil }
      let truncated = Int32(shifted)
      return Double(truncated) > shifted ? truncated - 1 : truncated
    }
    guard let a = steps(map.a), let b = steps(map.b), let c = steps(map.c), let d = steps(map.d)
    else { return nil }
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.shift = Int8(shift)
  }

  /// The five numbers mixed into one, for hashing.
  var mixed: Int {
    let spread = Int(bitPattern: 0x9E37_79B9_7F4A_7C15)
    let high = Int(truncatingIfNeeded: UInt32(bitPattern: a)) << 32
    let first = (high | Int(truncatingIfNeeded: UInt32(bitPattern: b))) &* spread
    let second =
      (Int(truncatingIfNeeded: UInt32(bitPattern: c)) << 32
        | Int(truncatingIfNeeded: UInt32(bitPattern: d))) ^ Int(shift)
    return (first ^ (first >> 29)) ^ (second &* spread)
  }

  /// The rounded linear part times `scale`, moved by (`tx`, `ty`).
  func map(scale: Double = 1, tx: Double = 0, ty: Double = 0) -> Layout.AffineTransform {
    let step = scale * Double(sign: .plus, exponent: -Int(shift), significand: 1)
    return Layout.AffineTransform(
      a: Double(a) * step, b: Double(b) * step, c: Double(c) * step, d: Double(d) * step,
      tx: tx, ty: ty)
  }
}
