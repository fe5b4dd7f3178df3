internal import CCairo
import GalleyLayout
import Synchronization

/// cairo faces per font file and scaled fonts per size and device scale, made once per
/// renderer and shared by all its renders, so a glyph at a size is rasterized once.
final class CairoFontCache: Sendable {
  /// A font file's face, with or without synthesized bold.
  ///
  /// Synthesized bold is a property of a cairo face. Synthesized italic is not a property of
  /// the face or of cairo's font matrix: the scaled font is upright, marked
  /// ``CairoScaledFont/isSlanted``, and its outlines are leant by
  /// ``CairoContext/appendGlyphPaths(_:font:)``.
  private struct FaceKey: Hashable {
    var file: String
    var index: Int
    var bold: Bool
    /// A variable face's design coordinates: cairo reads them from the FreeType face when
    /// it makes the cairo face, so each instance is a face of its own.
    var coordinates: FontVariations
  }

  private struct FontKey: Hashable {
    var face: FaceKey
    var italic: Bool
    var size: Double
    /// How much wider than the font the glyphs are drawn.
    var horizontalScale: Double
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
        coordinates: reference.variations),
      italic: reference.synthesizedItalic, size: reference.size,
      horizontalScale: reference.horizontalScale, deviceScale: deviceScale)
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
          face, size: key.size, horizontalScale: key.horizontalScale, slanted: key.italic,
          deviceScale: deviceScale)
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
    guard let face = FreeTypeFace(file: key.file, index: key.index) else { return nil }
    face.setDesignCoordinates(key.coordinates)
    return CairoFontFace(face, synthesizingBold: key.bold)
  }

  /// A scaled font with the layout's geometry: no hinting of outlines or metrics, so glyphs
  /// are drawn exactly where the layout put them, in grayscale anti-aliasing.
  private static func makeFont(
    _ face: CairoFontFace, size: Double, horizontalScale: Double, slanted: Bool,
    deviceScale: Double
  ) -> CairoScaledFont? {
    // The matrix stays upright even for a synthesized oblique: cairo 1.16 measures a sheared
    // font correctly but draws its outlines upright once the face has been used upright, so
    // the slant is applied to the glyphs' paths instead (`CairoContext.appendGlyphPaths`).
    var fontMatrix = cairo_matrix_t()
    cairo_matrix_init_scale(&fontMatrix, size * horizontalScale, size)
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
