import Foundation
import GalleyLayout
import GalleyMarkup
import Testing

@testable import GalleyRender

/// Bad options, absurd sizes, broken layouts and missing fonts give errors, never crashes.
@Suite("Render errors and limits")
struct RobustnessTests {
  static let black = TextColor(red: 0, green: 0, blue: 0)

  static let badOptions: [(String, RenderOptions)] = {
    var cases: [(String, RenderOptions)] = []
    cases.append(("scale 0", RenderOptions(scale: 0)))
    cases.append(("scale NaN", RenderOptions(scale: .nan)))
    cases.append(("scale 17", RenderOptions(scale: 17)))
    cases.append(("subnormal scale", RenderOptions(scale: .leastNormalMagnitude / 4)))
    cases.append(("scale below 0.01", RenderOptions(scale: 0.009)))
    cases.append(("negative padding", RenderOptions(padding: -1)))
    cases.append(("oversampling 0", RenderOptions(oversampling: 0)))
    cases.append(("oversampling 5", RenderOptions(oversampling: 5)))
    cases.append(("negative blur", RenderOptions(shadow: RenderOptions.Shadow(blur: -1))))
    cases.append(("huge blur", RenderOptions(glow: RenderOptions.Shadow(blur: 501))))
    cases.append(
      ("infinite offset", RenderOptions(innerShadow: RenderOptions.Shadow(offsetX: .infinity))))
    cases.append(
      (
        "one stop",
        RenderOptions(gradient: RenderOptions.Gradient(stops: [.init(offset: 0, color: black)]))
      ))
    cases.append(
      (
        "unordered stops",
        RenderOptions(
          gradient: RenderOptions.Gradient(stops: [
            .init(offset: 1, color: black), .init(offset: 0, color: black),
          ]))
      ))
    cases.append(
      (
        "same points",
        RenderOptions(
          gradient: RenderOptions.Gradient(
            stops: RenderOptions.Gradient.evenStops([black, black]), start: (0, 0), end: (0, 0)))
      ))
    cases.append(("zero outline", RenderOptions(outline: RenderOptions.Outline(width: 0))))
    cases.append(("NaN outline", RenderOptions(outline: RenderOptions.Outline(width: .nan))))
    return cases
  }()

  @Test("Bad options are refused", arguments: badOptions.indices)
  func badOptionsAreRefused(_ index: Int) throws {
    let (name, options) = Self.badOptions[index]
    #expect(options.problem != nil, "\(name)")
    let layout = try RenderSupport.layout("text")
    #expect(throws: RenderError.self, "\(name)") {
      _ = try RenderSupport.renderer.rasterize(layout, options: options)
    }
    do {
      _ = try RenderSupport.renderer.render(layout, options: options, format: .svg)
    } catch {
      #expect(error.kind == .invalidOptions)
    }
  }

  @Test func imagesOverTheLimitsAreRefused() throws {
    let wide = try RenderSupport.layout("wide", width: 20_000)
    do {
      _ = try RenderSupport.renderer.rasterize(wide)
      Issue.record("a 20000-pixel image was drawn")
    } catch {
      #expect(error.kind == .imageTooLarge)
      #expect(error.message.contains("16384"))
    }
    // Oversampling counts: 5000 points at 4× is 20000 pixels.
    let oversampled = try RenderSupport.layout("wide", width: 5_000)
    #expect(throws: RenderError.self) {
      _ = try RenderSupport.renderer.rasterize(oversampled, options: RenderOptions(oversampling: 4))
    }
    // The same layout without oversampling is fine, and so is its geometry query.
    #expect(try RenderSupport.renderer.geometry(of: oversampled).width == 5_000)
  }

  @Test func emptyAndWhitespaceLayoutsDraw() throws {
    for markup in ["", " ", "\n\n", "%Bx%b"] {
      let layout = try RenderSupport.layout(markup)
      let bitmap = try RenderSupport.renderer.rasterize(layout)
      #expect(bitmap.width >= 1 && bitmap.height >= 1)
      let svg = try RenderSupport.renderer.render(layout, format: .svg)
      #expect(!svg.data.isEmpty)
    }
  }

  @Test func missingAndBrokenFontFilesAreErrors() throws {
    var layout = try RenderSupport.layout("text")
    layout.lines[0].runs[0].font.file = "/nonexistent/font.ttf"
    do {
      _ = try RenderSupport.renderer.rasterize(layout)
      Issue.record("a missing font file was drawn")
    } catch {
      #expect(error.kind == .fontUnusable)
    }
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-broken-\(UUID().uuidString).ttf")
    try Data("not a font".utf8).write(to: broken)
    defer { try? FileManager.default.removeItem(at: broken) }
    layout.lines[0].runs[0].font.file = broken.path
    #expect(throws: RenderError.self) { _ = try RenderSupport.renderer.rasterize(layout) }
  }

  @Test func nonFiniteGeometryIsAnError() throws {
    let base = try RenderSupport.layout("%Llink%l %1Uunder%u")
    var glyph = base
    glyph.lines[0].runs[0].glyphs[0].x = .nan
    var size = base
    size.size.width = .infinity
    var rect = base
    rect.decorations[0].rect.width = -.infinity
    var fontSize = base
    fontSize.lines[0].runs[0].font.size = 0
    for (name, layout) in [
      ("glyph", glyph), ("size", size), ("rect", rect), ("font size", fontSize),
    ] {
      do {
        _ = try RenderSupport.renderer.rasterize(layout)
        Issue.record("\(name): drawn")
      } catch {
        #expect(error.kind == .invalidLayout, "\(name)")
      }
    }
  }

  @Test func invalidPNGDataIsAnError() {
    for data in [[], Array("not a png".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]] {
      do {
        _ = try Bitmap(png: data)
        Issue.record("decoded \(data.count) bytes")
      } catch {
        #expect(error.kind == .invalidImage)
      }
    }
  }

  @Test func formatsComeFromExtensions() {
    #expect(ImageFormat(pathExtensionOf: "out/a.PNG") == .png)
    #expect(ImageFormat(pathExtensionOf: "a.svg") == .svg)
    #expect(ImageFormat(pathExtensionOf: "a.pdf") == .pdf)
    #expect(ImageFormat(pathExtensionOf: "a.jpg") == nil)
    #expect(ImageFormat(pathExtensionOf: "dir.png/file") == nil)
    #expect(ImageFormat(pathExtensionOf: "noextension") == nil)
  }

  @Test func concurrentRendersAgree() async throws {
    let layout = try RenderSupport.layout("Same %Bpixels%b from %Ievery%i thread 😀")
    var settings = RenderOptions(scale: 2)
    settings.outline = RenderOptions.Outline(width: 1)
    settings.shadow = RenderOptions.Shadow(offsetX: 1, offsetY: 1, blur: 2)
    let options = settings
    let renderer = Renderer()
    let reference = try renderer.render(layout, options: options, format: .png).data
    let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<8 {
        group.addTask { try renderer.render(layout, options: options, format: .png).data }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for data in results {
      let a = try Bitmap(png: data)
      let b = try Bitmap(png: reference)
      #expect(a.width == b.width && a.height == b.height)
      var same = true
      for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { same = false }
      }
      #expect(same)
    }
  }

  @Test("The blur's reach covers its real spread", arguments: [0.5, 1, 2, 3])
  func blurReachCoversItsSpread(scale: Double) {
    for radius in stride(from: 0.5, through: 60, by: 0.75) {
      let blur = BoxBlur(radius: radius, pixelsPerPoint: scale)
      #expect(Double(blur.extent) / scale <= BoxBlur.reach(radius: radius, scale: scale))
    }
  }

  @Test func blurKeepsTotalCoverageAndSpreadsSymmetrically() {
    let width = 41
    var pixels = [UInt8](repeating: 0, count: width * width)
    pixels[20 * width + 20] = 255
    let blur = BoxBlur(sigma: 3)
    pixels.withUnsafeMutableBufferPointer { buffer in
      blur.apply(buffer.baseAddress!, width: width, height: width, stride: width)
    }
    #expect(pixels[20 * width + 20] > 0)
    #expect(pixels[20 * width + 17] == pixels[20 * width + 23])
    #expect(pixels[17 * width + 20] == pixels[23 * width + 20])
    #expect(pixels[0] == 0)
  }

  /// Tiny but valid values (subnormal offsets, blurs, widths and paddings, the smallest scale)
  /// draw, in every format: no Double becomes an infinite or NaN pixel coordinate.
  @Test(arguments: [ImageFormat.png, .svg, .pdf])
  func tinyValuesDraw(format: ImageFormat) throws {
    let tiny = Double.leastNormalMagnitude / 4  // subnormal
    var options = RenderOptions(scale: RenderOptions.minimumScale, padding: tiny)
    options.shadow = RenderOptions.Shadow(offsetX: tiny, offsetY: -tiny, blur: tiny)
    options.glow = RenderOptions.Shadow(blur: tiny)
    options.innerShadow = RenderOptions.Shadow(offsetX: -tiny, offsetY: tiny, blur: tiny)
    options.outline = RenderOptions.Outline(width: tiny)
    options.gradient = RenderOptions.Gradient(
      stops: RenderOptions.Gradient.evenStops([Self.black, Self.black]), start: (0, 0),
      end: (tiny, tiny))
    let layout = try RenderSupport.layout("Hello %Lworld%l", width: 200)
    let image = try Renderer().render(layout, options: options, format: format)
    #expect(!image.data.isEmpty)
    #expect(image.geometry.width >= 1 && image.geometry.height >= 1)
    var larger = options
    larger.scale = 1
    #expect(try Renderer().render(layout, options: larger, format: format).data.count > 0)
  }

  @Test func pixelsOutsideTheImageAreTransparent() throws {
    let bitmap = try Renderer().rasterize(
      try RenderSupport.layout("Hi"), options: RenderOptions(background: Self.black))
    let clear = TextColor(red: 0, green: 0, blue: 0, alpha: 0)
    for (x, y) in [(-1, 0), (0, -1), (bitmap.width, 0), (0, bitmap.height), (.min, .max)] {
      #expect(bitmap.pixel(x: x, y: y) == clear)
    }
    #expect(bitmap.pixel(x: 0, y: 0) == Self.black)
  }
}
