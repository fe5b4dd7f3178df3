internal import CPixman
import GalleyLayout

/// The masks of the glyphs one thread draws, and the coverage buffer it draws them through.
///
/// Each glyph of a font at each quarter-pixel phase is rasterized once (a transformed glyph
/// once per phase and rounded map, ``LinearMapKey``, by ``OutlineRasterizer``). A run's glyphs are
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
  /// Masks of transformed glyphs and parallelograms, by font serial, glyph, phase and the
  /// map's rounded linear part.
  private let transformedMasks = TransformedMaskTable()
  private let arena = GlyphMaskArena()
  private let coverage = GlyphCoverage()
  /// Rasterizes transformed glyphs' and parallelograms' masks.
  private let rasterizer = OutlineRasterizer()
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
  static let glyphLimit = 65_536
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
  ///   - outlines: The glyph outlines transformed glyphs' masks are made from, or `nil` to
  ///     have cairo make each.
  ///   - scale: Device pixels per point.
  ///   - originX: The layout origin's place in the image, in points.
  ///   - originY: The same, vertically.
  ///   - source: The color.
  ///   - target: The image.
  /// - Returns: The indices of the glyphs too large for a mask (rare: outlines far outside
  ///   the em), for the caller to fill from their outlines.
  func composite(
    _ glyphs: [SceneGlyph], matrices: [Layout.AffineTransform] = [], font: CairoScaledFont,
    outlines: GlyphOutlineCache? = nil, scale: Double, originX: Double, originY: Double,
    source: PixmanImage,
    onto target: PixmanImage
  ) -> [Int] {
    guard !matrices.isEmpty else {
      return composite(count: glyphs.count, source: source, onto: target) { index in
        let glyph = glyphs[index]
        let position = GridPosition(
          of: glyph, under: nil, scale: scale, originX: originX, originY: originY)
        let found = entry(
          font: font, glyph: glyph.id, position: position, map: nil, outlines: outlines)
        return (found, position)
      }
    }
    // Every glyph's place and key first, so that each lookup's slot is fetched from memory a
    // few glyphs ahead (a random shift's or an arc's keys are scattered over megabytes).
    var maps = MapKeys(pixelsPerEm: font.pixelsPerEm)
    let places = glyphs.indices.map { index in
      let position = GridPosition(
        of: glyphs[index], under: matrices[index], scale: scale, originX: originX,
        originY: originY)
      return (position: position, map: maps.key(of: matrices[index]))
    }
    return composite(count: glyphs.count, source: source, onto: target) { index in
      let ahead = index + Self.lookAhead
      if ahead < places.count, let map = places[ahead].map,
        let key = Self.key(font: font, glyph: glyphs[ahead].id, position: places[ahead].position)
      {
        transformedMasks.prefetch(TransformedMaskKey(key: key, map: map))
      }
      let (position, map) = places[index]
      let found = entry(
        font: font, glyph: glyphs[index].id, position: position, map: .some(map),
        outlines: outlines)
      return (found, position)
    }
  }

  /// How many glyphs ahead of a transformed glyph's lookup the next slot is fetched.
  private static let lookAhead = 6

  /// The untransformed key of a glyph at a phase: the font's serial (from 1, so never 0)
  /// above the glyph number (OpenType glyph ids are 16-bit: it takes 20 bits) above the
  /// phases; `nil` for a glyph number past 16 bits.
  @inline(__always)
  private static func key(font: CairoScaledFont, glyph: UInt32, position: GridPosition) -> Int? {
    guard glyph <= 0xFFFF else { return nil }
    return font.serial << 20 | Int(truncatingIfNeeded: glyph) << 4 | position.phaseY << 2
      | position.phaseX
  }

  /// Composites parallelograms (decorations and backgrounds that follow transformed glyphs) in
  /// a solid color onto an image, each from a mask: the unit square under the map onto the
  /// parallelogram (its top and left edges), rounded as a glyph's map is (``LinearMapKey``,
  /// to 1/64 of a pixel), at the quarter-pixel phase of its top-left corner.
  ///
  /// Where cairo fills such pieces with its general scan converter, a label's pieces cost a
  /// lookup each once their masks are made (a rotation's pieces repeat with its glyphs).
  ///
  /// - Parameters:
  ///   - quads: The parallelograms, in layout points.
  ///   - map: Layout points to device pixels (a scale and an offset).
  ///   - source: The color.
  ///   - target: The image.
  /// - Returns: The indices of the quadrilaterals no mask draws (not parallelograms, or too
  ///   large), for the caller to fill through cairo.
  func composite(
    quads: [Layout.Quad], map: Layout.AffineTransform, source: PixmanImage,
    onto target: PixmanImage
  ) -> [Int] {
    composite(count: quads.count, source: source, onto: target) { index in
      guard let piece = Parallelogram(quads[index], map: map) else {
        return (.oversized, GridPosition(deviceX: 0, deviceY: 0))
      }
      let position = piece.position
      // Font serial 0 is no font's: quads' keys never meet glyphs'.
      let phases = position.phaseY << 2 | position.phaseX
      let found = transformedEntry(TransformedMaskKey(key: phases, map: piece.key)) {
        guard
          let box = rasterizer.place(
            quads: CollectionOfOne(Parallelogram.unitSquare), map: piece.deviceMap)
        else { return .oversized }
        return mask(of: box)
      }
      return (found, position)
    }
  }

  /// Composites `count` items, each a cache entry placed at a grid position, in batches.
  ///
  /// - Parameters:
  ///   - count: The items.
  ///   - source: The color.
  ///   - target: The image.
  ///   - lookUp: An item's entry and position.
  /// - Returns: The indices of the items whose entries are oversized.
  private func composite(
    count: Int, source: PixmanImage, onto target: PixmanImage,
    _ lookUp: (Int) -> (entry: CachedMask, position: GridPosition)
  ) -> [Int] {
    var leftOver: [Int] = []
    var batch = Batch()
    let image = GlyphCoverage.Box(minX: 0, minY: 0, maxX: target.width, maxY: target.height)
    if isFull { startOver() }
    var index = 0
    while index < count {
      let (found, position) = lookUp(index)
      switch found {
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
          // The mask in hand is lost with the cache: the item is looked up again.
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
      if index + Self.lookAhead < batch.count {
        // The masks of a random shift or an arc lie far apart: their first rows are fetched
        // ahead too.
        let pixels = placed[index + Self.lookAhead].mask.pixels
        galley_prefetch(pixels)
        galley_prefetch(pixels + 64)
      }
      let item = placed[index]
      coverage.add(item.mask, x: item.x, y: item.y)
    }
    coverage.composite(source, onto: target)
    batch = Batch()
  }

  /// The rounded maps of one run's glyphs: consecutive glyphs under one map (a rotation
  /// typesetter's) round it once.
  private struct MapKeys {
    let pixelsPerEm: Double
    var last: (a: Double, b: Double, c: Double, d: Double, key: LinearMapKey?)?

    init(pixelsPerEm: Double) { self.pixelsPerEm = pixelsPerEm }

    /// The key of a map, or `nil` for one too large to round.
    mutating func key(of matrix: Layout.AffineTransform) -> LinearMapKey? {
      if let last, last.a == matrix.a, last.b == matrix.b, last.c == matrix.c,
        last.d == matrix.d
      {
        return last.key
      }
      let key = LinearMapKey(matrix, pixelsPerEm: pixelsPerEm)
      last = (matrix.a, matrix.b, matrix.c, matrix.d, key)
      return key
    }
  }

  /// The cache entry of a glyph at a phase (under a rounded map, for a transformed glyph:
  /// `.some(nil)` for a map too large to round), made on first use.
  @inline(__always)
  private func entry(
    font: CairoScaledFont, glyph: UInt32, position: GridPosition, map: LinearMapKey??,
    outlines: GlyphOutlineCache?
  ) -> CachedMask {
    let (phaseX, phaseY) = (position.phaseX, position.phaseY)
    guard let key = Self.key(font: font, glyph: glyph, position: position) else { return .blank }
    if let map {
      guard let map else { return .oversized }
      return transformedEntry(TransformedMaskKey(key: key, map: map)) {
        make(
          font: font, glyph: glyph,
          map: map.map(
            scale: font.deviceScale, tx: GridPosition.offset(ofPhase: phaseX),
            ty: GridPosition.offset(ofPhase: phaseY)), outlines: outlines)
      }
    }
    let slot = Int(
      truncatingIfNeeded: UInt(bitPattern: key &* Self.spread) >> (64 - Self.recentBits))
    if recent[slot].key == key { return recent[slot].entry }
    let found: CachedMask
    if let known = masks[key] {
      found = known
    } else {
      found = make(font: font, glyph: glyph, phaseX: phaseX, phaseY: phaseY)
      masks[key] = found
    }
    recent[slot] = Recent(key: key, entry: found)
    return found
  }

  /// The cache entry of a transformed glyph or a parallelogram, made by `make` on first use.
  private func transformedEntry(_ key: TransformedMaskKey, make: () -> CachedMask)
    -> CachedMask
  {
    if let known = transformedMasks.entry(for: key) { return known }
    let made = make()
    transformedMasks.insert(made, for: key)
    return made
  }

  /// Rasterizes a transformed glyph's outline under `map` (points about its origin to device
  /// pixels about the origin's whole pixel, the phase included) into a tight mask in the
  /// arena.
  private func make(
    font: CairoScaledFont, glyph: UInt32, map: Layout.AffineTransform,
    outlines: GlyphOutlineCache?
  ) -> CachedMask {
    guard let shape = shape(font: font, glyph: glyph, outlines: outlines) else {
      return .blank
    }
    guard let box = rasterizer.place(shape, map: map) else { return .oversized }
    return mask(of: box)
  }

  /// A tight mask in the arena of the fill of the outline placed last in the rasterizer,
  /// which covers `box`: blank for no area, oversized past the largest mask.
  private func mask(of box: OutlineRasterizer.Box) -> CachedMask {
    guard !box.isEmpty else { return .blank }
    guard box.width <= maskLimit, box.height <= maskLimit else { return .oversized }
    let rowBytes = GlyphMask.rowBytes(width: box.width)
    let pixels = arena.allocate(rowBytes * box.height)
    rasterizer.fill(into: pixels.assumingMemoryBound(to: UInt8.self), rowBytes: rowBytes)
    return .mask(
      GlyphMask(
        pixels: pixels, width: box.width, height: box.height, left: box.left, top: box.top))
  }

  /// A glyph's outline in points about its origin: the outline cache's, or read from cairo's
  /// path.
  private func shape(font: CairoScaledFont, glyph: UInt32, outlines: GlyphOutlineCache?)
    -> OutlineShape?
  {
    if let outlines {
      return outlines.outline(font: font, glyph: glyph, deviceScale: font.deviceScale)?.shape
    }
    scratch.newPath()
    scratch.resetMatrix()
    scratch.scale(by: font.deviceScale)
    scratch.appendGlyphPaths(CollectionOfOne(SceneGlyph(id: glyph, x: 0, y: 0)), font: font)
    defer { scratch.newPath() }
    return scratch.copyPath().map(OutlineShape.init)
  }

  /// Rasterizes a glyph's outline at a phase into a tight mask in the arena.
  ///
  /// The mask is cairo's anti-aliased fill of the glyph's path (hinting is off, so this is
  /// the glyph FreeType would render), which also carries synthesized bold and oblique.
  private func make(font: CairoScaledFont, glyph: UInt32, phaseX: Int, phaseY: Int)
    -> CachedMask
  {
    scratch.newPath()
    scratch.resetMatrix()
    scratch.translate(
      x: GridPosition.offset(ofPhase: phaseX), y: GridPosition.offset(ofPhase: phaseY))
    scratch.scale(by: font.deviceScale)
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
    transformedMasks.removeAll()
    arena.reset()
    recent.update(repeating: Recent(key: 0, entry: .blank), count: 1 << Self.recentBits)
  }
}
