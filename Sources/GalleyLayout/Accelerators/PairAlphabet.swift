/// The characters pair shaping may take, numbered densely: printable ASCII (U+0020 to
/// U+007E) and Latin-1 (U+00A0 to U+00FF), 191 in all.
///
/// Every one is one or two bytes of UTF-8, so a run is read without a general decoder. The
/// soft hyphen (U+00AD) is numbered but never a member: HarfBuzz hides it as a default
/// ignorable.
enum PairAlphabet {
  /// How many characters are numbered.
  static let count = 191
  /// The number standing for "the end of the text" as a pair's second member.
  static let end = count

  /// The number of the character at `offset` of `text` and the offset after it, or `nil` when
  /// the character is not numbered (a control, DEL, or anything from U+0080 to U+009F or past
  /// U+00FF).
  @inline(__always)
  static func character(in text: UnsafeBufferPointer<UInt8>, at offset: Int) -> (
    index: Int, next: Int
  )? {
    let lead = text[offset]
    if lead < 0x80 {
      guard lead >= 0x20, lead != 0x7F else { return nil }
      return (Int(lead) - 0x20, offset + 1)
    }
    // C2 A0 to C2 BF and C3 80 to C3 BF.
    guard lead == 0xC2 || lead == 0xC3, offset + 1 < text.count else { return nil }
    let trail = text[offset + 1]
    guard trail & 0xC0 == 0x80, lead == 0xC3 || trail >= 0xA0 else { return nil }
    let scalar = Int(lead & 0x1F) << 6 | Int(trail & 0x3F)
    return (scalar - 0xA0 + 95, offset + 2)
  }

  /// The scalar of character number `index`.
  static func scalar(_ index: Int) -> UInt32 {
    UInt32(index < 95 ? index + 0x20 : index - 95 + 0xA0)
  }

  /// A set of characters of the alphabet, as bits.
  struct Members: Sendable, Equatable {
    private var bits: (UInt64, UInt64, UInt64) = (0, 0, 0)

    /// The empty set.
    init() {}

    /// Whether the set has no member.
    var isEmpty: Bool { bits == (0, 0, 0) }

    /// Whether character number `index` is in the set.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
      let word =
        switch index >> 6 {
        case 0: bits.0
        case 1: bits.1
        default: bits.2
        }
      return word & (1 << UInt64(index & 63)) != 0
    }

    /// Adds character number `index`.
    mutating func insert(_ index: Int) {
      let bit: UInt64 = 1 << UInt64(index & 63)
      switch index >> 6 {
      case 0: bits.0 |= bit
      case 1: bits.1 |= bit
      default: bits.2 |= bit
      }
    }

    static func == (left: Members, right: Members) -> Bool { left.bits == right.bits }
  }
}
