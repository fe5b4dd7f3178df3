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

  /// Whether the glyphs are drawn leant (synthesized italic).
  let isSlanted: Bool

  /// Device pixels per point.
  let deviceScale: Double

  /// The em in device pixels.
  let pixelsPerEm: Double

  /// A number no other scaled font of the process has: glyph caches key on it, as a font's
  /// address may be reused once it is freed.
  let serial: Int

  private static let serials = Atomic<Int>(0)

  init(
    adopting handle: OpaquePointer, isColor: Bool, isSlanted: Bool, size: Double,
    deviceScale: Double
  ) {
    self.handle = handle
    self.isColor = isColor
    self.isSlanted = isSlanted
    self.deviceScale = deviceScale
    pixelsPerEm = size * deviceScale
    serial = Self.serials.add(1, ordering: .relaxed).newValue
  }

  deinit { cairo_scaled_font_destroy(handle) }
}

/// Owns a `cairo_font_face_t` made from a FreeType face.
final class CairoFontFace: @unchecked Sendable {
  let handle: OpaquePointer  // cairo_font_face_t *
  /// Whether the face draws its glyphs in color (FreeType's `FT_FACE_FLAG_COLOR`).
  let isColor: Bool

  init(adopting handle: OpaquePointer, isColor: Bool) {
    self.handle = handle
    self.isColor = isColor
  }

  deinit { cairo_font_face_destroy(handle) }
}

/// FreeType faces for cairo: one library per process, faces opened and closed under one
/// lock (FreeType allows only one thread at a time to create or destroy faces of a library),
/// each face closed when cairo destroys the font face made from it.
enum FreeTypeFaces {
  private static let library = Mutex<FT_Library?>(nil)

  /// Opens face `index` of a font file, or `nil` when FreeType cannot.
  static func open(file: String, index: Int) -> FT_Face? {
    library.withLock { library -> FT_Face? in
      if library == nil {
        var made: FT_Library?
        guard FT_Init_FreeType(&made) == 0 else { return nil }
        library = made
      }
      var face: FT_Face?
      guard FT_New_Face(library, file, FT_Long(index), &face) == 0 else { return nil }
      return face
    }
  }

  static func close(_ face: FT_Face) {
    library.withLock { _ in _ = FT_Done_Face(face) }
  }

  /// Arranges for `ftFace` to be closed when cairo destroys `fontFace`.
  static func closeWithFace(_ fontFace: OpaquePointer, _ ftFace: FT_Face) -> Bool {
    cairo_font_face_set_user_data(
      fontFace, &userDataKey, UnsafeMutableRawPointer(ftFace),
      { pointer in
        guard let pointer else { return }
        FreeTypeFaces.close(pointer.assumingMemoryBound(to: FT_FaceRec_.self))
      }) == CAIRO_STATUS_SUCCESS
  }

  nonisolated(unsafe) private static var userDataKey = cairo_user_data_key_t()
}

/// cairo faces per font file and scaled fonts per size and device scale, made once per
/// renderer and shared by all its renders, so a glyph at a size is rasterized once.
final class CairoFontCache: Sendable {
  /// A font file's face, with or without synthesized bold.
  ///
  /// Synthesized bold is a property of a cairo face. Synthesized italic is not a property of
  /// the face or of cairo's font matrix: the scaled font is upright, marked
  /// ``CairoScaledFont/isSlanted``, and its outlines are leant by ``GlyphPaths``.
  private struct FaceKey: Hashable {
    var file: String
    var index: Int
    var bold: Bool
  }

  private struct FontKey: Hashable {
    var face: FaceKey
    var italic: Bool
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
      face: FaceKey(file: reference.file, index: reference.index, bold: reference.synthesizedBold),
      italic: reference.synthesizedItalic, size: reference.size, deviceScale: deviceScale)
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
      guard
        let font = Self.makeFont(
          face, size: key.size, slanted: key.italic, deviceScale: deviceScale)
      else {
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

  /// A face for a file, with FreeType's synthesized bold (emboldened outlines) when asked.
  private static func makeFace(_ key: FaceKey) -> CairoFontFace? {
    guard let ftFace = FreeTypeFaces.open(file: key.file, index: key.index) else { return nil }
    // The face is made straight from the file: a fontconfig pattern face would be matched
    // again against the system's fonts by cairo, which can pick another file, and equal
    // patterns share one face, so synthesis set on one style leaks into the others.
    let face = CairoFontFace(
      adopting: cairo_ft_font_face_create_for_ft_face(ftFace, Int32(FT_LOAD_NO_HINTING)),
      isColor: ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0)
    guard cairo_font_face_status(face.handle) == CAIRO_STATUS_SUCCESS,
      FreeTypeFaces.closeWithFace(face.handle, ftFace)
    else {
      FreeTypeFaces.close(ftFace)
      return nil
    }
    if key.bold {
      cairo_ft_font_face_set_synthesize(face.handle, CAIRO_FT_SYNTHESIZE_BOLD.rawValue)
    }
    return face
  }

  /// A scaled font with the layout's geometry: no hinting of outlines or metrics, so glyphs
  /// are drawn exactly where the layout put them, in grayscale anti-aliasing.
  private static func makeFont(
    _ face: CairoFontFace, size: Double, slanted: Bool, deviceScale: Double
  ) -> CairoScaledFont? {
    // The matrix stays upright even for a synthesized oblique: cairo 1.16 measures a sheared
    // font correctly but draws its outlines upright once the face has been used upright, so
    // the slant is applied to the glyphs' paths instead (``GlyphPaths``).
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
    return CairoScaledFont(
      adopting: scaled, isColor: face.isColor, isSlanted: slanted, size: size,
      deviceScale: deviceScale)
  }
}
