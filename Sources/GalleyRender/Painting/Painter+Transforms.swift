import GalleyLayout
import GalleyStyle

extension Painter {
  /// Calls `body` with a run's glyphs under the matrix each is drawn with: all at once for a
  /// run without transforms, one by one under its glyph's map otherwise.
  ///
  /// - Parameters:
  ///   - context: The context whose matrix the maps move.
  ///   - run: The run.
  ///   - body: Draws or adds to the path the glyphs it is given, at their positions.
  func forEachPlacement(
    _ context: CairoContext, of run: Scene.Run, _ body: (ArraySlice<SceneGlyph>) -> Void
  ) {
    guard !run.matrices.isEmpty else {
      body(run.glyphs[...])
      return
    }
    for index in run.glyphs.indices {
      context.withTransform(run.matrices[index]) { body(run.glyphs[index...index]) }
    }
  }

  /// Draws a run's glyphs in the current source, each under its map (see
  /// ``show(_:_:font:)``).
  func show(_ context: CairoContext, run: Scene.Run) {
    forEachPlacement(context, of: run) { show(context, $0, font: run.font) }
  }

  /// Draws a run's glyphs with the characters they stand for (a PDF's text): all at once, or
  /// one by one under their maps, each with its cluster's characters (a transformed run's
  /// text has one cluster per glyph).
  func show(_ context: CairoContext, run: Scene.Run, text: Scene.RunText) {
    guard !run.matrices.isEmpty else {
      context.showGlyphs(run.glyphs, text: text, font: run.font)
      return
    }
    guard text.clusters.count == run.glyphs.count else {
      show(context, run: run)
      return
    }
    var start = 0
    for index in run.glyphs.indices {
      let cluster = text.clusters[index]
      let bytes = Array(text.utf8[start..<(start + Int(cluster.bytes))])
      start += Int(cluster.bytes)
      context.withTransform(run.matrices[index]) {
        let glyph = run.glyphs[index...index]
        if bytes.isEmpty {
          context.showGlyphs(glyph, font: run.font)
        } else {
          context.showGlyphs(
            glyph, text: Scene.RunText(utf8: bytes, clusters: [cluster]), font: run.font)
        }
      }
    }
  }

  /// Adds a run's glyph outlines to the path, each under its map: from the outline cache
  /// when the renderer has one, else as cairo makes them under each map.
  func appendPaths(_ context: CairoContext, of run: Scene.Run) {
    guard let outlines, !run.matrices.isEmpty, !run.font.isColor else {
      forEachPlacement(context, of: run) { context.appendGlyphPaths($0, font: run.font) }
      return
    }
    for (glyph, matrix) in zip(run.glyphs, run.matrices) {
      guard
        let outline = outlines.outline(
          font: run.font, glyph: glyph.id, deviceScale: canvas.deviceScale)
      else { continue }
      context.withTransform(matrix) {
        context.translate(x: glyph.x, y: glyph.y)
        context.append(outline.path)
      }
    }
  }

  /// Adds a decoration's or background's box to the path: its quadrilateral when it follows
  /// a transformed glyph, its rectangle otherwise.
  func add(_ context: CairoContext, box: Scene.Box) {
    if let quad = box.quad {
      context.addQuad(quad)
    } else {
      context.addRectangle(box.rect)
    }
  }
}
