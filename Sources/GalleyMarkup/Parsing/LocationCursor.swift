/// Turns UTF-8 offsets into ``MarkupLocation`` values by walking forward through the markup.
///
/// Requests come in increasing order during a scan, so all of them together cost one pass.
/// A request behind the cursor restarts it from the beginning.
struct LocationCursor {
  private(set) var location = MarkupLocation(utf16Offset: 0, utf8Offset: 0, line: 1, column: 1)

  mutating func advance(to utf8Offset: Int, in input: UnsafeBufferPointer<UInt8>) {
    if utf8Offset < location.utf8Offset {
      location = MarkupLocation(utf16Offset: 0, utf8Offset: 0, line: 1, column: 1)
    }
    var position = location.utf8Offset
    let end = min(utf8Offset, input.count)
    while position < end {
      let byte = input[position]
      if byte == UInt8(ascii: "\n") {
        location.line += 1
        location.column = 1
        location.utf16Offset += 1
      } else if byte & 0xC0 != 0x80 {
        location.column += 1
        location.utf16Offset += byte >= 0xF0 ? 2 : 1
      }
      position += 1
    }
    location.utf8Offset = position
  }
}
