/// One glyph's coverage at one quarter-pixel phase: 8-bit alpha rows, each padded with zeros
/// to a multiple of 16 bytes, so a row is added to a coverage buffer in whole vectors.
///
/// The pixels live in the ``GlyphMaskArena`` of the cache that made the mask, and stay valid
/// until that cache starts over.
///
/// It is small (24 bytes), so the table of recently used masks stays in the processor's
/// nearest caches.
struct GlyphMask {
  /// The first row.
  let pixels: UnsafeRawPointer
  /// Pixels from the glyph origin's pixel to the mask's left and top edges.
  private let leftEdge: Int32
  private let topEdge: Int32
  /// The ink's size in pixels (at most ``GlyphMaskCache/largestMask``).
  private let columns: UInt16
  private let rows: UInt16

  /// A mask of `width` × `height` pixels, each at most 65,535.
  init(pixels: UnsafeRawPointer, width: Int, height: Int, left: Int, top: Int) {
    self.pixels = pixels
    columns = UInt16(clamping: width)
    rows = UInt16(clamping: height)
    leftEdge = Int32(clamping: left)
    topEdge = Int32(clamping: top)
  }

  var width: Int { Int(columns) }
  var height: Int { Int(rows) }
  var left: Int { Int(leftEdge) }
  var top: Int { Int(topEdge) }
  /// Bytes from one row to the next: the width rounded up to a multiple of 16.
  var rowBytes: Int { Self.rowBytes(width: width) }

  /// The bytes a mask of `width` × `height` pixels takes.
  static func bytes(width: Int, height: Int) -> Int { rowBytes(width: width) * height }

  /// A row's bytes for `width` pixels: whole vectors of 16.
  static func rowBytes(width: Int) -> Int { (width + 15) & ~15 }
}

/// What a glyph's cache entry holds: its mask, or why it has none.
enum CachedMask {
  /// Drawn from this mask.
  case mask(GlyphMask)
  /// No ink (a space), or no outline cairo can fill: nothing to draw.
  case blank
  /// Ink larger than the largest mask either way: filled from its outline by the caller.
  case oversized
}

/// Memory for glyph masks, taken in 64 KiB blocks and given back all at once.
///
/// Masks never move or go away one by one, so a mask's pointer is valid until ``reset()``.
final class GlyphMaskArena {
  private var blocks: [UnsafeMutableRawPointer] = []
  private var next: UnsafeMutableRawPointer?
  private var room = 0
  /// Bytes taken from the system: what the arena's memory bound counts.
  private(set) var bytes = 0

  private static let blockSize = 1 << 16
  private static let alignment = 16

  deinit { reset() }

  /// `count` bytes (a multiple of 16), aligned to 16, uninitialized.
  func allocate(_ count: Int) -> UnsafeMutableRawPointer {
    if let start = next, count <= room {
      next = start + count
      room -= count
      return start
    }
    // Larger masks get a block of their own, so the current block keeps its room.
    let size = max(count, Self.blockSize)
    let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: Self.alignment)
    blocks.append(block)
    bytes += size
    if size == Self.blockSize {
      next = block + count
      room = size - count
    }
    return block
  }

  /// Frees every mask.
  func reset() {
    for block in blocks { block.deallocate() }
    blocks.removeAll(keepingCapacity: true)
    next = nil
    room = 0
    bytes = 0
  }
}
