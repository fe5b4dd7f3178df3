import FuzzSupport
import GalleyLayout

/// The promises of a layout whose glyphs a typesetter moved: finite transforms, quads and ink
/// (absent when only spaces are drawn), quads whose bounding boxes are the rectangles, hits
/// that follow the glyphs, and finite selection quads.
enum TransformChecks {
  /// Runs every check.
  ///
  /// - Parameters:
  ///   - layout: A layout with transforms.
  ///   - utf16Count: The text's length.
  static func check(_ layout: Layout, utf16Count: Int) {
    checkFinite(layout)
    for link in layout.links {
      FuzzCheck.expect(
        link.rects == link.quads.map(\.bounds), "quad-bounds",
        "link \(link.index): rects \(link.rects) are not its quads' bounds")
    }
    for decoration in layout.decorations {
      guard let quad = decoration.quad else { continue }
      FuzzCheck.expect(decoration.rect == quad.bounds, "quad-bounds", "a decoration's rect")
    }
    for background in layout.backgrounds {
      guard let quad = background.quad else { continue }
      FuzzCheck.expect(background.rect == quad.bounds, "quad-bounds", "a background's rect")
    }
    checkHits(layout, utf16Count: utf16Count)
    checkSelection(layout, utf16Count: utf16Count)
  }

  /// A selection's quads over the whole text are finite, at least one per rectangle (a quad is
  /// a piece of a rectangle under one glyph's map).
  static func checkSelection(_ layout: Layout, utf16Count: Int) {
    let tester = HitTester(layout: layout)
    let quads = tester.quads(for: 0..<utf16Count)
    for quad in quads {
      FuzzCheck.expect(
        quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "transformed-selection",
        "a selection quad \(quad)")
    }
    FuzzCheck.expect(
      quads.count >= tester.rects(for: 0..<utf16Count).count, "transformed-selection",
      "fewer selection quads than rectangles")
  }

  /// Every transform, quad and the ink bounds are finite.
  static func checkFinite(_ layout: Layout) {
    for line in layout.lines {
      for run in line.runs {
        for transform in run.transforms {
          FuzzCheck.expect(transform.isFinite, "finite", "a glyph transform \(transform)")
        }
      }
    }
    let quads =
      layout.links.flatMap(\.quads) + layout.decorations.compactMap(\.quad)
      + layout.backgrounds.compactMap(\.quad)
    for quad in quads {
      FuzzCheck.expect(
        quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "finite", "a quad \(quad)")
    }
    if let ink = layout.inkBounds {
      FuzzCheck.expect(
        [ink.x, ink.y, ink.width, ink.height].allSatisfy(\.isFinite), "finite", "ink \(ink)")
    }
  }

  /// The center of each glyph's transformed box hits a character of the text, and the center
  /// of each link quad hits a link; carets stay in the text.
  static func checkHits(_ layout: Layout, utf16Count: Int) {
    let tester = HitTester(layout: layout)
    for line in layout.lines {
      for run in line.runs {
        for (index, glyph) in run.glyphs.enumerated() where glyph.advance > 0.5 {
          let right = line.x + line.width
          if glyph.x >= right - 1e-9 && glyph.x + glyph.advance > right { continue }
          if glyph.x + glyph.advance <= line.x + 1e-9 && glyph.x < line.x { continue }
          let center = line.matrix(of: glyph, transform: run.transform(at: index))
            .apply(x: glyph.x + glyph.advance / 2, y: line.y + line.height / 2)
          let hit = tester.characterIndex(atX: center.x, y: center.y)
          FuzzCheck.expect(
            hit.map { $0 >= 0 && $0 <= utf16Count } ?? false, "transformed-hit",
            "the center \(center) of glyph \(glyph.id) at cluster \(glyph.cluster) hits \(hit as Any)"
          )
          let caret = tester.caretPosition(atX: center.x, y: center.y).index
          FuzzCheck.expect(
            caret >= 0 && caret <= utf16Count, "transformed-hit", "caret \(caret) past the text")
        }
      }
    }
    for link in layout.links {
      for quad in link.quads {
        let corners = quad.corners
        let x = corners.map(\.x).reduce(0, +) / 4
        let y = corners.map(\.y).reduce(0, +) / 4
        guard quad.bounds.width > 0.01, quad.bounds.height > 0.01 else { continue }
        FuzzCheck.expect(
          tester.link(atX: x, y: y) != nil, "transformed-link",
          "the center of a quad of link \(link.index) hits no link")
      }
    }
  }
}
