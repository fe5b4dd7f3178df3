import GalleyLayout

extension Painter {
  /// pango-view's debug overlay: line boxes (blue), baselines (green), link rectangles (red)
  /// and glyph ink boxes (orange), in lines one device pixel wide.
  func annotate(_ context: CairoContext) {
    context.withSavedState {
      let hairline = 1 / canvas.deviceScale
      context.setLineWidth(hairline)
      context.setSource(red: 1, green: 0.55, blue: 0, alpha: 0.7)
      for run in scene.runs {
        forEachPlacement(context, of: run) { glyphs in
          for glyph in glyphs {
            guard let ink = run.font.inkRect(of: glyph) else { continue }
            context.addRectangle(ink)
          }
        }
      }
      context.stroke()
      for line in layout.lines {
        context.setSource(red: 0.1, green: 0.3, blue: 1, alpha: 0.8)
        context.addRectangle(
          Layout.Rect(
            x: line.x + hairline / 2, y: line.y + hairline / 2,
            width: max(0, line.width - hairline), height: max(0, line.height - hairline)))
        context.stroke()
        context.setSource(red: 0, green: 0.6, blue: 0.1, alpha: 0.9)
        context.move(toX: line.x, y: line.baseline)
        context.addLine(toX: line.x + line.width, y: line.baseline)
        context.stroke()
      }
      for link in layout.links {
        for quad in link.quads.isEmpty ? link.rects.map(Layout.Quad.init) : link.quads {
          context.addQuad(quad)
          context.setSource(red: 1, green: 0, blue: 0, alpha: 0.15)
          context.fillKeepingPath()
          context.setSource(red: 0.9, green: 0, blue: 0, alpha: 0.9)
          context.stroke()
        }
      }
    }
  }
}
