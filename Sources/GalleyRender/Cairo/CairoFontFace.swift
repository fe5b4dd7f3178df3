internal import CCairo

/// Owns a `cairo_font_face_t` made from a FreeType face, and keeps that face alive as long
/// as cairo uses it.
///
/// cairo holds a reference to the ``FreeTypeFace`` as user data on the font face and releases
/// it when it destroys the font face (possibly later than this owner's `deinit`, since cairo
/// caches faces). The corresponding C functions are `cairo_ft_font_face_create_for_ft_face`,
/// `cairo_font_face_set_user_data` and `cairo_font_face_destroy`.
final class CairoFontFace: @unchecked Sendable {
  // @unchecked: the handle is never changed after init, and cairo guards its font faces with
  // its own locks.
  let handle: OpaquePointer  // cairo_font_face_t *
  /// Whether the face draws its glyphs in color (FreeType's `FT_FACE_FLAG_COLOR`).
  let isColor: Bool

  /// The key of the user data that holds the FreeType face.
  nonisolated(unsafe) private static var userDataKey = cairo_user_data_key_t()

  /// A cairo face over a FreeType face, or `nil` when cairo cannot use it.
  ///
  /// - Parameters:
  ///   - face: The FreeType face, made straight from the file: a fontconfig pattern face
  ///     would be matched again against the system's fonts by cairo, which can pick another
  ///     file, and equal patterns share one face, so synthesis set on one style would leak
  ///     into the others.
  ///   - synthesizingBold: Whether FreeType emboldens the outlines (synthesized bold).
  init?(_ face: FreeTypeFace, synthesizingBold: Bool) {
    handle = cairo_ft_font_face_create_for_ft_face(face.handle, Int32(FT_LOAD_NO_HINTING))
    isColor = face.isColor
    // On failure `deinit` destroys the handle (cairo's inert error face).
    guard cairo_font_face_status(handle) == CAIRO_STATUS_SUCCESS else { return nil }
    let retained = Unmanaged.passRetained(face)
    let attached = cairo_font_face_set_user_data(
      handle, &Self.userDataKey, retained.toOpaque(),
      { pointer in
        guard let pointer else { return }
        Unmanaged<FreeTypeFace>.fromOpaque(pointer).release()
      })
    guard attached == CAIRO_STATUS_SUCCESS else {
      retained.release()
      return nil
    }
    if synthesizingBold {
      cairo_ft_font_face_set_synthesize(handle, CAIRO_FT_SYNTHESIZE_BOLD.rawValue)
    }
  }

  deinit { cairo_font_face_destroy(handle) }
}
