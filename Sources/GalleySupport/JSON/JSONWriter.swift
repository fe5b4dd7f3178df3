/// Appends JSON to one growing byte buffer, formatted byte for byte as Foundation's
/// `JSONEncoder` formats it with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`.
///
/// That formatting is: two spaces of indentation per level; `"key" : value`; each member or
/// element on its own line; an empty array or object as `[`, an empty line, and `]` at the
/// container's indentation; numbers as Swift's `description` with a trailing `.0` removed
/// (`17`, `12.5`, `-0`, `1e+20`, `1e-07`); strings with `"`, `\` and the C0 controls escaped
/// (`\b`, `\t`, `\n`, `\f`, `\r`, otherwise `\u00xx` in lower-case hex) and everything else,
/// `/` and U+2028 included, passed through as UTF-8. The writer does not sort: callers write
/// each object's keys in the order `.sortedKeys` gives, which is the byte order of their
/// UTF-8 (`"A1" < "B" < "_x" < "a" < "a10" < "a2"`).
///
/// With a sink, the writer hands over its bytes whenever they pass `chunkSize` at an array
/// element, so a document of any size needs only about one chunk of memory. The writer owns
/// its buffer and writes into it through a pointer (no per-byte bounds or uniqueness checks),
/// so it cannot be copied.
package struct JSONWriter: ~Copyable {
  /// A number JSON cannot hold: NaN or an infinity, which `JSONEncoder` refuses as well.
  package struct NonFiniteNumber: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number.
    package var value: Double

    /// `JSON cannot hold the number nan`.
    package var description: String { "JSON cannot hold the number \(value)" }
  }

  /// The buffer: `count` bytes written, room for `capacity`.
  private var buffer: UnsafeMutableRawPointer
  /// The bytes written and not yet handed to the sink.
  private var count = 0
  /// The bytes the buffer holds.
  private var capacity: Int
  /// The nesting level of the container being written.
  private var depth = 0
  /// Whether the open container has no member or element yet.
  private var isEmptyContainer = true
  /// How many bytes to gather before handing them to the sink.
  private let chunkSize: Int
  /// Where full chunks go, or `nil` to keep every byte.
  private let sink: ((UnsafeRawBufferPointer) -> Void)?

  /// Creates a writer that keeps the whole document, for ``bytes``.
  ///
  /// - Parameter capacity: The bytes to reserve at the start; the buffer grows as needed.
  package init(capacity: Int = 4096) {
    self.capacity = max(64, capacity)
    buffer = .allocate(byteCount: self.capacity, alignment: 1)
    chunkSize = .max
    sink = nil
  }

  /// Creates a writer that hands its bytes to `sink` in chunks of about `chunkSize` bytes.
  ///
  /// - Parameters:
  ///   - chunkSize: The bytes to gather before calling `sink`.
  ///   - sink: Receives each chunk in order, valid only during the call; call ``finish()``
  ///     for the last one.
  package init(chunkSize: Int = 1 << 16, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.chunkSize = max(1, chunkSize)
    capacity = max(64, self.chunkSize * 2)
    buffer = .allocate(byteCount: capacity, alignment: 1)
    self.sink = sink
  }

  /// Frees the buffer.
  deinit { buffer.deallocate() }

  /// A copy of the bytes written and not yet handed to a sink: the whole document when the
  /// writer has no sink.
  package var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: buffer, count: count)) }

  /// Hands the remaining bytes to the sink, if there is one.
  package mutating func finish() {
    guard let sink, count > 0 else { return }
    sink(UnsafeRawBufferPointer(start: buffer, count: count))
    count = 0
  }

  // MARK: Buffer

  /// Makes room for `extra` more bytes.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if capacity - count < extra { grow(extra) }
  }

  /// Moves the bytes to a buffer at least twice as large, with room for `extra` more.
  @inline(never)
  private mutating func grow(_ extra: Int) {
    let newCapacity = max(count + extra, capacity * 2)
    let newBuffer = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 1)
    newBuffer.copyMemory(from: buffer, byteCount: count)
    buffer.deallocate()
    buffer = newBuffer
    capacity = newCapacity
  }

  /// Appends one byte.
  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    reserve(1)
    buffer.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  /// Appends bytes.
  private mutating func put(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (buffer + count).copyMemory(from: base, byteCount: bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 of a literal.
  private mutating func put(_ text: StaticString) {
    text.withUTF8Buffer { put(UnsafeRawBufferPointer($0)) }
  }

  // MARK: Containers

  /// Opens an object: `{`.
  package mutating func beginObject() {
    put(UInt8(ascii: "{"))
    depth += 1
    isEmptyContainer = true
  }

  /// Starts a member of the open object: the separator, the indentation and `"key" : `.
  ///
  /// - Parameter key: The key, plain ASCII without characters that need escaping.
  package mutating func key(_ key: StaticString) {
    startItem()
    put(UInt8(ascii: "\""))
    put(key)
    put(#"" : "#)
  }

  /// Starts a member whose key is known only at run time (a map's), escaped as strings are.
  ///
  /// - Parameter key: The key.
  package mutating func dynamicKey(_ key: String) {
    startItem()
    write(key)
    put(" : ")
  }

  /// Closes the open object: `}` on its own line.
  package mutating func endObject() { endContainer(UInt8(ascii: "}")) }

  /// Opens an array: `[`.
  package mutating func beginArray() {
    put(UInt8(ascii: "["))
    depth += 1
    isEmptyContainer = true
  }

  /// Starts an element of the open array: the separator and the indentation.
  ///
  /// Hands the bytes gathered so far to the sink when they pass the chunk size.
  package mutating func element() {
    if count >= chunkSize, let sink {
      sink(UnsafeRawBufferPointer(start: buffer, count: count))
      count = 0
    }
    startItem()
  }

  /// Closes the open array: `]` on its own line.
  package mutating func endArray() { endContainer(UInt8(ascii: "]")) }

  /// Writes an array: each element written by `write`, as the next item.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - write: Writes one element.
  /// - Throws: What `write` throws.
  @inline(__always)
  package mutating func writeArray<Elements: Sequence>(
    _ elements: Elements,
    _ write: (Elements.Element, inout JSONWriter) throws(NonFiniteNumber) -> Void
  ) throws(NonFiniteNumber) {
    beginArray()
    for item in elements {
      element()
      try write(item, &self)
    }
    endArray()
  }

  /// Writes an array of values that write themselves.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Throws: ``NonFiniteNumber`` from an element.
  @inline(__always)
  package mutating func writeArray(
    _ elements: some Sequence<some JSONWritable>
  ) throws(NonFiniteNumber) {
    try writeArray(elements) { item, writer throws(NonFiniteNumber) in
      try item.writeJSON(into: &writer)
    }
  }

  /// Writes what comes before a member or element: `,` after the first, a newline, the
  /// indentation.
  private mutating func startItem() {
    if !isEmptyContainer { put(UInt8(ascii: ",")) }
    isEmptyContainer = false
    put(UInt8(ascii: "\n"))
    indent(depth)
  }

  /// Writes a newline (two in an empty container), the indentation and the closing bracket.
  private mutating func endContainer(_ bracket: UInt8) {
    depth -= 1
    if isEmptyContainer { put(UInt8(ascii: "\n")) }
    put(UInt8(ascii: "\n"))
    indent(depth)
    put(bracket)
    isEmptyContainer = false
  }

  /// Writes two spaces per level.
  private mutating func indent(_ level: Int) {
    let width = level * 2
    reserve(width)
    (buffer + count).initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "), count: width)
    count += width
  }

  // MARK: Values

  /// Writes `null`.
  package mutating func writeNull() { put("null") }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  package mutating func write(_ value: Bool) { put(value ? "true" : "false") }

  /// Writes an integer in decimal.
  ///
  /// - Parameter value: The integer.
  package mutating func write(_ value: Int) {
    if value < 0 { put(UInt8(ascii: "-")) }
    putDigits(of: value.magnitude, count: 1)
  }

  /// Writes an unsigned integer in decimal.
  ///
  /// - Parameter value: The integer.
  package mutating func write(_ value: UInt32) { putDigits(of: UInt(value), count: 1) }

  /// Appends `value` in decimal, zero-padded to at least `minimum` digits.
  private mutating func putDigits(of value: UInt, count minimum: Int) {
    var length = 1
    var bound: UInt = 10
    while length < 20, value >= bound {
      length += 1
      bound &*= 10
    }
    length = max(length, minimum)
    reserve(length)
    var rest = value
    var position = count + length
    while position > count {
      position -= 1
      let digit = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
      buffer.storeBytes(of: digit, toByteOffset: position, as: UInt8.self)
      rest /= 10
    }
    count += length
  }

  /// Writes a number as `JSONEncoder` does: `description` without a final `.0`.
  ///
  /// Multiples of 1/64 below 2³¹ in magnitude, which is every layout coordinate, take a fast
  /// path that prints their exact decimal expansion; that is also the shortest one that reads
  /// back as the same `Double`, so it equals `description`.
  ///
  /// - Parameter value: The number.
  /// - Throws: ``NonFiniteNumber`` for NaN and the infinities.
  package mutating func write(_ value: Double) throws(NonFiniteNumber) {
    guard value.isFinite else { throw NonFiniteNumber(value: value) }
    let scaled = value.magnitude * 64
    if scaled < 0x1p37, scaled == scaled.rounded(.towardZero) {
      if value.sign == .minus { put(UInt8(ascii: "-")) }
      let sixtyFourths = UInt(scaled)
      putDigits(of: sixtyFourths >> 6, count: 1)
      let fraction = sixtyFourths & 63
      if fraction != 0 { putFraction(millionths: fraction * 15_625) }
      return
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
  }

  /// Writes `.` and up to six decimal digits of `millionths`, without trailing zeros.
  private mutating func putFraction(millionths: UInt) {
    put(UInt8(ascii: "."))
    var digits = millionths
    var length = 6
    while digits % 10 == 0 {
      digits /= 10
      length -= 1
    }
    putDigits(of: digits, count: length)
  }

  /// Writes a string in quotes, escaped as `JSONEncoder` escapes it.
  ///
  /// - Parameter value: The string.
  package mutating func write(_ value: String) {
    var value = value  // withUTF8 copies only a string that is not stored as UTF-8 already
    put(UInt8(ascii: "\""))
    value.withUTF8 { putEscaped($0) }
    put(UInt8(ascii: "\""))
  }

  /// Writes a string, or `null` for `nil`.
  ///
  /// - Parameter value: The string or `nil`.
  package mutating func write(_ value: String?) {
    if let value { write(value) } else { writeNull() }
  }

  /// Appends UTF-8 with runs of plain bytes copied whole and the rest escaped.
  private mutating func putEscaped(_ source: UnsafeBufferPointer<UInt8>) {
    var plainStart = 0
    for index in source.indices {
      let byte = source[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      put(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[plainStart..<index])))
      switch byte {
      case UInt8(ascii: "\""): put(#"\""#)
      case UInt8(ascii: "\\"): put(#"\\"#)
      case 0x08: put(#"\b"#)
      case 0x09: put(#"\t"#)
      case 0x0A: put(#"\n"#)
      case 0x0C: put(#"\f"#)
      case 0x0D: put(#"\r"#)
      default:
        put(#"\u00"#)
        let hexDigits: StaticString = "0123456789abcdef"
        hexDigits.withUTF8Buffer { hex in
          put(hex[Int(byte >> 4)])
          put(hex[Int(byte & 0xF)])
        }
      }
      plainStart = index + 1
    }
    put(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[plainStart...])))
  }
}

/// A value that writes its own JSON form with a ``JSONWriter``.
package protocol JSONWritable {
  /// Writes the value.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber`` for a number JSON cannot hold.
  func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber)
}
