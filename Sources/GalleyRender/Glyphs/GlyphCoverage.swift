internal import CPixman

/// A reusable 8-bit coverage buffer: a batch of glyph masks is added into it, then composited
/// onto the image in one pass, as cairo composites glyphs through a mask.
///
/// Compositing each glyph on its own spends most of its time in per-glyph set-up and at the
/// edges of rows a few pixels wide. Adding a mask is one saturating vector add per row, and the
/// one composite runs over whole rows, most of them still transparent, where the pixels are
/// written without blending (``ClearRowFill``). Where glyphs overlap their coverage adds up
/// (to full at most), as in cairo's mask.
///
/// The corresponding C functions are `pixman_image_create_bits` and
/// `pixman_image_composite32`.
final class GlyphCoverage {
  private var storage: UnsafeMutableRawPointer?
  private var capacity = 0
  /// The batch's box on the image, in pixels.
  private var box = Box()
  /// Bytes from one row of the buffer to the next.
  private var stride = 0
  /// The color of the last table made for ``ClearRowFill``, and the table.
  private var table = ClearRowFill.Table()

  /// The largest buffer, in bytes.
  ///
  /// A batch whose box would be larger is split. It holds the largest glyph mask (2,048
  /// pixels square) with room to spare.
  static let largestBytes = 8 << 20
  /// Buffers larger than this are freed after use instead of kept for the next render.
  private static let keptBytes = 1 << 20

  /// A rectangle of pixels on the image.
  struct Box {
    var minX = 0
    var minY = 0
    var maxX = 0
    var maxY = 0

    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// Whether the two share a pixel.
    func intersects(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest box holding both.
    func union(_ other: Box) -> Box {
      guard !isEmpty else { return other }
      return Box(
        minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
        maxY: max(maxY, other.maxY))
    }

    /// The buffer bytes for this box: rows rounded up to whole vectors, plus one vector of
    /// room for the padding of masks at the right edge.
    var bufferBytes: Int { (GlyphMask.rowBytes(width: maxX - minX) + 16) * (maxY - minY) }
  }

  deinit { storage?.deallocate() }

  /// Starts a batch over `box`, with every pixel's coverage at zero.
  func begin(_ box: Box) {
    self.box = box
    stride = GlyphMask.rowBytes(width: box.maxX - box.minX) + 16
    let bytes = stride * (box.maxY - box.minY)
    if bytes > capacity || storage == nil {
      storage?.deallocate()
      capacity = max(bytes, 4096)
      storage = .allocate(byteCount: capacity, alignment: 16)
    }
    storage?.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
  }

  /// Adds a mask whose top-left pixel is at `x`, `y` on the image, inside the batch's box.
  @inline(__always)
  func add(_ mask: GlyphMask, x: Int, y: Int) {
    guard let storage else { return }
    var row = storage + (y - box.minY) * stride + (x - box.minX)
    var source = mask.pixels
    for _ in 0..<mask.height {
      var offset = 0
      while offset < mask.rowBytes {
        let below = row.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        let sum = below &+ source.load(fromByteOffset: offset, as: SIMD16<UInt8>.self)
        // A saturating add: full coverage stays full.
        row.storeBytes(
          of: sum.replacing(with: .init(repeating: 255), where: sum .< below),
          toByteOffset: offset, as: SIMD16<UInt8>.self)
        offset += 16
      }
      row += stride
      source += mask.rowBytes
    }
  }

  /// Composites the batch's coverage in `source`'s color onto `target`: over colors, added to
  /// an alpha mask.
  ///
  /// Rows of a color image that are still transparent where the batch lies (the usual case:
  /// text on a clear canvas) get their pixels written directly, the color times the coverage,
  /// which is what compositing over transparent pixels gives; other rows go through pixman.
  ///
  /// - Parameters:
  ///   - source: A solid color.
  ///   - target: The image.
  ///   - writesClearRows: Whether clear rows are written directly (tests turn it off to
  ///     compare with pixman).
  func composite(_ source: PixmanImage, onto target: PixmanImage, writesClearRows: Bool = true) {
    defer {
      if capacity > Self.keptBytes {
        storage?.deallocate()
        storage = nil
        capacity = 0
      }
    }
    guard let storage, !box.isEmpty,
      let mask = pixman_image_create_bits(
        PIXMAN_a8, Int32(box.maxX - box.minX), Int32(box.maxY - box.minY),
        storage.assumingMemoryBound(to: UInt32.self), Int32(stride))
    else { return }
    defer { pixman_image_unref(mask) }
    let clipped = Box(
      minX: max(box.minX, 0), minY: max(box.minY, 0), maxX: min(box.maxX, target.width),
      maxY: min(box.maxY, target.height))
    guard !clipped.isEmpty else { return }
    guard writesClearRows, !target.isAlpha, let color = source.solidPixel,
      let pixels = target.pixels
    else {
      composite(source, mask: mask, onto: target, rows: clipped.minY..<clipped.maxY, in: clipped)
      return
    }
    let fill = ClearRowFill(color: color, table: &table)
    var busy = clipped.minY
    for y in clipped.minY..<clipped.maxY {
      let row = pixels + y * target.rowBytes + clipped.minX * 4
      let count = clipped.maxX - clipped.minX
      guard Self.isClear(row, count: count) else { continue }
      composite(source, mask: mask, onto: target, rows: busy..<y, in: clipped)
      busy = y + 1
      fill.write(
        storage + (y - box.minY) * stride + (clipped.minX - box.minX), count: count, to: row)
    }
    composite(source, mask: mask, onto: target, rows: busy..<clipped.maxY, in: clipped)
  }

  /// Composites rows of the coverage through pixman: over colors, added to alpha.
  private func composite(
    _ source: PixmanImage, mask: OpaquePointer, onto target: PixmanImage, rows: Range<Int>,
    in clipped: Box
  ) {
    guard !rows.isEmpty else { return }
    pixman_image_composite32(
      target.isAlpha ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, source.handle, mask, target.handle, 0, 0,
      Int32(clipped.minX - box.minX), Int32(rows.lowerBound - box.minY), Int32(clipped.minX),
      Int32(rows.lowerBound), Int32(clipped.maxX - clipped.minX), Int32(rows.count))
  }

  /// Whether `count` ARGB32 pixels from `row` are all transparent (zero).
  private static func isClear(_ row: UnsafeMutableRawPointer, count: Int) -> Bool {
    let bytes = count * 4
    var offset = 0
    while offset + 64 <= bytes {
      // Sixteen pixels at a time, stopping at the first that is not clear.
      let any =
        row.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self)
        | row.loadUnaligned(fromByteOffset: offset + 16, as: SIMD2<UInt64>.self)
        | row.loadUnaligned(fromByteOffset: offset + 32, as: SIMD2<UInt64>.self)
        | row.loadUnaligned(fromByteOffset: offset + 48, as: SIMD2<UInt64>.self)
      if any[0] | any[1] != 0 { return false }
      offset += 64
    }
    while offset < bytes {
      if row.load(fromByteOffset: offset, as: UInt32.self) != 0 { return false }
      offset += 4
    }
    return true
  }
}
