import GalleyLayout
import GalleyRender
import Testing

/// Button states: a text color for all the text, an offset that moves the drawing inside a
/// canvas that holds it both ways, and sprite sheets whose frames are each variant drawn
/// alone.
@Suite("Render variants")
struct RenderVariantTests {
  static let grey = TextColor(red: 0x55, green: 0x55, blue: 0x55)
  static let blue = TextColor(red: 0, green: 0x66, blue: 0xCC)

  static func label() throws -> Layout {
    try RenderSupport.layout("Tap %Lhere%l %1Unow%u")
  }

  /// Every pixel of `moved` at (x + dx, y + dy) is `base`'s at (x, y), and `moved` holds
  /// nothing else.
  static func expectMoved(_ moved: Bitmap, from base: Bitmap, dx: Int, dy: Int) {
    var mismatches = 0
    for y in 0..<moved.height {
      for x in 0..<moved.width {
        let expected = base.pixel(x: x - max(dx, 0), y: y - max(dy, 0))
        if moved.pixel(x: x, y: y) != expected { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test(arguments: [(0.0, 2.0, 1.0), (3.0, 0.0, 2.0), (1.5, 1.0, 2.0)])
  func anOffsetMovesTheDrawingByWholePixels(offset: (Double, Double, Double)) throws {
    let (dx, dy, scale) = offset
    let layout = try Self.label()
    let options = RenderOptions(scale: scale, padding: 2)
    var pressed = options
    pressed.offsetX = dx
    pressed.offsetY = dy
    let base = try RenderSupport.renderer.rasterize(layout, options: options)
    let moved = try RenderSupport.renderer.rasterize(layout, options: pressed)
    let (pixelsX, pixelsY) = (Int((dx * scale).rounded()), Int((dy * scale).rounded()))
    #expect(moved.width == base.width + pixelsX)
    #expect(moved.height == base.height + pixelsY)
    #expect(moved.geometry.originX == base.geometry.originX + Double(pixelsX) / scale)
    #expect(moved.geometry.originY == base.geometry.originY + Double(pixelsY) / scale)
    Self.expectMoved(moved, from: base, dx: pixelsX, dy: pixelsY)
  }

  @Test func aNegativeOffsetGrowsTheCanvasOnTheOtherSide() throws {
    let layout = try Self.label()
    var raised = RenderOptions(scale: 2)
    raised.offsetY = -1
    let base = try RenderSupport.renderer.rasterize(layout, options: RenderOptions(scale: 2))
    let moved = try RenderSupport.renderer.rasterize(layout, options: raised)
    #expect(moved.height == base.height + 2)
    // The unmoved place is kept below; the drawing is at the top.
    #expect(moved.geometry.originY == base.geometry.originY)
    for y in 0..<base.height {
      for x in 0..<base.width where base.pixel(x: x, y: y) != moved.pixel(x: x, y: y) {
        Issue.record("pixel \(x),\(y) differs")
        return
      }
    }
  }

  @Test func aTextColorPaintsEveryGlyphAndDecorationButLinksKeepTheLinkColor() throws {
    let layout = try RenderSupport.layout("%1CTap%c %Lhere%l %1Unow%u")
    var options = RenderOptions(scale: 2)
    options.textColor = Self.grey
    let grey = try RenderSupport.renderer.rasterize(layout, options: options)
    var inked = 0
    for y in 0..<grey.height {
      for x in 0..<grey.width where grey.pixel(x: x, y: y).alpha > 64 {
        let pixel = grey.pixel(x: x, y: y)
        inked += 1
        #expect(abs(Int(pixel.red) - 0x55) <= 3 && abs(Int(pixel.blue) - 0x55) <= 3)
      }
    }
    #expect(inked > 100)
    options.linkColor = Self.blue
    let linked = try RenderSupport.renderer.rasterize(layout, options: options)
    let link = try #require(layout.links.first?.rects.first)
    let blueInLink = (0..<linked.height).contains { y in
      (0..<linked.width).contains { x in
        let point = linked.geometry.layoutPoint(imageX: Double(x) + 0.5, imageY: Double(y) + 0.5)
        let pixel = linked.pixel(x: x, y: y)
        return link.contains(x: point.x, y: point.y) && pixel.alpha > 200 && pixel.blue > 0xB0
      }
    }
    #expect(blueInLink)
  }

  @Test func spriteSheetFramesAreEachVariantDrawnAlone() throws {
    let layout = try Self.label()
    let normal = RenderOptions(scale: 2, padding: 3)
    var pressed = normal
    pressed.offsetY = 2
    pressed.textColor = Self.grey
    var glowing = normal
    glowing.glow = .glow
    let variants = [
      RenderVariant(name: "normal", options: normal),
      RenderVariant(name: "pressed", options: pressed),
      RenderVariant(name: "glowing", options: glowing),
    ]
    let sheet = try RenderSupport.renderer.renderSpriteSheet(layout, variants: variants)
    let image = try Bitmap(png: sheet.png)
    #expect(image.width == sheet.atlas.width && image.height == sheet.atlas.height)
    #expect(sheet.atlas.frames.map(\.name) == ["normal", "pressed", "glowing"])
    var top = 0
    for (variant, frame) in zip(variants, sheet.atlas.frames) {
      let alone = try RenderSupport.renderer.rasterize(layout, options: variant.options)
      #expect(frame.y == top && frame.x == 0)
      #expect(frame.geometry == alone.geometry)
      top += frame.height
      var differing = 0
      for y in 0..<frame.height {
        for x in 0..<sheet.atlas.width
        where image.pixel(x: x, y: frame.y + y) != alone.pixel(x: x, y: y) {
          differing += 1
        }
      }
      #expect(differing == 0, "frame \(frame.name)")
      let rect = try #require(layout.links.first?.rects.first)
      let pixels = try #require(frame.links.first?.rects.first)
      #expect(abs(pixels.x - (rect.x + frame.originX) * frame.scale) < 1e-9)
      #expect(abs(pixels.y - (rect.y + frame.originY) * frame.scale) < 1e-9)
      #expect(abs(pixels.width - rect.width * frame.scale) < 1e-9)
    }
    #expect(top == sheet.atlas.height)
  }

  @Test(arguments: [
    ([RenderVariant](), "no variants to draw"),
    ([RenderVariant(name: "", options: RenderOptions())], "a variant's name is empty"),
    (
      [
        RenderVariant(name: "a", options: RenderOptions()),
        RenderVariant(name: "a", options: RenderOptions()),
      ], "the variant name 'a' is given twice"
    ),
  ])
  func badVariantsAreInvalidOptions(variants: [RenderVariant], message: String) throws {
    let layout = try Self.label()
    let error = #expect(throws: RenderError.self) {
      try RenderSupport.renderer.renderSpriteSheet(layout, variants: variants)
    }
    #expect(error?.kind == .invalidOptions && error?.message == message)
    #expect(throws: RenderError.self) {
      try RenderSupport.renderer.render(layout, variants: variants, format: .svg)
    }
  }

  @Test func anOffsetOutOfRangeIsAProblem() {
    var options = RenderOptions()
    options.offsetX = .infinity
    #expect(options.problem == "offset must be within 10000 points")
    options.offsetX = 0
    options.offsetY = -10_001
    #expect(options.problem == "offset must be within 10000 points")
  }

  @Test func vectorVariantsMoveTheirLinks() throws {
    let layout = try Self.label()
    var pressed = RenderOptions()
    pressed.offsetY = 2
    let images = try RenderSupport.renderer.render(
      layout,
      variants: [
        RenderVariant(name: "normal", options: RenderOptions()),
        RenderVariant(name: "pressed", options: pressed),
      ], format: .svg)
    #expect(images.count == 2)
    #expect(images[1].geometry.originY == images[0].geometry.originY + 2)
    #expect(images[1].geometry.height == images[0].geometry.height + 2)
  }
}
