internal import CPixman

/// A reusable 8-bit coverage buffer: a batch of glyph masks is added into it, then composited
/// onto the image in one pass, as cairo composites glyphs through a mask.
///
/// Compositing each glyph on its own spends most of its time in per-glyph set-up and at the
/// edges of rows a few pixels wide. Adding a mask is one saturating vector add per row, and the
/// one composite runs over whole rows, most of them still transparent, where the pixels are
/// written without blending (``ClearRowFill``). Where glyphs overlap their coverage adds up
/// (to full at most), as in cairo's mask. Each row keeps the span its masks wrote, so that
/// clearing the buffer and compositing touch only those bytes (a label set on an arc has a
/// large box and little ink on each row).
///
/// The corresponding C functions are `pixman_image_create_bits` and
/// `pixman_image_composite32`.
final class GlyphCoverage {
  /// The buffer, all zeros between batches.
  private var storage: UnsafeMutableRawPointer?
  private var capacity = 0
  /// Each row of the batch's box: the bytes from the box's left edge its masks wrote, the
  /// padding of their rows included (empty for a row no mask touched).
  private var spans: UnsafeMutablePointer<Span> = .allocate(capacity: 0)
  /// The rows ``spans`` has room for.
  private var spanCapacity = 0
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

  /// A row's written bytes, `start..<end` from the box's left edge.
  struct Span {
    var start = Int.max
    var end = Int.min

    var isEmpty: Bool { end <= start }

    /// The span clipped to `range`, or `nil` when nothing is left.
    func clipped(to range: Range<Int>) -> Range<Int>? {
      let (low, high) = (max(start, range.lowerBound), min(end, range.upperBound))
      return low < high ? low..<high : nil
    }
  }

  deinit {
    storage?.deallocate()
    spans.deallocate()
  }

  /// Starts a batch over `box`, with every pixel's coverage at zero.
  func begin(_ box: Box) {
    self.box = box
    stride = GlyphMask.rowBytes(width: box.maxX - box.minX) + 16
    let bytes = stride * (box.maxY - box.minY)
    if bytes > capacity || storage == nil {
      storage?.deallocate()
      capacity = max(bytes, 4096)
      let made = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
      made.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
      storage = made
    }
    let rows = box.maxY - box.minY
    if rows > spanCapacity {
      spans.deallocate()
      spanCapacity = rows
      spans = .allocate(capacity: rows)
    }
    spans.initialize(repeating: Span(), count: rows)
  }

  /// Adds a mask whose top-left pixel is at `x`, `y` on the image, inside the batch's box.
  @inline(__always)
  func add(_ mask: GlyphMask, x: Int, y: Int) {
    guard let storage else { return }
    let (firstRow, start, spans) = (y - box.minY, x - box.minX, spans)
    var row = storage + firstRow * stride + start
    var source = mask.pixels
    for line in firstRow..<(firstRow + mask.height) {
      spans[line].start = min(spans[line].start, start)
      spans[line].end = max(spans[line].end, start + mask.rowBytes)
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
  /// Only each row's span of written bytes is composited (elsewhere the coverage is zero, which
  /// leaves pixels as they are). Rows of a color image that are still transparent along their
  /// span (the usual case: text on a clear canvas) get their pixels written directly, the color
  /// times the coverage, which is what compositing over transparent pixels gives; other rows go
  /// through pixman, consecutive ones in one call. The buffer is zero again afterwards.
  ///
  /// - Parameters:
  ///   - source: A solid color.
  ///   - target: The image.
  ///   - writesClearRows: Whether clear rows are written directly (tests turn it off to
  ///     compare with pixman).
  func composite(_ source: PixmanImage, onto target: PixmanImage, writesClearRows: Bool = true) {
    defer { clear() }
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
    let fill: ClearRowFill?
    var pixels: UnsafeMutableRawPointer?
    if writesClearRows, !target.isAlpha, let color = source.solidPixel, let bits = target.pixels {
      fill = ClearRowFill(color: color, table: &table)
      pixels = bits
    } else {
      fill = nil
    }
    // Rows that go through pixman, gathered while they follow one another.
    var pending: (rows: Range<Int>, columns: Range<Int>)?
    func flush() {
      guard let (rows, columns) = pending else { return }
      composite(source, mask: mask, onto: target, rows: rows, columns: columns)
      pending = nil
    }
    // Locals: read without the class's exclusivity checks.
    let (box, stride, spans) = (box, stride, spans)
    let inside = (clipped.minX - box.minX)..<(clipped.maxX - box.minX)
    for y in clipped.minY..<clipped.maxY {
      guard let columns = spans[y - box.minY].clipped(to: inside) else { continue }
      if let fill, let pixels {
        let row = pixels + y * target.rowBytes + (box.minX + columns.lowerBound) * 4
        if Self.isClear(row, count: columns.count) {
          flush()
          fill.write(
            storage + (y - box.minY) * stride + columns.lowerBound, count: columns.count,
            to: row)
          continue
        }
      }
      if let (rows, wide) = pending, rows.upperBound == y {
        let union =
          min(wide.lowerBound, columns.lowerBound)..<max(wide.upperBound, columns.upperBound)
        pending = (rows.lowerBound..<(y + 1), union)
      } else {
        flush()
        pending = (y..<(y + 1), columns)
      }
    }
    flush()
  }

  /// Zeroes the bytes the batch wrote, or frees a buffer past ``keptBytes``.
  private func clear() {
    if capacity > Self.keptBytes {
      storage?.deallocate()
      (storage, capacity) = (nil, 0)
    } else if let storage {
      let (spans, stride) = (spans, stride)
      for row in 0..<max(box.maxY - box.minY, 0) where !spans[row].isEmpty {
        let span = spans[row]
        (storage + row * stride + span.start).initializeMemory(
          as: UInt8.self, repeating: 0, count: span.end - span.start)
        spans[row] = Span()
      }
    }
  }

  /// Composites rows of the coverage through pixman, `columns` from the box's left edge: over
  /// colors, added to alpha.
  private func composite(
    _ source: PixmanImage, mask: OpaquePointer, onto target: PixmanImage, rows: Range<Int>,
    columns: Range<Int>
  ) {
    pixman_image_composite32(
      target.isAlpha ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, source.handle, mask, target.handle, 0, 0,
      Int32(columns.lowerBound), Int32(rows.lowerBound - box.minY),
      Int32(box.minX + columns.lowerBound), Int32(rows.lowerBound), Int32(columns.count),
      Int32(rows.count))
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
