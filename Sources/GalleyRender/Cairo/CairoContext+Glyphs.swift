internal import CCairo

extension CairoContext {
  /// tan(12°): a synthesized oblique leans 12 degrees to the right, as FreeType's does.
  static let slant = 0.2126

  /// Draws glyphs in the source with their font (`cairo_set_scaled_font`,
  /// `cairo_show_glyphs`).
  ///
  /// - Parameters:
  ///   - glyphs: The glyphs at their positions, in user units.
  ///   - font: Their font.
  func showGlyphs(_ glyphs: some Collection<SceneGlyph>, font: CairoScaledFont) {
    cairo_set_scaled_font(handle, font.handle)
    glyphs.withCairoGlyphs { glyphs in
      cairo_show_glyphs(handle, glyphs.baseAddress, Int32(glyphs.count))
    }
  }

  /// Draws glyphs with the characters they draw, which a PDF keeps for copying and reading
  /// (`cairo_show_text_glyphs`).
  ///
  /// - Parameters:
  ///   - glyphs: The glyphs at their positions, in user units.
  ///   - text: Their characters and clusters.
  ///   - font: Their font.
  func showGlyphs(
    _ glyphs: some Collection<SceneGlyph>, text: Scene.RunText, font: CairoScaledFont
  ) {
    cairo_set_scaled_font(handle, font.handle)
    let clusters = text.clusters.map {
      cairo_text_cluster_t(num_bytes: $0.bytes, num_glyphs: $0.glyphs)
    }
    glyphs.withCairoGlyphs { glyphs in
      text.utf8.withUnsafeBufferPointer { utf8 in
        utf8.withMemoryRebound(to: CChar.self) { characters in
          cairo_show_text_glyphs(
            handle, characters.baseAddress, Int32(characters.count), glyphs.baseAddress,
            Int32(glyphs.count), clusters, Int32(clusters.count), cairo_text_cluster_flags_t(0))
        }
      }
    }
  }

  /// Adds the outlines of glyphs to the path, leaning each glyph around its own baseline
  /// point when the font is a synthesized oblique (`cairo_glyph_path`).
  ///
  /// cairo 1.16 draws a sheared font's outlines upright once its face was used upright, so
  /// the slant is applied to the points of the path instead.
  ///
  /// - Parameters:
  ///   - glyphs: The glyphs at their positions, in user units.
  ///   - font: Their font.
  func appendGlyphPaths(_ glyphs: some Collection<SceneGlyph>, font: CairoScaledFont) {
    cairo_set_scaled_font(handle, font.handle)
    guard font.isSlanted else {
      glyphs.withCairoGlyphs { glyphs in
        cairo_glyph_path(handle, glyphs.baseAddress, Int32(glyphs.count))
      }
      return
    }
    // The path so far is kept aside, each glyph's outline is made alone and leant, then all is
    // put back together.
    let before = copyPath()
    var leant: [CairoPath] = []
    for glyph in glyphs {
      cairo_new_path(handle)
      var single = glyph.cairoGlyph
      cairo_glyph_path(handle, &single, 1)
      guard let path = copyPath() else { continue }
      Self.lean(path, baseline: glyph.y)
      leant.append(path)
    }
    cairo_new_path(handle)
    if let before { append(before) }
    for path in leant { append(path) }
  }

  /// Moves every point right by ``slant`` times its height above the baseline (user space, y
  /// down).
  private static func lean(_ path: CairoPath, baseline: Double) {
    guard let data = path.handle.pointee.data else { return }
    var index = 0
    let count = Int(path.handle.pointee.num_data)
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
