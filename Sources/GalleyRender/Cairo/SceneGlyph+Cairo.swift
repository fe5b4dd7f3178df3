internal import CCairo

extension SceneGlyph {
  /// The glyph in cairo's form.
  var cairoGlyph: cairo_glyph_t { cairo_glyph_t(index: UInt(id), x: x, y: y) }
}

extension Collection<SceneGlyph> {
  /// Calls `body` with the glyphs in cairo's form, in a temporary buffer.
  ///
  /// The buffer lives only during the call, on the stack when it is small, so drawing a run
  /// costs no lasting allocation.
  ///
  /// - Parameter body: Reads the glyphs; the buffer must not escape it.
  /// - Returns: What `body` returns.
  func withCairoGlyphs<Result>(_ body: (UnsafeBufferPointer<cairo_glyph_t>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: count) { buffer in
      var index = buffer.startIndex
      for glyph in self {
        buffer.initializeElement(at: index, to: glyph.cairoGlyph)
        index += 1
      }
      // cairo_glyph_t is a trivial type: nothing to deinitialize.
      return body(UnsafeBufferPointer(rebasing: buffer[..<index]))
    }
  }
}
