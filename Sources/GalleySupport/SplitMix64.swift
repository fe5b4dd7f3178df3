/// SplitMix64 (Steele, Lea and Flood, 2014): a small generator whose sequence depends only on
/// its seed, so seeded randomness (a glyph jitter, a draw order) is the same on every run,
/// thread and machine.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence depends only on `seed`.
  ///
  /// - Parameter seed: Any number.
  package init(seed: UInt64) { state = seed }

  /// The next number of the sequence.
  ///
  /// - Returns: 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next number as a double in [−1, 1], from its top 53 bits.
  ///
  /// - Returns: The number.
  package mutating func nextSignedUnit() -> Double {
    Double(next() >> 11) / Double((1 as UInt64) << 53 - 1) * 2 - 1
  }
}
