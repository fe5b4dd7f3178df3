import GalleyLayout

/// The masks of the glyphs one thread draws, and the coverage buffer it draws them through.
///
/// Each glyph of a font at each quarter-pixel phase is rasterized once. A run's glyphs are
/// drawn in batches: their masks are added into a ``GlyphCoverage`` buffer, which is
/// composited onto the image in the run's color. Batches end by the glyphs alone (their count,
/// their masks' bytes, the buffer's size), never by what the cache holds, so a cache that
/// starts over draws the same pixels.
///
/// Memory is bounded: the cache starts over, between batches, once its masks pass
/// ``byteBudget`` bytes or ``glyphLimit`` glyphs, and a batch adds at most
/// ``batchBytes`` bytes of masks.
final class GlyphMaskCache: @unchecked Sendable {
  /// Masks (or their absence) by key: font serial, glyph number and phase.
  private var masks: [Int: CachedMask] = [:]
  /// Masks of transformed glyphs, by font serial, glyph, phase and the map's linear part.
  private var transformedMasks: [TransformedKey: CachedMask] = [:]

  /// A transformed glyph's key: the untransformed key and its map's four linear numbers,
  /// exactly (a rotation typesetter gives every glyph the same ones).
  private struct TransformedKey: Hashable {
    var key: Int
    var a: Double
    var b: Double
    var c: Double
    var d: Double
  }
  private let arena = GlyphMaskArena()
  private let coverage = GlyphCoverage()
  /// The masks looked up last, by key: a small table in front of the larger, slower one.
  private let recent: UnsafeMutablePointer<Recent>
  /// A context for building glyph paths and measuring them.
  private let scratch: CairoContext
  private let scratchSurface: CairoSurface
  /// The masks of the batch being drawn and where they go.
  private let placed: UnsafeMutablePointer<Placed>

  /// Mask bytes after which the cache starts over, bounding its memory.
  static let byteBudget = 32 << 20
  /// Mask bytes a batch may place, bounding how far past the budget one batch takes the cache.
  static let batchBytes = 16 << 20
  /// Glyphs in fonts whose em is larger than this many device pixels are filled as paths
  /// instead: their masks would be large and rarely reused.
  static let largestCachedEm = 256.0
  /// Glyphs per batch.
  private static let batch = 4096
  /// Glyphs the cache holds before it starts over.
  static let glyphLimit = 16_384
  /// This cache's glyph limit, at most ``glyphLimit``.
  private let limit: Int

  /// The widest and tallest mask, in pixels: larger glyphs are filled from their outlines.
  static let largestMask = 2048
  /// This cache's largest mask, at most ``largestMask``.
  private let maskLimit: Int

  /// An odd multiplier (2⁶⁴ / φ): distinct keys get well-mixed slots.
  private static let spread = Int(bitPattern: 0x9E37_79B9_7F4A_7C15)
  /// Entries in the table in front of the dictionary (2¹²).
  private static let recentBits = 12

  /// A key and its entry; key 0 is never a glyph's.
  private struct Recent {
    var key: Int
    var entry: CachedMask
  }

  /// A mask of the batch and its top-left pixel on the image.
  private struct Placed {
    var mask: GlyphMask
    var x: Int
    var y: Int
  }

  /// The batch being gathered: its box on the image, glyphs and mask bytes.
  private struct Batch {
    var box = GlyphCoverage.Box()
    var count = 0
    var bytes = 0

    /// Whether a mask at `rect` joins the batch, or the batch is drawn first.
    func takes(_ rect: GlyphCoverage.Box, bytes maskBytes: Int) -> Bool {
      count == 0
        || (count < GlyphMaskCache.batch && bytes + maskBytes <= GlyphMaskCache.batchBytes
          && box.union(rect).bufferBytes <= GlyphCoverage.largestBytes)
    }
  }

  init(
    glyphLimit: Int = GlyphMaskCache.glyphLimit, largestMask: Int = GlyphMaskCache.largestMask
  ) throws(RenderError) {
    limit = glyphLimit
    maskLimit = largestMask
    scratchSurface = try CairoSurface(image: .a8, width: 1, height: 1)
    scratch = CairoContext(scratchSurface)
    recent = .allocate(capacity: 1 << Self.recentBits)
    recent.initialize(repeating: Recent(key: 0, entry: .blank), count: 1 << Self.recentBits)
    placed = .allocate(capacity: Self.batch)
  }

  deinit {
    recent.deallocate()
    placed.deallocate()
  }

  /// Whether glyphs of `font` are drawn from cached masks: outline glyphs of a moderate size.
  static func caches(_ font: CairoScaledFont) -> Bool {
    !font.isColor && font.pixelsPerEm <= largestCachedEm
  }

  /// Whether the cache is past its bounds and starts over before the next batch.
  private var isFull: Bool {
    arena.bytes > Self.byteBudget || masks.count + transformedMasks.count >= limit
  }

  /// Composites glyphs in a solid color onto an image.
  ///
  /// - Parameters:
  ///   - glyphs: Glyphs at layout positions (points).
  ///   - matrices: Each glyph's map (layout points), or empty for glyphs drawn where they are.
  ///   - font: Their font, for which ``caches(_:)`` is true.
  ///   - scale: Device pixels per point.
  ///   - originX: The layout origin's place in the image, in points.
  ///   - originY: The same, vertically.
  ///   - source: The color.
  ///   - target: The image.
  /// - Returns: The indices of the glyphs too large for a mask (rare: outlines far outside
  ///   the em), for the caller to fill from their outlines.
  func composite(
    _ glyphs: [SceneGlyph], matrices: [Layout.AffineTransform] = [], font: CairoScaledFont,
    scale: Double, originX: Double, originY: Double, source: PixmanImage,
    onto target: PixmanImage
  ) -> [Int] {
    var leftOver: [Int] = []
    var batch = Batch()
    let image = GlyphCoverage.Box(minX: 0, minY: 0, maxX: target.width, maxY: target.height)
    if isFull { startOver() }
    var index = glyphs.startIndex
    while index < glyphs.endIndex {
      let glyph = glyphs[index]
      let matrix = matrices.isEmpty ? nil : matrices[index]
      // A transformed glyph's origin goes where its map puts it; its mask carries the rest.
      let origin =
        matrix.map { $0.apply(x: glyph.x, y: glyph.y) } ?? Layout.Point(x: glyph.x, y: glyph.y)
      let position = GridPosition(
        deviceX: (origin.x + originX) * scale, deviceY: (origin.y + originY) * scale)
      switch entry(font: font, glyph: glyph.id, position: position, matrix: matrix) {
      case .blank: break
      case .oversized: leftOver.append(index)
      case .mask(let mask):
        let rect = GlyphCoverage.Box(
          minX: position.x + mask.left, minY: position.y + mask.top,
          maxX: position.x + mask.left + mask.width, maxY: position.y + mask.top + mask.height)
        guard rect.intersects(image) else { break }
        let bytes = mask.rowBytes * mask.height
        if !batch.takes(rect, bytes: bytes) {
          draw(&batch, source: source, onto: target)
          // The mask in hand is lost with the cache: the glyph is looked up again.
          if isFull {
            startOver()
            continue
          }
        }
        placed[batch.count] = Placed(mask: mask, x: rect.minX, y: rect.minY)
        batch.box = batch.box.union(rect)
        batch.count += 1
        batch.bytes += bytes
      }
      index += 1
    }
    draw(&batch, source: source, onto: target)
    return leftOver
  }

  /// Adds the batch's masks into the coverage buffer, composites it, and empties the batch.
  private func draw(_ batch: inout Batch, source: PixmanImage, onto target: PixmanImage) {
    guard batch.count > 0 else { return }
    coverage.begin(batch.box)
    for index in 0..<batch.count {
      let item = placed[index]
      coverage.add(item.mask, x: item.x, y: item.y)
    }
    coverage.composite(source, onto: target)
    batch = Batch()
  }

  /// The cache entry of a glyph at a phase (under a map's linear part), made on first use.
  @inline(__always)
  private func entry(
    font: CairoScaledFont, glyph: UInt32, position: GridPosition,
    matrix: Layout.AffineTransform?
  ) -> CachedMask {
    let (phaseX, phaseY) = (position.phaseX, position.phaseY)
    // OpenType glyph ids are 16-bit, so a glyph number takes 20 bits and the key packs the
    // font's serial (from 1) above it: never 0.
    guard glyph <= 0xFFFF else { return .blank }
    let key = font.serial << 20 | Int(truncatingIfNeeded: glyph) << 4 | phaseY << 2 | phaseX
    if let matrix {
      let transformedKey = TransformedKey(
        key: key, a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d)
      if let known = transformedMasks[transformedKey] { return known }
      let made = make(font: font, glyph: glyph, phaseX: phaseX, phaseY: phaseY, linear: matrix)
      transformedMasks[transformedKey] = made
      return made
    }
    let slot = Int(
      truncatingIfNeeded: UInt(bitPattern: key &* Self.spread) >> (64 - Self.recentBits))
    if recent[slot].key == key { return recent[slot].entry }
    let found: CachedMask
    if let known = masks[key] {
      found = known
    } else {
      found = make(font: font, glyph: glyph, phaseX: phaseX, phaseY: phaseY, linear: nil)
      masks[key] = found
    }
    recent[slot] = Recent(key: key, entry: found)
    return found
  }

  /// Rasterizes a glyph's outline at a phase into a tight mask in the arena.
  ///
  /// The mask is cairo's anti-aliased fill of the glyph's path (hinting is off, so this is
  /// the glyph FreeType would render), which also carries synthesized bold and oblique; a
  /// transformed glyph's path is turned and scaled by its map's linear part first.
  private func make(
    font: CairoScaledFont, glyph: UInt32, phaseX: Int, phaseY: Int,
    linear matrix: Layout.AffineTransform?
  ) -> CachedMask {
    scratch.newPath()
    scratch.resetMatrix()
    scratch.translate(
      x: GridPosition.offset(ofPhase: phaseX), y: GridPosition.offset(ofPhase: phaseY))
    scratch.scale(by: font.deviceScale)
    if let matrix {
      scratch.transform(
        by: Layout.AffineTransform(a: matrix.a, b: matrix.b, c: matrix.c, d: matrix.d, tx: 0, ty: 0)
      )
    }
    scratch.appendGlyphPaths(CollectionOfOne(SceneGlyph(id: glyph, x: 0, y: 0)), font: font)
    // With the identity matrix, extents and the copied path are in device pixels.
    scratch.resetMatrix()
    let (x1, y1, x2, y2) = scratch.fillExtents()
    defer { scratch.newPath() }
    guard x2 > x1, y2 > y1, x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
      return .blank
    }
    let largest = Double(maskLimit)
    guard x2 - x1 <= largest, y2 - y1 <= largest, abs(x1) <= 1e6, abs(y1) <= 1e6 else {
      return .oversized
    }
    let left = Int(saturating: x1.rounded(.down))
    let top = Int(saturating: y1.rounded(.down))
    let width = Int(saturating: x2.rounded(.up)) - left
    let height = Int(saturating: y2.rounded(.up)) - top
    guard let path = scratch.copyPath(),
      let surface = try? CairoSurface(image: .a8, width: width, height: height)
    else { return .oversized }
    let context = CairoContext(surface)
    context.translate(x: Double(-left), y: Double(-top))
    context.append(path)
    context.setSource(.black)
    context.fill()
    guard (try? context.check()) != nil else { return .oversized }
    return .mask(keep(surface, left: left, top: top))
  }

  /// Copies a rasterized glyph into the arena, its rows padded with zeros to whole vectors.
  private func keep(_ surface: CairoSurface, left: Int, top: Int) -> GlyphMask {
    let (width, height) = (surface.width, surface.height)
    let rowBytes = GlyphMask.rowBytes(width: width)
    let pixels = arena.allocate(rowBytes * height)
    pixels.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
    let source = UnsafeRawPointer(surface.flushedPixels())
    for row in 0..<height {
      (pixels + row * rowBytes).copyMemory(from: source + row * surface.stride, byteCount: width)
    }
    return GlyphMask(pixels: pixels, width: width, height: height, left: left, top: top)
  }

  /// Empties the cache, freeing every mask.
  private func startOver() {
    masks.removeAll(keepingCapacity: true)
    transformedMasks.removeAll(keepingCapacity: true)
    arena.reset()
    recent.update(repeating: Recent(key: 0, entry: .blank), count: 1 << Self.recentBits)
  }
}
