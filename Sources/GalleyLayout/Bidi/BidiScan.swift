/// The fast test that lets left-to-right text skip bidi analysis.
///
/// A text needs analysis only when its base direction is right-to-left, or when it holds a
/// right-to-left character (the Hebrew, Arabic and other right-to-left blocks: U+0590–U+08FF,
/// U+FB1D–U+FDFF, U+FE70–U+FEFF, U+10800–U+10FFF, U+1E800–U+1EFFF, where every character of
/// classes R, AL and AN lies) or a bidi control (RLM, ALM, the embeddings and overrides
/// U+202A–U+202E, the isolates U+2066–U+2069). Without them every character resolves to level
/// 0 whatever the base direction says (`auto` finds no right-to-left strong character), and
/// LRM alone changes nothing.
enum BidiScan {
  /// Whether a text must go through bidi analysis.
  ///
  /// - Parameters:
  ///   - bytes: The text's UTF-8 bytes.
  ///   - direction: The base direction asked for.
  /// - Returns: `true` when the direction is right-to-left or the text has a right-to-left
  ///   character or a bidi control.
  static func requiresAnalysis(_ bytes: [UInt8], direction: BidiBaseDirection) -> Bool {
    direction == .rightToLeft || bytes.withUnsafeBufferPointer(containsRightToLeftOrControl)
  }

  /// Whether UTF-8 text holds a right-to-left character or a bidi control.
  ///
  /// No byte below 0xD6 starts such a character (continuation bytes are all below 0xC0), so
  /// ASCII goes eight bytes at a time and other text costs one comparison a byte.
  ///
  /// - Parameter bytes: Valid UTF-8.
  /// - Returns: `true` when one is found.
  static func containsRightToLeftOrControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var index = 0
    while index + 8 <= count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if word & 0x8080_8080_8080_8080 != 0 {
        for position in index..<index + 8
        where base[position] >= 0xD6 && startsRightToLeftOrControl(bytes, at: position) {
          return true
        }
      }
      index += 8
    }
    for position in index..<count
    where base[position] >= 0xD6 && startsRightToLeftOrControl(bytes, at: position) {
      return true
    }
    return false
  }

  /// Whether the character whose lead byte is at `index` is right-to-left or a bidi control.
  ///
  /// - Parameters:
  ///   - bytes: Valid UTF-8.
  ///   - index: The offset of a lead byte.
  /// - Returns: `true` for a character the type's summary lists.
  private static func startsRightToLeftOrControl(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> Bool {
    let second = index + 1 < bytes.count ? bytes[index + 1] : 0
    let third = index + 2 < bytes.count ? bytes[index + 2] : 0
    switch bytes[index] {
    case 0xD6: return second >= 0x90  // U+0590...U+05BF (U+0580...U+058F is Armenian)
    case 0xD7...0xDF: return true  // U+05C0...U+07FF, ALM (U+061C) included
    case 0xE0: return (0xA0...0xA3).contains(second)  // U+0800...U+08FF
    case 0xE2:
      // RLM (U+200F), LRE...RLO (U+202A...U+202E), LRI...PDI (U+2066...U+2069).
      return second == 0x80 && (third == 0x8F || (0xAA...0xAE).contains(third))
        || second == 0x81 && (0xA6...0xA9).contains(third)
    case 0xEF:
      let scalar = 0xF000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
      return (0xFB1D...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
    case 0xF0:
      // U+10800...U+10FFF and U+1E800...U+1EFFF.
      return (second == 0x90 || second == 0x9E) && third >= 0xA0
    default: return false
    }
  }
}
