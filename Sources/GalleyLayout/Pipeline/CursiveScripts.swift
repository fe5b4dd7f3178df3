internal import CHarfBuzz
internal import GalleySupport

/// The scripts whose letters join (CSS Text's cursive scripts): Arabic, Hanifi Rohingya,
/// Mandaic, Mongolian, N'Ko, Phags-pa and Syriac.
///
/// Letter spacing would cut their joins, so their characters get none (the spaces, digits and
/// punctuation between their words still do), and an item in one of them keeps its optional
/// ligatures where spacing turns them off elsewhere.
enum CursiveScripts {
  private static let scripts: Set<UInt32> = [
    HB_SCRIPT_ARABIC, HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN,
    HB_SCRIPT_NKO, HB_SCRIPT_PHAGS_PA, HB_SCRIPT_SYRIAC,
  ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

  /// Whether `script` is cursive.
  static func contains(_ script: ShapingScript) -> Bool { scripts.contains(script.tag) }

  /// Whether the character at `offset` of `paragraph` (a scalar boundary) is in a cursive
  /// script.
  ///
  /// The corresponding C function is `hb_unicode_script`.
  static func isCursive(_ paragraph: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard paragraph[offset] >= 0x80 else { return false }
    let (scalar, _) = UTF8Decoding.scalar(in: paragraph, at: offset)
    return scripts.contains(hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue)
  }
}
