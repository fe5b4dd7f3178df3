internal import CCairo
import GalleyLayout
import Synchronization

/// A cairo scaled font: one face at one size, for one device scale, with its glyph cache.
///
/// cairo guards its scaled fonts (and the FreeType faces under them) with its own locks, so
/// one can be shared between threads. The corresponding C functions are
/// `cairo_scaled_font_create` and `cairo_scaled_font_destroy`.
final class CairoScaledFont: @unchecked Sendable {
  let handle: OpaquePointer  // cairo_scaled_font_t *
  /// Whether the face draws its glyphs in color (emoji): such glyphs keep their colors under
  /// a gradient and have no outline to stroke.
  let isColor: Bool

  init(adopting handle: OpaquePointer, isColor: Bool) {
    self.handle = handle
    self.isColor = isColor
  }

  deinit { cairo_scaled_font_destroy(handle) }
}

/// Owns a `cairo_font_face_t` made from a font file through FreeType.
final class CairoFontFace: @unchecked Sendable {
  let handle: OpaquePointer  // cairo_font_face_t *

  init(adopting handle: OpaquePointer) { self.handle = handle }

  deinit { cairo_font_face_destroy(handle) }
}

/// cairo faces per font file and scaled fonts per size and device scale, made once per process
/// and shared by every render, so a glyph at a size and position phase is rasterized once.
final class CairoFontCache: Sendable {
  private struct FaceKey: Hashable {
    var file: String
    var index: Int
    var bold: Bool
    var italic: Bool
  }

  private struct FontKey: Hashable {
    var face: FaceKey
    var size: Double
    var deviceScale: Double
  }

  private struct State {
    var faces: [FaceKey: CairoFontFace] = [:]
    var fonts: [FontKey: CairoScaledFont] = [:]
    /// The font asked for last: runs mostly repeat it.
    var last: (key: FontKey, font: CairoScaledFont)?
  }

  private let state = Mutex(State())
  private static let fontLimit = 1024
  private static let faceLimit = 256

  /// The scaled font for a glyph run's font at a device scale.
  ///
  /// - Throws: ``RenderError/Kind/fontUnusable`` when cairo cannot open the face.
  func font(for reference: Layout.FontReference, deviceScale: Double) throws(RenderError)
    -> CairoScaledFont
  {
    let key = FontKey(
      face: FaceKey(
        file: reference.file, index: reference.index, bold: reference.synthesizedBold,
        italic: reference.synthesizedItalic),
      size: reference.size, deviceScale: deviceScale)
    let found = state.withLock { state -> CairoScaledFont? in
      if let last = state.last, last.key == key { return last.font }
      if let font = state.fonts[key] {
        state.last = (key, font)
        return font
      }
      let face: CairoFontFace
      if let known = state.faces[key.face] {
        face = known
      } else {
        guard let made = Self.makeFace(key.face) else { return nil }
        if state.faces.count >= Self.faceLimit { state.faces.removeAll() }
        state.faces[key.face] = made
        face = made
      }
      guard let font = Self.makeFont(face, size: key.size, deviceScale: deviceScale) else {
        return nil
      }
      if state.fonts.count >= Self.fontLimit { state.fonts.removeAll() }
      state.fonts[key] = font
      state.last = (key, font)
      return font
    }
    guard let found else {
      throw RenderError(
        .fontUnusable, "cannot draw with '\(reference.file)' (face \(reference.index))")
    }
    return found
  }

  /// A face for a file, with cairo's synthesized bold (emboldened outlines) and oblique.
  private static func makeFace(_ key: FaceKey) -> CairoFontFace? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    let added = key.file.withCString { file in
      file.withMemoryRebound(to: FcChar8.self, capacity: key.file.utf8.count + 1) { file in
        FcPatternAddString(pattern, "file", file)
      }
    }
    // Embedded bitmaps are how color emoji fonts (CBDT) carry their glyphs; without this
    // cairo asks FreeType for outlines only, and emoji come out blank.
    guard added != 0,
      FcPatternAddInteger(pattern, "index", Int32(truncatingIfNeeded: key.index)) != 0,
      FcPatternAddBool(pattern, "embeddedbitmap", 1) != 0
    else { return nil }
    // The face references the pattern; the pattern's own reference is released on return.
    let face = CairoFontFace(adopting: cairo_ft_font_face_create_for_pattern(pattern))
    guard cairo_font_face_status(face.handle) == CAIRO_STATUS_SUCCESS else { return nil }
    var synthesis: UInt32 = 0
    if key.bold { synthesis |= CAIRO_FT_SYNTHESIZE_BOLD.rawValue }
    if key.italic { synthesis |= CAIRO_FT_SYNTHESIZE_OBLIQUE.rawValue }
    if synthesis != 0 { cairo_ft_font_face_set_synthesize(face.handle, synthesis) }
    return face
  }

  /// A scaled font with the layout's geometry: no hinting of outlines or metrics, so glyphs
  /// are drawn exactly where the layout put them, in grayscale anti-aliasing.
  private static func makeFont(_ face: CairoFontFace, size: Double, deviceScale: Double)
    -> CairoScaledFont?
  {
    var fontMatrix = cairo_matrix_t()
    cairo_matrix_init_scale(&fontMatrix, size, size)
    var deviceMatrix = cairo_matrix_t()
    cairo_matrix_init_scale(&deviceMatrix, deviceScale, deviceScale)
    guard let options = cairo_font_options_create() else { return nil }
    defer { cairo_font_options_destroy(options) }
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    guard let scaled = cairo_scaled_font_create(face.handle, &fontMatrix, &deviceMatrix, options)
    else { return nil }
    guard cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else {
      cairo_scaled_font_destroy(scaled)
      return nil
    }
    var isColor = false
    if let ftFace = cairo_ft_scaled_font_lock_face(scaled) {
      isColor = ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
      cairo_ft_scaled_font_unlock_face(scaled)
    } else {
      cairo_scaled_font_destroy(scaled)
      return nil  // the file could not be opened
    }
    return CairoScaledFont(adopting: scaled, isColor: isColor)
  }
}
