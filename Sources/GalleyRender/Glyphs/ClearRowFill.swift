/// Writes a solid color through 8-bit coverage onto transparent ARGB32 pixels.
///
/// Over a transparent pixel, pixman's OVER gives the color times the coverage, each channel
/// rounded as pixman rounds (`(t + t >> 8) >> 8` with `t = c × m + 128`); this writes exactly
/// that, without reading the pixels or blending. Pixels with no coverage are left alone (they
/// stay transparent).
struct ClearRowFill {
  /// The last color's pixel for each coverage, kept between batches.
  struct Table {
    var color: UInt32?
    var pixels: [UInt32] = []
  }

  /// The channels that are 255, for a color whose premultiplied channels are each 0 or 255.
  ///
  /// That is opaque black, white and pure primaries; the pixel is then the coverage in those
  /// channels.
  private let channels: UInt32?
  /// For any other color: its pixel for each coverage.
  private let pixels: [UInt32]

  /// A fill of `color` (premultiplied ARGB32), its table made or reused from `table`.
  init(color: UInt32, table: inout Table) {
    // Checked without an array: this runs once per run of glyphs.
    func channel(_ index: Int) -> UInt32 { (color >> (8 * index)) & 0xFF }
    if (0..<4).allSatisfy({ channel($0) == 0 || channel($0) == 0xFF }) {
      channels = color
      pixels = []
      return
    }
    channels = nil
    if table.color != color {
      table.pixels = (0..<256).map { coverage in
        (0..<4).reduce(UInt32(0)) { pixel, index in
          let product = channel(index) * UInt32(coverage) + 0x80
          return pixel | ((product + product >> 8) >> 8) << (8 * index)
        }
      }
      table.color = color
    }
    pixels = table.pixels
  }

  /// Writes `count` pixels from `coverage` to `row`, whose pixels are all transparent.
  func write(_ coverage: UnsafeRawPointer, count: Int, to row: UnsafeMutableRawPointer) {
    var index = 0
    pixels.withUnsafeBufferPointer { table in
      while index + 16 <= count {
        // Blocks with no coverage at all (between words and lines) are skipped whole.
        let any =
          coverage.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          | coverage.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
        if any != 0 { write(coverage + index, to: row + index * 4, table: table) }
        index += 16
      }
      while index < count {
        let value = coverage.load(fromByteOffset: index, as: UInt8.self)
        if value != 0 {
          let pixel = channels.map { UInt32(value) &* 0x0101_0101 & $0 } ?? table[Int(value)]
          row.storeBytes(of: pixel, toByteOffset: index * 4, as: UInt32.self)
        }
        index += 1
      }
    }
  }

  /// Writes 16 pixels.
  @inline(__always)
  private func write(
    _ coverage: UnsafeRawPointer, to row: UnsafeMutableRawPointer,
    table: UnsafeBufferPointer<UInt32>
  ) {
    guard let channels else {
      for lane in 0..<16 {
        let value = coverage.load(fromByteOffset: lane, as: UInt8.self)
        row.storeBytes(of: table[Int(value)], toByteOffset: lane * 4, as: UInt32.self)
      }
      return
    }
    // Each pixel's coverage copied into its four bytes, then kept in the color's channels.
    let block = coverage.loadUnaligned(as: SIMD16<UInt8>.self)
    let kept = unsafeBitCast(SIMD4<UInt32>(repeating: channels), to: SIMD16<UInt8>.self)
    row.storeBytes(of: Self.spread(block, 0) & kept, toByteOffset: 0, as: SIMD16<UInt8>.self)
    row.storeBytes(of: Self.spread(block, 4) & kept, toByteOffset: 16, as: SIMD16<UInt8>.self)
    row.storeBytes(of: Self.spread(block, 8) & kept, toByteOffset: 32, as: SIMD16<UInt8>.self)
    row.storeBytes(of: Self.spread(block, 12) & kept, toByteOffset: 48, as: SIMD16<UInt8>.self)
  }

  /// Four pixels' coverage, from lane `first` on, each repeated in its pixel's four bytes.
  ///
  /// With a constant `first` this compiles to a byte unpack and a word unpack.
  @inline(__always)
  private static func spread(_ block: SIMD16<UInt8>, _ first: Int) -> SIMD16<UInt8> {
    let (a, b, c, d) = (block[first], block[first + 1], block[first + 2], block[first + 3])
    return SIMD16(a, a, a, a, b, b, b, b, c, c, c, c, d, d, d, d)
  }
}
