internal import CHarfBuzz

/// Everything besides its text that decides a run's glyphs: the font (a face at a size), the
/// script, the direction, the language and the OpenType features.
///
/// The style is the one key of shaping. Every HarfBuzz shaping call takes its properties from
/// a style (``shape(_:)``), every cache of shaped text keys on ``key`` (the word cache, the
/// pair tables), and the lookup analysis that decides where accelerators may cut a run reads
/// the style's face and direction. A field added here, set in ``shape(_:)`` and folded into
/// ``Key``, is therefore respected by the reference path and every accelerator at once.
struct ShapingStyle {
  /// The face at its size.
  let font: ShapingFont
  /// The run's script, found before shaping (``ShapingScript/init(guessing:_:)``).
  let script: ShapingScript
  /// The run's direction, from its bidi level: HarfBuzz mirrors brackets and applies the
  /// font's right-to-left features in a right-to-left run.
  let isRightToLeft: Bool
  /// The layout's language.
  let language: ShapingLanguage
  /// The run's OpenType features, or `nil` for each font's defaults.
  ///
  /// In ``Key`` by their ``ShapingFeatures/serial``; the accelerators decline a style whose
  /// features have none.
  var features: ShapingFeatures? = nil
  /// Whether feature lists that are not interned shape through the font's kept plans.
  ///
  /// The alternative is a plan made for the call and destroyed (``ShapingPlans``): the same
  /// glyphs either way, so it is not in ``Key``.
  var keepsPlans = true

  /// The style as plain data: equal keys shape alike, and copying or hashing one costs no
  /// reference counting.
  struct Key: Hashable, Sendable {
    /// The font's ``ShapingFont/serial``: its face, size and instance.
    var font: Int
    /// The script's tag.
    var script: UInt32
    var isRightToLeft: Bool
    /// The language's ``ShapingLanguage/bits``.
    var language: UInt
    /// The features' ``ShapingFeatures/serial``, 0 for none.
    var features: Int

    /// The key folded into one word, for hashers that mix it with their own data.
    @inline(__always)
    var mixed: UInt64 {
      (UInt64(bitPattern: Int64(font)) &* 0x9E37_79B9_7F4A_7C15)
        ^ (UInt64(script) << 1 | (isRightToLeft ? 1 : 0))
        ^ (UInt64(language) &* 0xC2B2_AE3D_27D4_EB4F)
        ^ (UInt64(bitPattern: Int64(features)) &* 0x1656_67B1_9E37_79F9) << 7
    }
  }

  /// The style's key.
  var key: Key {
    Key(
      font: font.serial, script: script.tag, isRightToLeft: isRightToLeft,
      language: language.bits, features: features?.serial ?? 0)
  }

  /// Whether the accelerators may hold glyphs of this style: its features, if any, are
  /// interned (``ShapingFeatures/serial``).
  var isCacheable: Bool { features == nil || features?.serial != nil }

  /// Sets `buffer`'s segment properties from the style and shapes it with the style's font.
  ///
  /// A run without letters keeps HarfBuzz's default script, and a style without a language
  /// HarfBuzz's default language; features apply to the whole buffer, or to their ranges.
  /// Lists that are not interned (ranges among them) shape through plans that HarfBuzz does
  /// not keep (``ShapingPlans``). The corresponding C
  /// functions are `hb_buffer_set_script`,
  /// `hb_buffer_set_direction`, `hb_buffer_set_language`,
  /// `hb_buffer_guess_segment_properties` (which fills what is left unset) and `hb_shape`.
  func shape(_ buffer: OpaquePointer) {
    if script != .common { hb_buffer_set_script(buffer, script.harfBuzzScript) }
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    if let language = language.handle { hb_buffer_set_language(buffer, language) }
    hb_buffer_guess_segment_properties(buffer)
    if let features {
      features.values.withUnsafeBufferPointer { values in
        if features.serial != nil {
          hb_shape(font.handle, buffer, values.baseAddress, UInt32(values.count))
        } else if keepsPlans {
          font.plans.shape(buffer, font: font.handle, features: values)
        } else {
          ShapingPlans.shapeOnce(buffer, font: font.handle, features: values)
        }
      }
    } else {
      hb_shape(font.handle, buffer, nil, 0)
    }
  }
}
