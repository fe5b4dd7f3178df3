import GalleySupport

/// Where each object key of a JSON text is, found in one pass: Foundation's JSON reader gives
/// no positions, and searching the text for each key would take time quadratic in the file.
///
/// A key is found by its path of object keys from the top (an array's items count as one
/// step, `[]`); the first key of a path wins.
struct JSONKeyPositions {
  /// The UTF-8 offset of each key's opening quote, by path.
  private var offsets: [String: Int] = [:]

  /// Joins path components; a control character no key of a catalog holds.
  private static let separator = "\u{1F}"

  /// Scans a JSON text (which Foundation has read, so it is well-formed).
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  init(_ bytes: [UInt8]) {
    var stack: [(isObject: Bool, path: String)] = []
    var lastKey: String?
    var expectsKey = false
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[index] == UInt8(ascii: "{")
        let child: String
        if let parent = stack.last {
          child = parent.path + Self.separator + (parent.isObject ? lastKey ?? "" : "[]")
        } else {
          child = ""
        }
        stack.append((isObject, child))
        expectsKey = isObject
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = stack.popLast()
        expectsKey = false
        index += 1
      case UInt8(ascii: ","):
        expectsKey = stack.last?.isObject ?? false
        index += 1
      case UInt8(ascii: ":"):
        expectsKey = false
        index += 1
      case UInt8(ascii: "\""):
        let end = JSONKeyOrder.stringEnd(bytes, from: index) ?? bytes.count
        if expectsKey, let parent = stack.last {
          let raw = bytes[index..<end]
          let key =
            JSONKeyOrder.text(ofString: raw)
            ?? String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
          let path = parent.path + Self.separator + key
          if offsets[path] == nil { offsets[path] = index }
          lastKey = key
        }
        index = end
      default:
        index += 1
      }
    }
  }

  /// The offset of the key at a path of keys from the top, or `nil`.
  ///
  /// - Parameter path: The keys, outermost first (`[]` for an array's items).
  /// - Returns: The offset of the last key's opening quote.
  func offset(of path: [String]) -> Int? {
    offsets[path.map { Self.separator + $0 }.joined()]
  }
}
