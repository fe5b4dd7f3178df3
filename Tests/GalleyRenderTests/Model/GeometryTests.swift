import GalleyLayout
import GalleyMarkup
import GalleyRender
import Testing

/// The drawing agrees with the exported geometry: ink inside line boxes, link ink inside link
/// rectangles, a canvas that grows for effects and reports where the layout went.
@Suite("Drawn geometry agrees with the layout")
struct GeometryTests {
  static let paragraph =
    "Read %Lthe documentation%l before you %Lcarry on with this long link text%l, then "
    + "%Bsome bold%b and %Iitalic%i words wrap onto several lines."

  /// The layout with only some glyphs kept, and no rectangles.
  private func keeping(_ layout: Layout, _ keep: (Int, Layout.PositionedGlyph) -> Bool) -> Layout {
    var copy = layout
    copy.decorations = []
    copy.backgrounds = []
    for lineIndex in copy.lines.indices {
      for runIndex in copy.lines[lineIndex].runs.indices {
        copy.lines[lineIndex].runs[runIndex].glyphs.removeAll { !keep(lineIndex, $0) }
      }
    }
    return copy
  }

  /// Image pixel bounds converted to layout points.
  private func layoutBounds(_ bitmap: Bitmap) throws -> Layout.Rect {
    let ink = try #require(RenderSupport.inkBounds(bitmap))
    let g = bitmap.geometry
    let topLeft = g.layoutPoint(imageX: Double(ink.minX), imageY: Double(ink.minY))
    let bottomRight = g.layoutPoint(imageX: Double(ink.maxX + 1), imageY: Double(ink.maxY + 1))
    return Layout.Rect(
      x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x,
      height: bottomRight.y - topLeft.y)
  }

  @Test("Each line's ink lies inside its line box", arguments: [1.0, 2.0])
  func inkInsideLineBoxes(scale: Double) throws {
    let layout = try RenderSupport.layout(Self.paragraph, width: 180)
    #expect(layout.lines.count >= 3)
    for number in layout.lines.indices {
      let single = keeping(layout) { line, _ in line == number }
      let bitmap = try RenderSupport.renderer.rasterize(
        single, options: RenderOptions(scale: scale))
      let ink = try layoutBounds(bitmap)
      let line = layout.lines[number]
      let pixel = 1 / scale
      #expect(ink.y >= line.y - pixel, "line \(number) top")
      #expect(ink.y + ink.height <= line.y + line.height + pixel, "line \(number) bottom")
      #expect(ink.x >= line.x - pixel, "line \(number) left")
      #expect(ink.x + ink.width <= line.x + line.width + pixel, "line \(number) right")
    }
  }

  @Test func linkRectanglesCoverTheLinkInk() throws {
    let layout = try RenderSupport.layout(Self.paragraph, width: 180)
    for link in layout.links {
      let range = link.location..<(link.location + link.length)
      let only = keeping(layout) { _, glyph in range.contains(glyph.cluster) }
      // Draw each line fragment alone and check it against its rectangle.
      for rect in link.rects {
        let fragment = keeping(only) { lineIndex, _ in
          let line = layout.lines[lineIndex]
          return line.y == rect.y
        }
        let bitmap = try RenderSupport.renderer.rasterize(
          fragment, options: RenderOptions(scale: 2))
        let ink = try layoutBounds(bitmap)
        #expect(ink.x >= rect.x - 0.5 && ink.x + ink.width <= rect.x + rect.width + 0.5)
        #expect(ink.y >= rect.y - 0.5 && ink.y + ink.height <= rect.y + rect.height + 0.5)
      }
    }
  }

  @Test func plainCanvasIsTheLayoutBoxAndInkReachesItsEdges() throws {
    let layout = try RenderSupport.layout("HIH HIH", width: nil)
    let bitmap = try RenderSupport.renderer.rasterize(layout, options: RenderOptions(scale: 2))
    #expect(bitmap.geometry.originX == 0 && bitmap.geometry.originY == 0)
    #expect(bitmap.width == Int((layout.size.width * 2).rounded(.up)))
    #expect(bitmap.height == Int((layout.size.height * 2).rounded(.up)))
    // H's stems start after a small side bearing and end before the advance: the ink's
    // horizontal extent matches the first and last glyphs' ink within a pixel.
    let ink = try layoutBounds(bitmap)
    let line = try #require(layout.lines.first)
    let glyphs = line.runs.flatMap(\.glyphs)
    let first = try #require(glyphs.first)
    let last = try #require(glyphs.last)
    #expect(ink.x >= first.x && ink.x <= first.x + first.advance / 2)
    #expect(
      ink.x + ink.width <= last.x + last.advance && ink.x + ink.width >= last.x + last.advance / 2)
    // Capitals stand on the baseline: the ink's bottom is the baseline, within a pixel.
    #expect(abs(ink.y + ink.height - line.baseline) <= 1)
  }

  @Test func canvasGrowsForEffectsAndReportsTheOrigin() throws {
    let layout = try RenderSupport.layout("%{30}SShadowed%s")
    var options = RenderOptions(scale: 2)
    options.shadow = RenderOptions.Shadow(offsetX: -6, offsetY: 8, blur: 10)
    options.outline = RenderOptions.Outline(width: 3)
    let bitmap = try RenderSupport.renderer.rasterize(layout, options: options)
    #expect(bitmap.geometry.originX > 6)
    #expect(bitmap.geometry.originY > 0)
    #expect(bitmap.width > Int(layout.size.width * 2))
    // Nothing is cropped: the border pixels are transparent.
    for x in 0..<bitmap.width {
      #expect(bitmap.pixel(x: x, y: 0).alpha <= 2)
      #expect(bitmap.pixel(x: x, y: bitmap.height - 1).alpha <= 2)
    }
    for y in 0..<bitmap.height {
      #expect(bitmap.pixel(x: 0, y: y).alpha <= 2)
      #expect(bitmap.pixel(x: bitmap.width - 1, y: y).alpha <= 2)
    }
    // The geometry alone, without drawing, says the same.
    #expect(try RenderSupport.renderer.geometry(of: layout, options: options) == bitmap.geometry)
  }

  @Test(arguments: RenderOptions.Outline.Join.allCases)
  func outlinesAreNeverCropped(join: RenderOptions.Outline.Join) throws {
    let layout = try RenderSupport.layout("%{60}SVAWM%s")
    let options = RenderOptions(outline: RenderOptions.Outline(width: 6, join: join))
    let bitmap = try RenderSupport.renderer.rasterize(layout, options: options)
    for x in 0..<bitmap.width {
      #expect(bitmap.pixel(x: x, y: 0).alpha <= 2)
      #expect(bitmap.pixel(x: x, y: bitmap.height - 1).alpha <= 2)
    }
    for y in 0..<bitmap.height {
      #expect(bitmap.pixel(x: 0, y: y).alpha <= 2)
      #expect(bitmap.pixel(x: bitmap.width - 1, y: y).alpha <= 2)
    }
  }

  @Test func paddingSurroundsTheText() throws {
    let layout = try RenderSupport.layout("Padded")
    let bitmap = try RenderSupport.renderer.rasterize(layout, options: RenderOptions(padding: 10))
    #expect(bitmap.geometry.originX == 10 && bitmap.geometry.originY == 10)
    #expect(bitmap.width == Int((layout.size.width + 20).rounded(.up)))
  }

  @Test func tapsOnTheImageHitTheLinkUnderThem() throws {
    let markup = "Tap %Lhere%l or %Lthere%l."
    let text = try RenderSupport.text(markup)
    let layout = try RenderSupport.engine.get().layout(text, options: LayoutOptions(width: 200))
    var options = RenderOptions(scale: 3)
    options.shadow = RenderOptions.Shadow(offsetX: -4, offsetY: -4, blur: 6)
    let bitmap = try RenderSupport.renderer.rasterize(layout, options: options)
    let tester = HitTester(layout: layout)
    for link in layout.links {
      let rect = try #require(link.rects.first)
      // The link's center in image pixels, as an app would get it from a tap on the image.
      let g = bitmap.geometry
      let imageX = (rect.x + rect.width / 2 + g.originX) * g.scale
      let imageY = (rect.y + rect.height / 2 + g.originY) * g.scale
      let point = g.layoutPoint(imageX: imageX, imageY: imageY)
      #expect(tester.link(atX: point.x, y: point.y) == link.index)
      // And there is ink there: the link's text was drawn where the tap lands.
      var inked = false
      for dx in -6...6 {
        let x = Int(imageX) + dx
        if x >= 0, x < bitmap.width, bitmap.pixel(x: x, y: Int(imageY)).alpha > 128 { inked = true }
      }
      #expect(inked)
    }
  }

  @Test func colorEmojiKeepTheirColorsAndSynthesizedBoldIsBolder() throws {
    let emoji = try RenderSupport.renderer.rasterize(
      try RenderSupport.layout("%{40}S😀%s"), options: RenderOptions())
    var colorful = 0
    for y in 0..<emoji.height {
      for x in 0..<emoji.width {
        let pixel = emoji.pixel(x: x, y: y)
        if pixel.alpha > 200, Int(pixel.red) - Int(pixel.blue) > 80 { colorful += 1 }
      }
    }
    #expect(colorful > 100)
    let regular = try RenderSupport.renderer.rasterize(
      try RenderSupport.layout("%{Droid Sans Fallback}F%{30}S文字文字%s%f"))
    let bold = try RenderSupport.renderer.rasterize(
      try RenderSupport.layout("%{Droid Sans Fallback}F%{30}S%B文字文字%b%s%f"))
    #expect(RenderSupport.inkCount(bold) > RenderSupport.inkCount(regular) * 11 / 10)
  }

  @Test func vectorFormatsReportTheSameGeometryAsImages() throws {
    let layout = try RenderSupport.layout("Vector %Bglyphs%b 😀")
    var options = RenderOptions(scale: 2)
    options.shadow = RenderOptions.Shadow(offsetX: 2, offsetY: 2, blur: 3)
    options.gradient = RenderOptions.Gradient(
      stops: RenderOptions.Gradient.evenStops([
        TextColor(red: 255, green: 0, blue: 0), TextColor(red: 0, green: 0, blue: 255),
      ]))
    options.outline = RenderOptions.Outline(width: 1)
    let png = try RenderSupport.renderer.render(layout, options: options, format: .png)
    let svg = try RenderSupport.renderer.render(layout, options: options, format: .svg)
    let pdf = try RenderSupport.renderer.render(layout, options: options, format: .pdf)
    #expect(svg.geometry.width == png.geometry.width && svg.geometry.height == png.geometry.height)
    #expect(pdf.geometry.originX == png.geometry.originX)
    let svgText = String(decoding: svg.data, as: UTF8.self)
    #expect(svgText.hasPrefix("<?xml"))
    #expect(svgText.contains("<svg") && svgText.contains("</svg>"))
    // Glyphs stay vectors (paths), and the blurred shadow is an embedded image.
    #expect(svgText.contains("<path"))
    #expect(svgText.contains("<image"))
    #expect(pdf.data.starts(with: Array("%PDF-".utf8)))
    #expect(String(decoding: pdf.data.suffix(8), as: UTF8.self).contains("%%EOF"))
    // PNG data decodes to the same pixels as rasterizing.
    let decoded = try Bitmap(png: png.data)
    let direct = try RenderSupport.renderer.rasterize(layout, options: options)
    #expect(decoded.width == direct.width && decoded.height == direct.height)
    for (x, y) in [
      (0, 0), (direct.width / 2, direct.height / 2), (direct.width - 1, direct.height - 1),
    ] {
      #expect(decoded.pixel(x: x, y: y) == direct.pixel(x: x, y: y))
    }
  }
}
