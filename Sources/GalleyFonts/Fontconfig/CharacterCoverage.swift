internal import CFontconfig

/// Owns a one-face `FcFontSet` listed with its `FcCharSet`, to test one face's coverage.
///
/// Not `Sendable`; used only under ``FontSet``'s fontconfig lock. The corresponding C functions
/// are `FcFontList`, `FcPatternGetCharSet`, `FcCharSetHasChar` and `FcFontSetDestroy`.
final class CharacterCoverage {
  private let handle: UnsafeMutablePointer<FcFontSet>  // FcFontSet *
  private let charset: OpaquePointer?

  init?(adoptingSetWithOneFace set: UnsafeMutablePointer<FcFontSet>) {
    self.handle = set
    var charset: OpaquePointer?
    if set.pointee.nfont > 0, let font = set.pointee.fonts[0],
      FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch
    {
      self.charset = charset
    } else {
      self.charset = nil
    }
  }

  deinit { FcFontSetDestroy(handle) }

  func covers(_ scalar: Unicode.Scalar) -> Bool {
    guard let charset else { return false }
    return FcCharSetHasChar(charset, scalar.value) != 0
  }
}
