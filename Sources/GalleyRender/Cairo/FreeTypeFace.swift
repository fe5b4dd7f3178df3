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

  /// Whether the face draws its glyphs in color (FreeType's `FT_FACE_FLAG_COLOR`).
  var isColor: Bool { handle.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 }
}
