/// The characters whose shaping needs no context beyond their word, so that the accelerators
/// may cut a run of them into words (where the face allows it) and shape the words alone.
///
/// Accepted: everything below U+0250, where every letter is Latin and everything else is
/// Common, plus the dashes, quotation marks, bullets and ellipsis of U+2010 to U+2027, the
/// Common punctuation of U+2030 to U+205E but the fraction slash U+2044 (HarfBuzz forms
/// fractions around it), and the currency signs of U+20A0 to U+20BF; Hebrew letters and
/// points (U+0591 to U+05F4); and the Arabic block from U+060B to U+06FF but the Arabic
/// letter mark U+061C and the end of ayah U+06DD (the prepended number signs before U+060B
/// reach over the next word). Not accepted: other scripts, combining marks outside Hebrew and
/// Arabic, joiners, bidi controls and the fraction slash.
enum WordText {
  /// The script of `range` of `paragraph` when every character is accepted and its letters
  /// are of one script, else `nil`.
  ///
  /// The script is that of the characters that are neither Common nor Inherited in Unicode's
  /// Scripts.txt (the Arabic comma, semicolon, question mark, tatweel and harakat are not
  /// Arabic there), ``ShapingScript/common`` without letters: what
  /// `hb_buffer_guess_segment_properties` would find. One pass over the bytes.
  static func script(
    _ paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> ShapingScript? {
    var script = ShapingScript.common
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = paragraph[index]
      if byte < 0x80 {
        // ASCII letters.
        if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
          guard let merged = merged(script, .latin) else { return nil }
          script = merged
        }
        index += 1
        continue
      }
      if byte == 0xE2 {
        guard index + 2 < range.upperBound,
          isCommonPunctuation(paragraph[index + 1], paragraph[index + 2])
        else { return nil }
        index += 3
        continue
      }
      // Two-byte sequences: up to U+024F (lead bytes C2 to C9), Hebrew and Arabic (D6 to DB).
      guard byte >= 0xC2, byte <= 0xDB, index + 1 < range.upperBound else { return nil }
      let next = paragraph[index + 1]
      guard next & 0xC0 == 0x80 else { return nil }
      let scalar = UInt32(byte & 0x1F) << 6 | UInt32(next & 0x3F)
      guard let letter = twoByteScript(scalar), let merged = merged(script, letter) else {
        return nil
      }
      script = merged
      index += 2
    }
    return script
  }

  /// Whether words of `script` are shaped right to left (Hebrew and Arabic).
  static func isRightToLeft(_ script: ShapingScript) -> Bool {
    script == .hebrew || script == .arabic
  }

  /// The script of a run with `script`'s letters and `other`'s, or `nil` when they are two
  /// scripts with letters.
  private static func merged(_ script: ShapingScript, _ other: ShapingScript) -> ShapingScript? {
    if script == other || other == .common { return script }
    return script == .common ? other : nil
  }

  /// The script of a two-byte scalar (U+0080 to U+07FF), or `nil` for one outside the
  /// accepted ranges.
  private static func twoByteScript(_ scalar: UInt32) -> ShapingScript? {
    switch scalar {
    // ª, º and the Latin-1 and Latin Extended letters (not × and ÷).
    case 0xAA, 0xBA: return .latin
    case 0xC0..<0x250: return scalar == 0xD7 || scalar == 0xF7 ? ShapingScript.common : .latin
    case 0x80..<0xC0: return ShapingScript.common
    case 0x591...0x5F4: return .hebrew
    case 0x61C, 0x6DD: return nil
    // Common (Arabic comma, semicolon, question mark, tatweel) and Inherited (the harakat,
    // superscript alef) in Scripts.txt: they take the script of the letters around them.
    case 0x60C, 0x61B, 0x61F, 0x640, 0x64B...0x655, 0x670: return ShapingScript.common
    case 0x60B...0x6FF: return .arabic
    default: return nil
    }
  }

  /// Whether a right-to-left run's words may be shaped alone: an Arabic run must not touch a
  /// character it could join to (only ASCII may stand right before or after it), since a word
  /// shaped alone has no context.
  static func contextAllowsWords(_ run: ShapingRun) -> Bool {
    guard run.style.script == .arabic else { return true }
    let paragraph = run.paragraph
    let range = run.range
    if range.lowerBound > 0, paragraph[range.lowerBound - 1] >= 0x80 { return false }
    if range.upperBound < paragraph.count, paragraph[range.upperBound] >= 0x80 { return false }
    return true
  }

  /// Whether the three-byte sequence E2 `second` `third` is in the punctuation and currency
  /// ranges ``script(_:_:)`` accepts.
  private static func isCommonPunctuation(_ second: UInt8, _ third: UInt8) -> Bool {
    guard third & 0xC0 == 0x80 else { return false }
    switch second {
    case 0x80: return (0x90...0xA7).contains(third) || third >= 0xB0  // U+2010–2027, 2030–203F
    case 0x81: return third <= 0x9E && third != 0x84  // U+2040–205E but U+2044
    case 0x82: return third >= 0xA0  // U+20A0–20BF
    default: return false
    }
  }
}
