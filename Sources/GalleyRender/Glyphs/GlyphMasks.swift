internal import CPixman
import GalleyStyle
import Synchronization

/// Glyph masks for drawing text on images: each glyph of a font at each quarter-pixel phase
/// is rasterized once, kept in pixman's glyph cache, and composited in bulk by pixman.
///
/// pixman's cache serves one thread at a time, so the renderer keeps a few: a render takes an
/// idle one (or makes one) and gives it back, so concurrent renders never wait on each other.
final class GlyphMasks: Sendable {
  private let idle = Mutex<[GlyphMaskCache]>([])
  /// Caches kept for reuse; more concurrent renders than this make and drop their own.
  private static let maximumIdle = 8
  /// Glyphs a cache holds before it starts over.
  private let glyphLimit: Int
  /// The widest and tallest mask, in pixels.
  private let largestMask: Int

  /// Caches that start over after `glyphLimit` glyphs, with masks at most `largestMask`
  /// pixels wide and tall (both lowered by tests).
  init(
    glyphLimit: Int = GlyphMaskCache.glyphLimit, largestMask: Int = GlyphMaskCache.largestMask
  ) {
    self.glyphLimit = min(max(1, glyphLimit), GlyphMaskCache.glyphLimit)
    self.largestMask = min(max(1, largestMask), GlyphMaskCache.largestMask)
  }

  /// Runs `body` with a cache no other thread uses meanwhile.
  func withCache<Result>(_ body: (GlyphMaskCache) throws(RenderError) -> Result)
    throws(RenderError) -> Result
  {
    let cache: GlyphMaskCache
    if let reused = idle.withLock({ $0.popLast() }) {
      cache = reused
    } else {
      cache = try GlyphMaskCache(glyphLimit: glyphLimit, largestMask: largestMask)
    }
    defer {
      idle.withLock { idle in
        if idle.count < Self.maximumIdle { idle.append(cache) }
      }
    }
    return try body(cache)
  }
}

/// One pixman glyph cache with the masks it holds, used by one thread at a time.
///
/// The corresponding C functions are `pixman_glyph_cache_create`,
/// `pixman_glyph_cache_destroy`, `pixman_glyph_cache_lookup`, `pixman_glyph_cache_insert` and
/// `pixman_composite_glyphs_no_mask`.
final class GlyphMaskCache: @unchecked Sendable {
  private var cache: OpaquePointer  // pixman_glyph_cache_t *
  /// Bytes of mask pixels and glyphs inserted since the cache was last emptied.
  private var bytes = 0
  private var glyphs = 0
  /// The masks looked up last, by key: a small table in front of pixman's larger, slower one.
  ///
  /// Entries stay valid because pixman never evicts glyphs on its own here (the cache starts
  /// over before it would).
  private let recent: UnsafeMutablePointer<Recent>
  /// Glyphs known to have no ink (spaces) or to be too large for a mask, so they are not
  /// rasterized again.
  private var blank = Set<Int>()
  private var oversized = Set<Int>()
  /// A context for building glyph paths and measuring them.
  private let scratch: CairoContext
  private let scratchSurface: CairoSurface
  /// Placed glyphs of the batch being composited.
  private let placed: UnsafeMutablePointer<pixman_glyph_t>

  /// Mask bytes after which the cache starts over, bounding its memory.
  static let byteBudget = 32 << 20
  /// Glyphs in fonts whose em is larger than this many device pixels are filled as paths
  /// instead: their masks would be large and rarely reused.
  static let largestCachedEm = 256.0
  /// Glyphs per batch, and how far below pixman's eviction threshold (16,384 glyphs) the
  /// cache starts over: a batch's new glyphs always fit without pixman evicting any.
  private static let batch = 4096
  static let glyphLimit = 16_384 - batch
  /// Glyphs this cache holds before it starts over, at most ``glyphLimit``.
  private let limit: Int

  /// Stands for a glyph too large to cache: drawn from its outline by the caller.
  private static var uncached: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: 1) }

  /// The widest and tallest mask, in pixels: larger glyphs are filled from their outlines.
  static let largestMask = 2048
  /// This cache's largest mask, at most ``largestMask``.
  private let maskLimit: Int

  /// An odd multiplier (2⁶⁴ / φ): distinct serials get distinct, well-mixed keys.
  private static let spread = Int(bitPattern: 0x9E37_79B9_7F4A_7C15)

  /// Entries in the table in front of pixman's (2¹²).
  private static let recentBits = 12

  /// A key (font serial and glyph number) and its mask, or no mask for a blank glyph.
  private struct Recent {
    var key: Int
    var mask: UnsafeRawPointer?
  }

  init(
    glyphLimit: Int = GlyphMaskCache.glyphLimit, largestMask: Int = GlyphMaskCache.largestMask
  ) throws(RenderError) {
    limit = glyphLimit
    maskLimit = largestMask
    guard let cache = pixman_glyph_cache_create() else {
      throw RenderError(.drawingFailed, "cannot make a glyph cache")
    }
    self.cache = cache
    recent = .allocate(capacity: 1 << Self.recentBits)
    recent.initialize(repeating: Recent(key: 0, mask: nil), count: 1 << Self.recentBits)
    placed = .allocate(capacity: Self.batch)
    do {
      scratchSurface = try CairoSurface(image: .a8, width: 1, height: 1)
    } catch {
      pixman_glyph_cache_destroy(cache)
      recent.deallocate()
      placed.deallocate()
      throw error
    }
    scratch = CairoContext(scratchSurface)
  }

  deinit {
    pixman_glyph_cache_destroy(cache)
    recent.deallocate()
    placed.deallocate()
  }

  /// Whether glyphs of `font` are drawn from cached masks: outline glyphs of a moderate size.
  static func caches(_ font: CairoScaledFont) -> Bool {
    !font.isColor && font.pixelsPerEm <= largestCachedEm
  }

  /// Composites glyphs in a solid color onto an image.
  ///
  /// - Parameters:
  ///   - glyphs: Glyphs at layout positions (points).
  ///   - font: Their font, for which ``caches(_:)`` is true.
  ///   - scale: Device pixels per point.
  ///   - originX: The layout origin's place in the image, in points.
  ///   - originY: The same, vertically.
  ///   - source: The color.
  ///   - target: The image.
  /// - Returns: The glyphs too large for a mask (rare: outlines far outside the em), for the
  ///   caller to fill from their outlines.
  func composite(
    _ glyphs: [SceneGlyph], font: CairoScaledFont, scale: Double, originX: Double,
    originY: Double, source: PixmanImage, onto target: PixmanImage
  ) -> [SceneGlyph] {
    var leftOver: [SceneGlyph] = []
    var start = 0
    while start < glyphs.count {
      if bytes > Self.byteBudget || self.glyphs >= limit { startOver() }
      // A batch never adds more than the room left, nor more than pixman's margin.
      let end = min(start + min(Self.batch, max(1, limit - self.glyphs)), glyphs.count)
      pixman_glyph_cache_freeze(cache)
      var count = 0
      for glyph in glyphs[start..<end] {
        let position = GridPosition(
          deviceX: (glyph.x + originX) * scale, deviceY: (glyph.y + originY) * scale)
        guard
          let mask = mask(
            font: font, glyph: glyph.id, phaseX: position.phaseX, phaseY: position.phaseY)
        else { continue }
        if mask == Self.uncached {
          leftOver.append(glyph)
          continue
        }
        placed[count] = pixman_glyph_t(
          x: Int32(clamping: position.x), y: Int32(clamping: position.y), glyph: mask)
        count += 1
      }
      pixman_composite_glyphs_no_mask(
        // Into an alpha mask, coverage is added, as pixman's own glyph masks are (its fast
        // path for OVER onto A8 is missing, and the general one is several times slower);
        // onto colors, OVER.
        target.isAlpha ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, source.handle, target.handle, 0, 0, 0,
        0, cache, Int32(count), placed)
      pixman_glyph_cache_thaw(cache)
      start = end
    }
    return leftOver
  }

  /// The cached mask of a glyph at a phase, made on first use; `nil` for a glyph with no ink,
  /// ``uncached`` for one too large.
  private func mask(font: CairoScaledFont, glyph: UInt32, phaseX: Int, phaseY: Int)
    -> UnsafeRawPointer?
  {
    // Keys are opaque pointers to pixman; neither may be 0. pixman hashes the sum of the two
    // keys, so the font's serial (from 1) is spread over the high bits, where glyph numbers
    // never reach: small serials would make glyphs of different fonts collide.
    let fontKey = UnsafeMutableRawPointer(bitPattern: font.serial &* Self.spread)
    let glyphNumber = Int(truncatingIfNeeded: glyph) << 4 | phaseY << 2 | phaseX
    let glyphKey = UnsafeMutableRawPointer(bitPattern: glyphNumber + 1)
    // OpenType glyph ids are 16-bit, so glyph numbers take 20 bits and the pair packs into
    // one nonzero key.
    guard glyph <= 0xFFFF else { return nil }
    let key = font.serial << 20 | glyphNumber
    let slot = Int(
      truncatingIfNeeded: UInt(bitPattern: key &* Self.spread) >> (64 - Self.recentBits))
    if recent[slot].key == key { return recent[slot].mask }
    let mask = lookUp(
      font: font, glyph: glyph, phaseX: phaseX, phaseY: phaseY, fontKey: fontKey,
      glyphKey: glyphKey, key: key)
    recent[slot] = Recent(key: key, mask: mask)
    return mask
  }

  /// The mask from pixman's cache, or rasterized and added to it.
  private func lookUp(
    font: CairoScaledFont, glyph: UInt32, phaseX: Int, phaseY: Int,
    fontKey: UnsafeMutableRawPointer?, glyphKey: UnsafeMutableRawPointer?, key: Int
  ) -> UnsafeRawPointer? {
    if let known = pixman_glyph_cache_lookup(cache, fontKey, glyphKey) { return known }
    if blank.contains(key) { return nil }
    if oversized.contains(key) { return Self.uncached }
    let made: (surface: CairoSurface, left: Int, top: Int)
    switch rasterize(font: font, glyph: glyph, phaseX: phaseX, phaseY: phaseY) {
    case .mask(let surface, let left, let top): made = (surface, left, top)
    case .blank:
      if blank.count >= 4096 { blank.removeAll() }
      blank.insert(key)
      return nil
    case .oversized:
      if oversized.count >= 4096 { oversized.removeAll() }
      oversized.insert(key)
      return Self.uncached
    }
    guard let image = try? PixmanImage(pixelsOf: made.surface) else { return nil }
    bytes += made.surface.stride * made.surface.height
    glyphs += 1
    // pixman copies the pixels into a glyph of its own.
    return pixman_glyph_cache_insert(
      cache, fontKey, glyphKey, Int32(-made.left), Int32(-made.top), image.handle)
  }

  /// What rasterizing a glyph gives.
  private enum Rasterized {
    /// A tight A8 image and its offset from the glyph origin's pixel.
    case mask(CairoSurface, left: Int, top: Int)
    /// No ink (a space), or no outline cairo can fill.
    case blank
    /// Ink larger than ``largestMask`` either way.
    case oversized
  }

  /// Rasterizes a glyph's outline at a phase into a tight A8 image.
  ///
  /// The mask is cairo's anti-aliased fill of the glyph's path (hinting is off, so this is
  /// the glyph FreeType would render), which also carries synthesized bold and oblique.
  private func rasterize(font: CairoScaledFont, glyph: UInt32, phaseX: Int, phaseY: Int)
    -> Rasterized
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
    guard x2 > x1, y2 > y1, x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
      scratch.newPath()
      return .blank
    }
    let largest = Double(maskLimit)
    guard x2 - x1 <= largest, y2 - y1 <= largest, abs(x1) <= 1e6, abs(y1) <= 1e6 else {
      scratch.newPath()
      return .oversized
    }
    let left = Int(saturating: x1.rounded(.down))
    let top = Int(saturating: y1.rounded(.down))
    let width = Int(saturating: x2.rounded(.up)) - left
    let height = Int(saturating: y2.rounded(.up)) - top
    guard let path = scratch.copyPath() else { return .oversized }
    scratch.newPath()
    guard let surface = try? CairoSurface(image: .a8, width: width, height: height)
    else { return .oversized }
    let context = CairoContext(surface)
    context.translate(x: Double(-left), y: Double(-top))
    context.append(path)
    context.setSource(.black)
    context.fill()
    guard (try? context.check()) != nil else { return .oversized }
    surface.flush()
    return .mask(surface, left: left, top: top)
  }

  /// Empties the cache, freeing every mask.
  private func startOver() {
    guard let fresh = pixman_glyph_cache_create() else { return }
    pixman_glyph_cache_destroy(cache)
    cache = fresh
    bytes = 0
    glyphs = 0
    blank.removeAll()
    recent.update(repeating: Recent(key: 0, mask: nil), count: 1 << Self.recentBits)
  }
}
