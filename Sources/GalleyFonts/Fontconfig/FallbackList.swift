internal import CFontconfig

/// Owns the `FcFontSet` that `FcFontSort` returns: faces best first, with their coverage.
///
/// Each face's `FcCharSet` points into the set, which lives as long as this list.
///
/// Not `Sendable`; used only under ``FontSet``'s fontconfig lock. The corresponding C functions
/// are `FcFontSort`, `FcPatternGetCharSet`, `FcCharSetHasChar` and `FcFontSetDestroy`.
final class FallbackList {
  private let handle: UnsafeMutablePointer<FcFontSet>  // FcFontSet *
  private(set) var faces: [FaceDescriptor] = []
  private var charsets: [OpaquePointer?] = []

  init(adopting set: UnsafeMutablePointer<FcFontSet>) {
    self.handle = set
    for position in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[position],
        let face = FaceDescriptor(pattern: Pattern(retaining: font))
      else { continue }
      var charset: OpaquePointer?
      if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
      faces.append(face)
      charsets.append(charset)
    }
  }

  deinit { FcFontSetDestroy(handle) }

  /// Whether the face at `position` has a glyph for `scalar`.
  func covers(_ position: Int, _ scalar: Unicode.Scalar) -> Bool {
    guard let charset = charsets[position] else { return false }
    return FcCharSetHasChar(charset, scalar.value) != 0
  }
}
