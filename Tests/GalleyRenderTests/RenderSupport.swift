import Foundation
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTestSupport
import Testing

/// The engine, formatter and renderer the render tests share: hermetic fonts.
enum RenderSupport {
  static let engine = Result {
    LayoutEngine(
      fonts: try HermeticFonts.fontSet(),
      hyphenation: HyphenationDictionaries(
        directories: [HermeticFonts.packageRoot + "/Tests/Hyphenation"]))
  }
  static let renderer = Renderer()
  /// A renderer without glyph masks: cairo fills every glyph (the reference path).
  static let referenceRenderer = Renderer(accelerators: [])

  /// Draws a layout with glyph masks and without, and expects each image to match the golden
  /// `name` (see ``expectImageGolden(_:named:tolerance:allowed:filePath:sourceLocation:)``).
  ///
  /// Without masks, cairo fills each glyph at its exact position, where masks put it on a
  /// quarter pixel and add overlapping glyphs' coverage: the two differ by anti-aliasing, up to
  /// about 60 of 255 at a glyph's edge, so the reference image is held to a tolerance of 64.
  ///
  /// - Returns: The image drawn with glyph masks.
  @discardableResult
  static func expectGolden(
    _ layout: Layout, options: RenderOptions, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bitmap {
    let bitmap = try renderer.rasterize(layout, options: options)
    try expectImageGolden(
      bitmap, named: name, filePath: filePath, sourceLocation: sourceLocation)
    let reference = try referenceRenderer.rasterize(layout, options: options)
    try expectImageGolden(
      reference, named: name, tolerance: 64, filePath: filePath, sourceLocation: sourceLocation)
    return bitmap
  }

  static var formatter: MarkupFormatter {
    var formatter = MarkupFormatter(
      fontFamilies: ["DejaVu Sans", "DejaVu Serif", "Lato", "Droid Sans Fallback"])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    formatter.colors = [
      TextColor(red: 0x1A, green: 0x5F, blue: 0xB4), TextColor(red: 0xC0, green: 0x1C, blue: 0x28),
      TextColor(red: 0xFF, green: 0xE0, blue: 0x80),
    ]
    return formatter
  }

  static func layout(_ markup: String, width: Double? = nil) throws -> Layout {
    try engine.get().layout(try formatter.format(markup), options: LayoutOptions(width: width))
  }

  static func text(_ markup: String) throws -> FormattedText { try formatter.format(markup) }

  /// The shared formatter with another default family.
  static func formatterForFamily(_ family: String) -> MarkupFormatter {
    var formatter = formatter
    formatter.defaultFamily = family
    return formatter
  }

  /// The bounding box of pixels with alpha above `threshold`, in image pixels, or `nil`.
  static func inkBounds(_ bitmap: Bitmap, threshold: UInt8 = 8) -> (
    minX: Int, minY: Int, maxX: Int, maxY: Int
  )? {
    var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).alpha > threshold {
        if let known = bounds {
          bounds = (min(known.minX, x), min(known.minY, y), max(known.maxX, x), max(known.maxY, y))
        } else {
          bounds = (x, y, x, y)
        }
      }
    }
    return bounds
  }

  /// The number of pixels with alpha above `threshold`.
  static func inkCount(_ bitmap: Bitmap, threshold: UInt8 = 8) -> Int {
    var count = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).alpha > threshold { count += 1 }
    }
    return count
  }
}

/// Compares a bitmap with `Golden/<name>` by decoded pixels.
///
/// Pixels may differ by `tolerance` per channel (straight RGBA); a few (`allowed`, a fraction
/// of the image) may differ by more, which absorbs anti-aliasing changes between cairo and
/// pixman builds. A missing golden is written and the test fails; `UPDATE_GOLDEN=1` rewrites
/// it. On a mismatch the actual image is written next to the golden as `<name>.actual.png`
/// (ignored by git) for review.
func expectImageGolden(
  _ bitmap: Bitmap, named name: String, tolerance: Int = 24, allowed: Double = 0.005,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let folder = goldenFolder(for: filePath)
  let url = folder.appendingPathComponent(name)
  let exists = FileManager.default.fileExists(atPath: url.path)
  if !exists || ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
    try Data(try bitmap.pngData()).write(to: url)
    if !exists {
      Issue.record(
        "wrote new golden \(name); look at it and run again", sourceLocation: sourceLocation)
    }
    return
  }
  let golden = try Bitmap(png: Array(try Data(contentsOf: url)))
  guard golden.width == bitmap.width, golden.height == bitmap.height else {
    Issue.record(
      "\(name): \(bitmap.width)×\(bitmap.height), golden \(golden.width)×\(golden.height)",
      sourceLocation: sourceLocation)
    try Data(try bitmap.pngData()).write(to: folder.appendingPathComponent(name + ".actual.png"))
    return
  }
  var different = 0
  var worst = 0
  for y in 0..<bitmap.height {
    for x in 0..<bitmap.width {
      let a = bitmap.pixel(x: x, y: y)
      let b = golden.pixel(x: x, y: y)
      // Transparent pixels have no color to compare.
      let scale = { (color: TextColor, channel: UInt8) in Int(channel) * Int(color.alpha) / 255 }
      let difference = max(
        abs(scale(a, a.red) - scale(b, b.red)), abs(scale(a, a.green) - scale(b, b.green)),
        abs(scale(a, a.blue) - scale(b, b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
      worst = max(worst, difference)
      if difference > tolerance { different += 1 }
    }
  }
  let limit = Int(Double(bitmap.width * bitmap.height) * allowed)
  if different > limit {
    try Data(try bitmap.pngData()).write(to: folder.appendingPathComponent(name + ".actual.png"))
  }
  #expect(
    different <= limit,
    "\(name): \(different) pixels differ by more than \(tolerance) (worst \(worst))",
    sourceLocation: sourceLocation)
}
