internal import GalleySupport

/// The nonspacing combining marks below U+0800 that Galley's fast paths know: the combining
/// diacritical marks, Hebrew points and cantillation, Arabic harakat and Quranic marks.
///
/// All are `Mn` with `Grapheme_Cluster_Break=Extend`: a grapheme never breaks before one
/// (UAX #29 GB9), and HarfBuzz puts one in the cluster of the character before it.
enum CombiningMarks {
  /// The marks, as ranges of scalars (from the Unicode Character Database, `Mn` below U+0800
  /// in the Latin, Hebrew and Arabic blocks).
  static let ranges: [ClosedRange<UInt32>] = [
    0x300...0x36F, 0x591...0x5BD, 0x5BF...0x5BF, 0x5C1...0x5C2, 0x5C4...0x5C5, 0x5C7...0x5C7,
    0x610...0x61A, 0x64B...0x65F, 0x670...0x670, 0x6D6...0x6DC, 0x6DF...0x6E4, 0x6E7...0x6E8,
    0x6EA...0x6ED,
  ]

  /// Whether the two-byte sequence `lead` `trail` (U+0080 to U+07FF) is one of the marks.
  @inline(__always)
  static func contains(lead: UInt8, trail: UInt8) -> Bool {
    guard lead >= 0xCC else { return false }
    let scalar = UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)
    return ranges.contains { $0.contains(scalar) }
  }

  /// Whether `bytes[range]` is one character that is not a control, followed only by marks of
  /// the list: one grapheme, with no boundary inside.
  static func isBaseWithMarks(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let lead = bytes[range.lowerBound]
    // Controls (C0, DEL, C1) end a grapheme (GB4).
    guard lead >= 0x20, lead != 0x7F, lead != 0xC2 || bytes[range.lowerBound + 1] >= 0xA0
    else { return false }
    var index = range.lowerBound + UTF8Decoding.length(ofScalarStartingWith: lead)
    guard index < range.upperBound else { return false }
    // Each mark is two bytes.
    while index < range.upperBound {
      guard index + 1 < range.upperBound,
        contains(lead: bytes[index], trail: bytes[index + 1])
      else { return false }
      index += 2
    }
    return true
  }
}
