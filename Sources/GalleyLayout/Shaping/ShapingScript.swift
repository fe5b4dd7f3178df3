internal import CHarfBuzz
internal import GalleySupport

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

  /// The script HarfBuzz would guess for `range` of `paragraph` (valid UTF-8, the range on
  /// scalar boundaries).
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
      let (scalar, length) = UTF8Decoding.scalar(in: paragraph, at: index)
      index += length
      let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
      if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN {
        self.init(tag: script.rawValue)
        return
      }
    }
    self = .common
  }

  /// HarfBuzz's value for the script.
  var harfBuzzScript: hb_script_t { hb_script_t(rawValue: tag) }
}
