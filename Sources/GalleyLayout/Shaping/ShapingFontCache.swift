import GalleyFonts
import Synchronization

/// HarfBuzz faces per font file and fonts per size, made once and shared between threads.
final class ShapingFontCache: Sendable {
  private struct FaceKey: Hashable {
    var file: String
    var index: Int
  }

  private struct FontKey: Hashable {
    var face: FaceKey
    var size: Double
    var variations: FontVariations
    var opticalSizing: Bool
  }

  private struct State {
    var faces: [FaceKey: ShapingFace?] = [:]
    var fonts: [FontKey: ShapingFont] = [:]
  }

  private let state = Mutex(State())
  private static let fontLimit = 2048

  /// The font for a face at a size.
  ///
  /// - Throws: ``LayoutError/Kind/fontUnusable`` when HarfBuzz cannot read the face.
  func font(
    for face: FaceDescriptor, size: Double, variations: FontVariations = FontVariations(),
    opticalSizing: Bool = true
  ) throws(LayoutError) -> ShapingFont {
    let faceKey = FaceKey(file: face.file, index: face.index)
    let key = FontKey(
      face: faceKey, size: size, variations: variations, opticalSizing: opticalSizing)
    let found = state.withLock { state -> ShapingFont?? in
      if let font = state.fonts[key] { return .some(font) }
      let shapingFace: ShapingFace?
      if let cached = state.faces[faceKey] {
        shapingFace = cached
      } else {
        shapingFace = ShapingFace(file: face.file, index: face.index)
        state.faces[faceKey] = shapingFace
      }
      guard let shapingFace else { return .some(nil) }
      if state.fonts.count >= Self.fontLimit { state.fonts.removeAll(keepingCapacity: true) }
      let font = ShapingFont(
        face: shapingFace, size: size, namedInstance: face.index >> 16, variations: variations,
        opticalSizing: opticalSizing)
      state.fonts[key] = font
      return .some(font)
    }
    guard let font = found ?? nil else {
      throw LayoutError(.fontUnusable, "HarfBuzz cannot read '\(face.file)' (face \(face.index))")
    }
    return font
  }
}
