internal import CCairo
import Synchronization

/// Owns one `FT_Face` opened from a font file; `deinit` closes it.
///
/// All faces come from one FreeType library per process, made on first use. FreeType lets only
/// one thread at a time create or destroy the faces of a library, so opening and closing happen
/// under one lock. A face is used by one ``CairoFontFace``, which keeps it alive until cairo
/// destroys the font face; from then on cairo's own locks guard it. The corresponding C
/// functions are `FT_Init_FreeType`, `FT_New_Face` and `FT_Done_Face`.
final class FreeTypeFace {
  /// The face; closed by `deinit`.
  let handle: FT_Face

  /// The process's FreeType library, made on first use.
  private static let library = Mutex<FT_Library?>(nil)

  /// Opens face `index` of a font file, or returns `nil` when FreeType cannot.
  ///
  /// - Parameters:
  ///   - file: The font file's path.
  ///   - index: The face's index in the file (in a collection).
  init?(file: String, index: Int) {
    let opened = Self.library.withLock { library -> FT_Face? in
      if library == nil {
        var made: FT_Library?
        guard FT_Init_FreeType(&made) == 0 else { return nil }
        library = made
      }
      var face: FT_Face?
      guard FT_New_Face(library, file, FT_Long(index), &face) == 0 else { return nil }
      return face
    }
    guard let opened else { return nil }
    handle = opened
  }

  deinit {
    let face = handle
    Self.library.withLock { _ in _ = FT_Done_Face(face) }
  }

  /// Sets the design coordinates of a variable face, axis by tag.
  ///
  /// Axes `coordinates` does not name keep their values, tags the face lacks are ignored, and a
  /// face without axes is left alone. The corresponding C functions are `FT_Get_MM_Var`,
  /// `FT_Get_Var_Design_Coordinates`, `FT_Set_Var_Design_Coordinates` and `FT_Done_MM_Var`.
  func setDesignCoordinates(_ coordinates: FontVariations) {
    guard !coordinates.isEmpty else { return }
    var master: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(handle, &master) == 0, let master else { return }
    defer { _ = FT_Done_MM_Var(handle.pointee.glyph.pointee.library, master) }
    let count = Int(master.pointee.num_axis)
    var values = [FT_Fixed](repeating: 0, count: count)
    guard FT_Get_Var_Design_Coordinates(handle, FT_UInt(count), &values) == 0 else { return }
    for index in 0..<count {
      let tag = UInt32(truncatingIfNeeded: master.pointee.axis[index].tag)
      if let value = coordinates.value(forTag: tag) {
        values[index] = FT_Fixed((value * 65536).rounded())
      }
    }
    _ = FT_Set_Var_Design_Coordinates(handle, FT_UInt(count), &values)
  }

  /// Whether the face draws its glyphs in color (FreeType's `FT_FACE_FLAG_COLOR`).
  var isColor: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }
}
