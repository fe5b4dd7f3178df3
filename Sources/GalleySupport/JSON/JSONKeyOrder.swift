#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keys of a JSON object in the order they are written, which `JSONDecoder` does not
/// keep: for options whose order means something, such as the frames of a sprite sheet.
package enum JSONKeyOrder {
  /// The keys of the object at a path of keys from the top-level object, in order.
  ///
  /// Call it on JSON that decoded: anything malformed ends the scan with `nil`.
  ///
  /// - Parameters:
  ///   - path: The keys leading to the object (empty for the top-level object).
  ///   - bytes: The JSON text.
  /// - Returns: The keys, or `nil` when the path does not lead to an object.
  package static func keys(at path: [String], in bytes: [UInt8]) -> [String]? {
    var scanner = Scanner(bytes: bytes)
    var remaining = path[...]
    while true {
      scanner.skipSpace()
      guard scanner.take(UInt8(ascii: "{")) else { return nil }
      guard let wanted = remaining.popFirst() else { return scanner.objectKeys() }
      guard scanner.enterValue(ofKey: wanted) else { return nil }
    }
  }

  /// The index after the JSON string whose opening quote is at `start`, or `nil` when it is
  /// not closed.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text.
  ///   - start: The offset of the opening quote.
  /// - Returns: The offset after the closing quote.
  package static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var position = start + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""): return position + 1
      default: position += 1
      }
    }
    return nil
  }

  /// A JSON string's text (quotes included in `raw`), its escapes decoded; `nil` when it does
  /// not decode.
  package static func text(ofString raw: ArraySlice<UInt8>) -> String? {
    if !raw.contains(UInt8(ascii: "\\")) {
      return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
    }
    return try? JSONDecoder().decode(String.self, from: Data(raw))
  }

  /// A cursor over JSON text.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// The keys of the object whose `{` was just read, to its `}`.
    mutating func objectKeys() -> [String]? {
      var keys: [String] = []
      while let key = nextKey() {
        keys.append(key)
        guard skipValue() else { return nil }
      }
      skipSpace()
      return take(UInt8(ascii: "}")) ? keys : nil
    }

    /// Moves to the value of `key` in the object whose `{` was just read.
    mutating func enterValue(ofKey wanted: String) -> Bool {
      while let key = nextKey() {
        if key == wanted { return true }
        guard skipValue() else { return false }
      }
      return false
    }

    /// The next member's key and its colon, or `nil` at the object's end.
    private mutating func nextKey() -> String? {
      skipSpace()
      _ = take(UInt8(ascii: ","))
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let end = stringEnd()
      else { return nil }
      let raw = bytes[index..<end]
      index = end
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      return JSONKeyOrder.text(ofString: raw)
    }

    /// The index after the string that starts at ``index``, or `nil`.
    private func stringEnd() -> Int? { JSONKeyOrder.stringEnd(bytes, from: index) }

    /// Skips one value (nested ones included, without recursion).
    private mutating func skipValue() -> Bool {
      skipSpace()
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard let end = stringEnd() else { return false }
          index = end
          if depth == 0 { return true }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 { return true }
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        case UInt8(ascii: ","):
          if depth == 0 { return true }
        default: break
        }
        index += 1
      }
      return depth == 0
    }
  }
}
