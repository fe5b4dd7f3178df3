internal import CHarfBuzz

/// Owns an `hb_face_t` made from one face of a font file.
///
/// `@unchecked Sendable`: a HarfBuzz face is immutable once created and HarfBuzz allows using
/// it from several threads at once; nothing here mutates it after `init`. The corresponding C
/// functions are `hb_blob_create_from_file_or_fail`, `hb_face_create` and `hb_face_destroy`.
final class ShapingFace: @unchecked Sendable {
  let handle: OpaquePointer  // hb_face_t *
  let unitsPerEm: Int32
  /// What the face's lookups allow the accelerators, found on first use.
  let analysis = FaceAnalysis()
  /// The face's design axes (`fvar`), empty when it is not variable.
  let axes: [hb_ot_var_axis_info_t]

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
    axes = Self.axes(of: face)
  }

  deinit { hb_face_destroy(handle) }
}
