import GalleyLayout
import GalleyMarkup
import GalleyRender
import Testing

/// PNG files from libpng: straight-alpha RGBA with an sRGB chunk, the same pixels at every
/// compression level.
@Suite("PNG encoding")
struct PNGEncodingTests {
  /// A label with every alpha level: translucent text, a blurred shadow, a transparent canvas.
  static func bitmap() throws -> Bitmap {
    let layout = try RenderSupport.layout("%2CTranslucent%c and %Bbold%b text, %Lwith a link%l")
    var options = RenderOptions(scale: 2)
    options.shadow = .init(
      offsetX: 1, offsetY: 2, blur: 4,
      color: TextColor(red: 0, green: 0x40, blue: 0x80, alpha: 0x90))
    return try RenderSupport.renderer.rasterize(layout, options: options)
  }

  /// The chunks of a PNG file, by type, in order.
  private func chunks(_ data: [UInt8]) -> [(type: String, body: ArraySlice<UInt8>)] {
    var chunks: [(String, ArraySlice<UInt8>)] = []
    var offset = 8
    while offset + 12 <= data.count {
      let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
      guard offset + 12 + length <= data.count else { break }
      chunks.append((type, data[offset + 8..<offset + 8 + length]))
      offset += 12 + length
    }
    return chunks
  }

  @Test(arguments: PNGCompression.allCases)
  func everyLevelDecodesToTheSamePixels(compression: PNGCompression) throws {
    let bitmap = try Self.bitmap()
    let decoded = try Bitmap(png: bitmap.pngData(compression: compression))
    #expect(decoded.width == bitmap.width && decoded.height == bitmap.height)
    var different = 0
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where decoded.pixel(x: x, y: y) != bitmap.pixel(x: x, y: y) {
        different += 1
      }
    }
    #expect(different == 0)
  }

  @Test func theFileIsEightBitRGBAInSRGB() throws {
    let bitmap = try Self.bitmap()
    let data = try bitmap.pngData()
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    let found = chunks(data)
    let header = try #require(found.first)
    #expect(header.type == "IHDR")
    let body = Array(header.body)
    #expect(body[0..<4].reduce(0) { $0 << 8 | Int($1) } == bitmap.width)
    #expect(body[4..<8].reduce(0) { $0 << 8 | Int($1) } == bitmap.height)
    #expect(body[8] == 8 && body[9] == 6)  // 8 bits, RGBA
    #expect(found.contains { $0.type == "sRGB" })
    #expect(found.last?.type == "IEND")
  }

  @Test func smallerFilesTakeMoreWork() throws {
    let bitmap = try Self.bitmap()
    let fast = try bitmap.pngData(compression: .fast).count
    let balanced = try bitmap.pngData(compression: .balanced).count
    let smallest = try bitmap.pngData(compression: .smallest).count
    #expect(smallest <= balanced && balanced <= fast)
  }
}
