import Synchronization

/// Glyph masks for drawing text on images: each glyph of a font at each quarter-pixel phase
/// is rasterized once, kept, and added into a coverage buffer that pixman composites in one
/// pass (``GlyphMaskCache``).
///
/// A cache serves one thread at a time, so the renderer keeps a few: a render takes an idle
/// one (or makes one) and gives it back, so concurrent renders never wait on each other.
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
