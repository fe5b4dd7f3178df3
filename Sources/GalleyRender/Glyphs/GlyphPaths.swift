internal import CCairo

/// Glyph outlines as paths, with the synthesized oblique applied to the points.
enum GlyphPaths {
  /// tan(12°): a synthesized oblique leans 12 degrees to the right, as FreeType's does.
  static let slant = 0.2126

  /// Adds the outlines of `glyphs` to the current path of `cr`, leaning each glyph around its
  /// own baseline point when the font is a synthesized oblique.
  static func append(_ cr: OpaquePointer, _ glyphs: [cairo_glyph_t], font: CairoScaledFont) {
    cairo_set_scaled_font(cr, font.handle)
    guard font.isSlanted else {
      glyphs.withUnsafeBufferPointer { glyphs in
        cairo_glyph_path(cr, glyphs.baseAddress, Int32(glyphs.count))
      }
      return
    }
    // The path so far is kept aside, each glyph's outline is made alone and leant, then all is
    // put back together.
    let before = cairo_copy_path(cr)
    defer { cairo_path_destroy(before) }
    var leant: [UnsafeMutablePointer<cairo_path_t>] = []
    defer { for path in leant { cairo_path_destroy(path) } }
    for var glyph in glyphs {
      cairo_new_path(cr)
      cairo_glyph_path(cr, &glyph, 1)
      guard let path = cairo_copy_path(cr) else { continue }
      lean(path, baseline: glyph.y)
      leant.append(path)
    }
    cairo_new_path(cr)
    if let before { cairo_append_path(cr, before) }
    for path in leant { cairo_append_path(cr, path) }
  }

  /// Moves every point right by `slant` times its height above the baseline (user space, y
  /// down).
  private static func lean(_ path: UnsafeMutablePointer<cairo_path_t>, baseline: Double) {
    guard let data = path.pointee.data else { return }
    var index = 0
    let count = Int(path.pointee.num_data)
    while index < count {
      let header = data[index].header
      let length = Int(header.length)
      for point in 1..<max(1, length) {
        let y = data[index + point].point.y
        data[index + point].point.x -= slant * (y - baseline)
      }
      index += max(1, length)
    }
  }
}
