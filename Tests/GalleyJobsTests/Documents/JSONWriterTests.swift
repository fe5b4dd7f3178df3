import Foundation
import GalleySupport
import GalleyTestSupport
import Testing

@Suite("JSONWriter against JSONEncoder")
struct JSONWriterTests {
  /// Numbers at the edges of the fast path, of `description`'s notations and of `Double`.
  static let doubles: [Double] = [
    0, -0.0, 17, 12.5, 0.015625, -0.015625, 1.0 / 3, 0.1, -3.25, 400, 123_456_789.015625,
    0x1p31 - 1.0 / 64, 0x1p31, -0x1p31, 0x1p31 + 0.5, 0x1p53, 0x1p54, 1e16, 1e20, 1e-7, 0.0001,
    0.00001, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
    -.greatestFiniteMagnitude,
    .ulpOfOne, 1 + .ulpOfOne, 2.5e-5, 1234.5678, 65_536.984375,
  ]

  @Test(arguments: doubles)
  func double(_ value: Double) {
    expectSameBytes(value) { writer throws(JSONWriter.NonFiniteNumber) in try writer.write(value) }
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, -Double.nan])
  func nonFiniteNumbersAreRefusedByBoth(_ value: Double) {
    #expect(EncoderReference.encode(value) == nil)
    #expect(throws: JSONWriter.NonFiniteNumber.self) {
      var writer = JSONWriter()
      try writer.write(value)
    }
  }

  @Test func randomDoubles() {
    var generator = SeededGenerator(seed: 11_17)
    for _ in 0..<2000 {
      let value = RandomDocuments.double(using: &generator)
      guard value.isFinite else { continue }
      expectSameBytes(value) { writer throws(JSONWriter.NonFiniteNumber) in try writer.write(value)
      }
    }
  }

  @Test(arguments: [Int.min, -1, 0, 7, 10, 99, 100, Int.max])
  func integer(_ value: Int) {
    expectSameBytes(value) { writer in writer.write(value) }
  }

  @Test(arguments: [UInt32.min, 1, 4_294_967_295])
  func unsignedInteger(_ value: UInt32) {
    expectSameBytes(value) { writer in writer.write(value) }
  }

  @Test(arguments: [
    "", "plain", "\"", "\\", "/", "a/b\\c\"d", "\u{0}\u{1}\u{7}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}",
    "\u{E}\u{1B}\u{1F}\u{20}\u{7F}\u{80}\u{9F}", "\u{2028}\u{2029}\u{FEFF}\u{FFFD}", "é😀男孩",
    "👨‍👩‍👧 e\u{301}", "https://example.com/a%20b?x=\"1\"", "\r\n", "tab\there",
  ])
  func string(_ value: String) {
    expectSameBytes(value) { writer in writer.write(value) }
  }

  @Test func randomStrings() {
    var generator = SeededGenerator(seed: 2028)
    for _ in 0..<500 {
      let value = RandomDocuments.string(using: &generator)
      expectSameBytes(value) { writer in writer.write(value) }
    }
  }

  @Test func optionalsAndBooleans() {
    expectSameBytes(Optional<String>.none) { writer in writer.write(String?.none) }
    expectSameBytes(Optional("x")) { writer in writer.write(String?.some("x")) }
    expectSameBytes(true) { writer in writer.write(true) }
    expectSameBytes(false) { writer in writer.write(false) }
  }

  /// Empty and nested containers: `[`, an empty line, then `]` at the container's indentation.
  @Test func containers() {
    struct Shape: Encodable {
      var a: [[Int]] = [[], [1, 2]]
      var b: [String: Int] = [:]
      var c: [Shape] = []
    }
    expectSameBytes([Shape(c: [Shape()])]) { writer in
      writer.beginArray()
      writer.element()
      writeShape(&writer) { writer in
        writer.element()
        writeShape(&writer) { _ in }
      }
      writer.endArray()
    }
  }

  /// Writes `Shape` by hand, with `children` writing the elements of `c`.
  private func writeShape(_ writer: inout JSONWriter, children: (inout JSONWriter) -> Void) {
    writer.beginObject()
    writer.key("a")
    writer.beginArray()
    writer.element()
    writer.beginArray()
    writer.endArray()
    writer.element()
    writer.beginArray()
    for number in [1, 2] {
      writer.element()
      writer.write(number)
    }
    writer.endArray()
    writer.endArray()
    writer.key("b")
    writer.beginObject()
    writer.endObject()
    writer.key("c")
    writer.beginArray()
    children(&writer)
    writer.endArray()
    writer.endObject()
  }

  /// A sink gets the same bytes, in chunks of about the chunk size, ending with `finish()`.
  @Test(arguments: [1, 7, 64, 1 << 16])
  func chunksJoinToTheWholeDocument(chunkSize: Int) throws {
    var chunks: [[UInt8]] = []
    var chunked = JSONWriter(chunkSize: chunkSize) { chunks.append(Array($0)) }
    var whole = JSONWriter()
    func fill(_ writer: inout JSONWriter) {
      writer.beginArray()
      for index in 0..<100 {
        writer.element()
        writer.write("item \(index) \u{1}")
      }
      writer.endArray()
    }
    fill(&chunked)
    chunked.finish()
    fill(&whole)
    #expect(Array(chunks.joined()) == whole.bytes)
    #expect(chunked.bytes.isEmpty)
    if chunkSize < 100 { #expect(chunks.count > 1) }
  }
}

/// Compares what `body` writes with `JSONEncoder`'s bytes for `value`.
func expectSameBytes(
  _ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (inout JSONWriter) throws(JSONWriter.NonFiniteNumber) -> Void
) {
  let expected = EncoderReference.encode(value)
  let actual = EncoderReference.written(body)
  #expect(
    actual == expected,
    """
    wrote \(actual.map { String(decoding: $0, as: UTF8.self) } ?? "nothing"), \
    JSONEncoder \(expected.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")
    """,
    sourceLocation: sourceLocation)
}
