internal import CHarfBuzz

/// A run's script, as HarfBuzz names scripts (ISO 15924 tags), or ``common`` for a run without
/// letters (digits, punctuation and spaces), which HarfBuzz shapes with its default script.
///
/// A run's script is that of its first character whose script is neither Common, Inherited
/// nor Unknown (``init(guessing:_:)``): the rule of `hb_buffer_guess_segment_properties`,
/// found before shaping so that the style says it.
struct ShapingScript: Hashable, Sendable {
  /// The script's tag (an `hb_script_t`), 0 for ``common``.
  let tag: UInt32

  /// No letter, only Common and Inherited characters: the script is left to HarfBuzz
  /// (`HB_SCRIPT_INVALID`, tag 0, not `Zyyy`).
  static let common = ShapingScript(tag: 0)
  /// Latin (`Latn`).
  static let latin = ShapingScript(tag: HB_SCRIPT_LATIN.rawValue)
  /// Hebrew (`Hebr`).
  static let hebrew = ShapingScript(tag: HB_SCRIPT_HEBREW.rawValue)
  /// Arabic (`Arab`).
  static let arabic = ShapingScript(tag: HB_SCRIPT_ARABIC.rawValue)

  private init(tag: UInt32) { self.tag = tag }

  /// The script HarfBuzz would guess for `range` of `paragraph` (valid UTF-8).
  ///
  /// The corresponding C functions are `hb_unicode_funcs_get_default` and
  /// `hb_unicode_script`.
  init(guessing paragraph: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    var index = range.lowerBound
    while index < range.upperBound {
      let lead = paragraph[index]
      if lead < 0x80 {
        if (lead | 0x20) >= UInt8(ascii: "a") && (lead | 0x20) <= UInt8(ascii: "z") {
          self = .latin
          return
        }
        index += 1
        continue
      }
      let (scalar, length) = Self.decode(paragraph, at: index, lead: lead)
      index += length
      let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
      if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN {
        self.init(tag: script.rawValue)
        return
      }
    }
    self = .common
  }

  /// The scalar of the multi-byte sequence that starts with `lead` at `index`, and its length.
  private static func decode(
    _ text: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8
  ) -> (UInt32, Int) {
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var scalar = UInt32(lead) & (0x7F >> UInt32(length))
    for offset in 1..<length where index + offset < text.count {
      scalar = scalar << 6 | UInt32(text[index + offset] & 0x3F)
    }
    return (scalar, length)
  }

  /// HarfBuzz's value for the script.
  var harfBuzzScript: hb_script_t { hb_script_t(rawValue: tag) }
}
