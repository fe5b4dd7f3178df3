/// One glyph's outline in layout points about its origin, made once: a transformed glyph is
/// this path appended under its map.
final class GlyphOutline: @unchecked Sendable {
  /// The path; read-only once made, so threads may append it at once.
  let path: CairoPath
  /// The path's contours as FreeType reads them, for masks rasterized under a map.
  let shape: OutlineShape
  /// The font, kept alive so its identity in the cache key stays unique.
  let font: CairoScaledFont

  init(path: CairoPath, font: CairoScaledFont) {
    self.path = path
    shape = OutlineShape(path)
    self.font = font
  }
}

/// Glyph outlines per font and glyph, made once per renderer (``Renderer/Accelerators/glyphOutlines``).
///
/// A glyph turned its own way (a random shift, an arc) asks cairo for its outline under a
/// matrix no other glyph has, and cairo makes a scaled font for each such matrix: most of the
/// cost of drawing it. Fonts are unhinted, so the outline at the font's own matrix, moved by
/// the glyph's map, is the outline cairo would give under that map. Transformed glyphs' masks
/// (``GlyphMaskCache``) are rasterized from these outlines too.
final class GlyphOutlineCache: Sendable {
  private struct Key: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt32
  }

  private let outlines = ResettingCache<Key, GlyphOutline?>(limit: 1 << 15)

  /// The outline of `glyph` in `font` (drawn at `deviceScale` pixels per point), or `nil` when
  /// cairo cannot make one.
  func outline(font: CairoScaledFont, glyph: UInt32, deviceScale: Double) -> GlyphOutline? {
    let key = Key(font: ObjectIdentifier(font), glyph: glyph)
    return outlines.value(forKey: key) {
      Self.make(font: font, glyph: glyph, deviceScale: deviceScale)
    }
  }

  /// Copies a glyph's outline out of a scratch context whose matrix is the font's.
  private static func make(
    font: CairoScaledFont, glyph: UInt32, deviceScale: Double
  ) -> GlyphOutline? {
    guard let surface = try? CairoSurface(image: .argb32, width: 1, height: 1) else {
      return nil
    }
    let context = CairoContext(surface)
    context.scale(by: deviceScale)
    context.appendGlyphPaths([SceneGlyph(id: glyph, x: 0, y: 0)], font: font)
    guard let path = context.copyPath() else { return nil }
    return GlyphOutline(path: path, font: font)
  }
}
