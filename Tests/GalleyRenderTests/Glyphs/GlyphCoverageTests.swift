import GalleyStyle
import Glibc
import Testing

@testable import GalleyRender

/// Glyph masks are added into a coverage buffer and composited in one pass; rows that are
/// still transparent are written directly, and must get exactly what pixman's OVER gives.
@Suite("Glyph coverage")
struct GlyphCoverageTests {
  /// Where the masks go: partly outside the image on the left and at the bottom, and wider than
  /// a 16-pixel block, so clipping, skipped blocks and the last few pixels of a row are all
  /// drawn.
  private static let box = GlyphCoverage.Box(minX: -3, minY: 2, maxX: 27, maxY: 25)
  private static let (width, height) = (40, 22)

  /// A 16 × 16 mask holding every coverage from 0 to 255, in an arena kept alive by the caller.
  private func everyCoverage(in arena: GlyphMaskArena) -> GlyphMask {
    let pixels = arena.allocate(GlyphMask.bytes(width: 16, height: 16))
    for index in 0..<256 {
      pixels.storeBytes(of: UInt8(index), toByteOffset: index, as: UInt8.self)
    }
    return GlyphMask(pixels: pixels, width: 16, height: 16, left: 0, top: 0)
  }

  /// Draws two overlapping copies of the mask in `color` on an image whose pixels at
  /// `painted` already hold a color, and returns the image's pixels.
  private func draw(
    _ color: TextColor, painted: [(x: Int, y: Int)] = [], writesClearRows: Bool
  ) throws -> [UInt32] {
    let arena = GlyphMaskArena()
    let mask = everyCoverage(in: arena)
    let surface = try CairoSurface(image: .argb32, width: Self.width, height: Self.height)
    let pixels = surface.flushedPixels()
    for (x, y) in painted {
      // Half-transparent orange, premultiplied.
      UnsafeMutableRawPointer(pixels).storeBytes(
        of: UInt32(0x8080_4000), toByteOffset: y * surface.stride + x * 4, as: UInt32.self)
    }
    surface.markDirty()
    let coverage = GlyphCoverage()
    coverage.begin(Self.box)
    coverage.add(mask, x: -3, y: 2)
    coverage.add(mask, x: 11, y: 9)
    try PixmanImage.drawing(on: surface) { target throws(RenderError) in
      coverage.composite(
        try PixmanImage(solid: color), onto: target, writesClearRows: writesClearRows)
    }
    let data = UnsafeRawPointer(surface.flushedPixels())
    return (0..<Self.height).flatMap { y in
      (0..<Self.width).map { x in
        data.load(fromByteOffset: y * surface.stride + x * 4, as: UInt32.self)
      }
    }
  }

  /// The first pixel where two drawings differ, or `nil`: a short message where a whole image
  /// would be unreadable.
  private func firstDifference(_ one: [UInt32], _ other: [UInt32]) -> String? {
    guard let index = one.indices.first(where: { one[$0] != other[$0] }) else { return nil }
    let (x, y) = (index % Self.width, index / Self.width)
    let (mine, theirs) = (String(one[index], radix: 16), String(other[index], radix: 16))
    return "(\(x), \(y)): \(mine) against \(theirs)"
  }

  static let colors = [
    TextColor(red: 0, green: 0, blue: 0), TextColor(red: 255, green: 255, blue: 255),
    TextColor(red: 255, green: 0, blue: 0), TextColor(red: 51, green: 102, blue: 153),
    TextColor(red: 0, green: 0, blue: 0, alpha: 128),
    TextColor(red: 200, green: 30, blue: 90, alpha: 77),
    TextColor(red: 255, green: 255, blue: 255, alpha: 1),
    TextColor(red: 10, green: 20, blue: 30, alpha: 0),
  ]

  @Test("Clear rows get exactly what pixman's OVER gives", arguments: colors)
  func clearRowsMatchPixman(color: TextColor) throws {
    let direct = try draw(color, writesClearRows: true)
    let pixman = try draw(color, writesClearRows: false)
    #expect(firstDifference(direct, pixman) == nil)
    if color.alpha > 0 { #expect(direct.contains { $0 != 0 }) }
  }

  @Test("Rows already painted are blended; the others are written", arguments: colors)
  func paintedRowsAreBlended(color: TextColor) throws {
    // Rows 4 and 5 and 20 hold a pixel inside the box (where the coverage is zero or not),
    // row 0 one outside it.
    let painted = [(x: 20, y: 4), (x: 0, y: 5), (x: 26, y: 20), (x: 30, y: 0)]
    let direct = try draw(color, painted: painted, writesClearRows: true)
    let pixman = try draw(color, painted: painted, writesClearRows: false)
    #expect(firstDifference(direct, pixman) == nil)
  }

  @Test func overlappingMasksAddUpAndStayFull() throws {
    let pixels = try draw(TextColor(red: 0, green: 0, blue: 0), writesClearRows: true)
    func alpha(_ x: Int, _ y: Int) -> UInt32 { pixels[y * Self.width + x] >> 24 }
    // The first copy's coverage at (x, y) is (y − 2) × 16 + x + 3; where the second copy
    // (from 11, 9) overlaps it the two add up, and saturate at full.
    #expect(alpha(5, 3) == 16 + 8)
    #expect(alpha(12, 9) == min(255, 7 * 16 + 15 + 1))
    #expect(alpha(12, 16) == 255)
    // The second copy alone, outside the first.
    #expect(alpha(26, 20) == 11 * 16 + 15)
    // Nothing outside the box.
    #expect(alpha(30, 5) == 0 && alpha(5, 0) == 0)
  }

  @Test func eachBatchStartsFromAClearBuffer() throws {
    // One buffer for three batches of other boxes and strides: what the first wrote must not
    // show in the others, which must give what a fresh buffer gives.
    let arena = GlyphMaskArena()
    let mask = everyCoverage(in: arena)
    let boxes = [
      GlyphCoverage.Box(minX: 0, minY: 0, maxX: 40, maxY: 22),
      GlyphCoverage.Box(minX: 5, minY: 3, maxX: 21, maxY: 19),
      GlyphCoverage.Box(minX: 2, minY: 1, maxX: 37, maxY: 20),
    ]
    let places = [[(0, 0), (20, 5)], [(5, 3)], [(2, 1), (21, 4)]]
    func draw(reusing shared: GlyphCoverage?) throws -> [[UInt8]] {
      try zip(boxes, places).map { box, masks in
        let coverage = shared ?? GlyphCoverage()
        let surface = try CairoSurface(image: .a8, width: Self.width, height: Self.height)
        coverage.begin(box)
        for (x, y) in masks { coverage.add(mask, x: x, y: y) }
        try PixmanImage.drawing(on: surface) { target throws(RenderError) in
          coverage.composite(
            try PixmanImage(solid: TextColor(red: 0, green: 0, blue: 0)), onto: target)
        }
        let data = UnsafeRawPointer(surface.flushedPixels())
        return (0..<(surface.stride * Self.height)).map {
          data.load(fromByteOffset: $0, as: UInt8.self)
        }
      }
    }
    let shared = try draw(reusing: GlyphCoverage())
    let fresh = try draw(reusing: nil)
    #expect(shared == fresh)
    #expect(shared.allSatisfy { $0.contains { $0 != 0 } })
  }

  @Test func batchesTooLargeForTheBufferAreSplit() throws {
    // Two glyphs 3,000 pixels apart on both axes: one buffer for both would pass 8 MB, so
    // they are drawn in two batches, which must give what drawing each alone gives.
    let layout = try RenderSupport.layout("Hi")
    let scene = try Scene(
      layout: layout, fonts: CairoFontCache(), deviceScale: 1, colors: ColorOverrides())
    let run = try #require(scene.runs.first)
    var glyphs = Array(run.glyphs.prefix(2))
    try #require(glyphs.count == 2)
    glyphs[1].x += 3000
    glyphs[1].y += 3000
    let cache = try GlyphMaskCache()
    let source = try PixmanImage(solid: TextColor(red: 0, green: 0, blue: 0))
    func draw(_ batches: [[SceneGlyph]]) throws -> CairoSurface {
      let surface = try CairoSurface(image: .argb32, width: 3_100, height: 3_100)
      try PixmanImage.drawing(on: surface) { target throws(RenderError) in
        for batch in batches {
          let leftOver = cache.composite(
            batch, font: run.font, scale: 1, originX: 20, originY: 30, source: source,
            onto: target)
          #expect(leftOver.isEmpty)
        }
      }
      return surface
    }
    let together = try draw([glyphs])
    let alone = try draw([[glyphs[0]], [glyphs[1]]])
    let bytes = together.stride * together.height
    #expect(memcmp(together.flushedPixels(), alone.flushedPixels(), bytes) == 0)
    // Ink near both places.
    func ink(_ surface: CairoSurface, x: Range<Int>, y: Range<Int>) -> Int {
      let pixels = UnsafeRawPointer(surface.flushedPixels())
      return y.reduce(0) { count, row in
        count
          + x.filter {
            pixels.load(fromByteOffset: row * surface.stride + $0 * 4, as: UInt32.self) != 0
          }.count
      }
    }
    #expect(ink(together, x: 0..<60, y: 0..<60) > 20)
    #expect(ink(together, x: 3_000..<3_080, y: 3_000..<3_060) > 20)
  }
}
