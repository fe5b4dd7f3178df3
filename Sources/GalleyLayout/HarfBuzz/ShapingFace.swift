internal import CHarfBuzz
import Synchronization

/// Owns an `hb_face_t` made from one face of a font file.
///
/// `@unchecked Sendable`: a HarfBuzz face is immutable once created and HarfBuzz allows using
/// it from several threads at once; nothing here mutates it after `init`. The corresponding C
/// functions are `hb_blob_create_from_file_or_fail`, `hb_face_create` and `hb_face_destroy`.
final class ShapingFace: @unchecked Sendable {
  let handle: OpaquePointer  // hb_face_t *
  let unitsPerEm: Int32
  /// Where Latin and Common runs may be cut into words (``checkWordSplitting(_:rightToLeft:)``),
  /// checked on first use.
  private let splitting = LazyWordSplitting(rightToLeft: false)
  /// Where Hebrew and Arabic runs may be cut into words, checked on first use.
  private let rightToLeftSplitting = LazyWordSplitting(rightToLeft: true)

  /// The characters of left-to-right Latin and Common runs that shape pair by pair
  /// (``checkPairLocality(_:)``), checked on first use.
  private let checkedPairLocality = Mutex<PairLocality?>(nil)

  /// Whether ``pairLocality`` has a member: 0 not known yet, 1 no, 2 yes.
  private let pairMembersKnown = Atomic<UInt8>(0)

  /// The characters of left-to-right Latin and Common runs that ``PairShapes`` may shape, and
  /// the pairs of them it keeps apart.
  var pairLocality: PairLocality {
    checkedPairLocality.withLock { locality in
      if let locality { return locality }
      let checked = Self.checkPairLocality(handle)
      locality = checked
      pairMembersKnown.store(checked.isEmpty ? 1 : 2, ordering: .releasing)
      return checked
    }
  }

  /// Whether some character shapes pair by pair in this face; read without a lock once known.
  var hasPairMembers: Bool {
    switch pairMembersKnown.load(ordering: .acquiring) {
    case 1: return false
    case 2: return true
    default: return !pairLocality.isEmpty
    }
  }

  /// Where runs in a script of the given direction may be cut into words that shape alone as
  /// inside the run, so that the words can be cached.
  func wordSplitting(rightToLeft: Bool) -> WordSplitting {
    (rightToLeft ? rightToLeftSplitting : splitting).value(for: handle)
  }

  /// Loads face `index & 0xFFFF` of `file`; `nil` when the file is missing or not a font.
  init?(file: String, index: Int) {
    guard let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(index & 0xFFFF)) else { return nil }
    // hb_face_create returns an empty face rather than NULL for unusable data.
    guard hb_face_get_glyph_count(face) > 0 else {
      hb_face_destroy(face)
      return nil
    }
    hb_face_make_immutable(face)
    handle = face
    unitsPerEm = Int32(hb_face_get_upem(face))
  }

  deinit { hb_face_destroy(handle) }
}

/// Owns an `hb_font_t` over a ``ShapingFace`` at one size, using HarfBuzz's own OpenType font
/// functions (no FreeType), so it can be shared between threads once made immutable.
///
/// Positions come out in 26.6 fixed point: the scale is the size in pixels times 64. The
/// corresponding C functions are `hb_font_create`, `hb_ot_font_set_funcs`, `hb_font_set_scale`,
/// `hb_font_make_immutable` and `hb_font_destroy`. `@unchecked Sendable` for the same reason as
/// the face: immutable after `init`.
final class ShapingFont: @unchecked Sendable {
  let face: ShapingFace  // hb_font_t keeps its own reference, but the Swift owner documents it
  let handle: OpaquePointer  // hb_font_t *
  let size: Double
  /// Ascender above the baseline, in 26.6 pixels (positive).
  let ascender: Int32
  /// Descender below the baseline, in 26.6 pixels (positive).
  let descender: Int32
  /// The font's recommended extra space between lines, in 26.6 pixels.
  let lineGap: Int32
  /// How far below the baseline the underline's top is, and its thickness, in 26.6 pixels.
  let underlineOffset: Int32
  let underlineThickness: Int32
  /// How far above the baseline the strikeout's top is, and its thickness, in 26.6 pixels.
  let strikeoutOffset: Int32
  let strikeoutThickness: Int32
  /// A number no other font of the process has, for keys that outlive the font.
  let serial: Int
  /// The font's space glyph (drawn, blank, for a tab) and its advance in 26.6.
  ///
  /// A default tab stop falls every eight of them, as in Pango. A face without a space gives
  /// glyph 0 and a quarter of the size.
  let space: (glyph: UInt32, advance: Int32)

  private static let serials = Atomic<Int>(0)

  init(face: ShapingFace, size: Double, namedInstance: Int) {
    let font = hb_font_create(face.handle)
    hb_ot_font_set_funcs(font)
    let scale = Int32((size * 64).rounded())
    hb_font_set_scale(font, scale, scale)
    if namedInstance > 0 { hb_font_set_var_named_instance(font, UInt32(namedInstance - 1)) }
    hb_font_make_immutable(font)
    self.face = face
    serial = Self.serials.add(1, ordering: .relaxed).newValue
    // hb_font_create never returns NULL; it returns the empty font on failure.
    self.handle = font.unsafelyUnwrapped
    self.size = size
    var extents = hb_font_extents_t()
    if hb_font_get_h_extents(font, &extents) == 0 {
      extents.ascender = scale * 8 / 10
      extents.descender = -scale * 2 / 10
      extents.line_gap = 0
    }
    ascender = extents.ascender
    descender = -extents.descender
    lineGap = extents.line_gap
    func metric(_ tag: hb_ot_metrics_tag_t, fallback: Int32) -> Int32 {
      var value: hb_position_t = 0
      return hb_ot_metrics_get_position(font, tag, &value) != 0 ? value : fallback
    }
    underlineOffset = -metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, fallback: -scale / 10)
    underlineThickness = max(64 / 2, metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, fallback: scale / 16))
    strikeoutOffset = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, fallback: scale * 3 / 10)
    strikeoutThickness = max(64 / 2, metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, fallback: scale / 16))
    var spaceGlyph: hb_codepoint_t = 0
    if hb_font_get_nominal_glyph(font, 0x20, &spaceGlyph) != 0 {
      space = (spaceGlyph, hb_font_get_glyph_h_advance(font, spaceGlyph))
    } else {
      space = (0, scale / 4)
    }
  }

  deinit { hb_font_destroy(handle) }
}

/// A face's ``WordSplitting`` for one direction, found on first use and then read without a
/// lock when it is ``WordSplitting/everywhere`` or ``WordSplitting/never``.
private final class LazyWordSplitting: Sendable {
  let rightToLeft: Bool
  /// 0 not yet known, 1 everywhere, 2 never, 3 the exceptions in `exceptions`.
  private let state = Atomic<UInt8>(0)
  private let exceptions = Mutex<WordSplitting?>(nil)

  init(rightToLeft: Bool) { self.rightToLeft = rightToLeft }

  func value(for face: OpaquePointer) -> WordSplitting {
    switch state.load(ordering: .acquiring) {
    case 1: return .everywhere
    case 2: return .never
    case 3: return exceptions.withLock { $0 } ?? .never
    default:
      // Two threads may both check; they store the same answer.
      let answer = ShapingFace.checkWordSplitting(face, rightToLeft: rightToLeft)
      switch answer {
      case .everywhere: state.store(1, ordering: .releasing)
      case .never: state.store(2, ordering: .releasing)
      case .exceptBefore:
        exceptions.withLock { $0 = answer }
        state.store(3, ordering: .releasing)
      }
      return answer
    }
  }
}
