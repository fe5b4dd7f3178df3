#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let end = Self.stringEnd(bytes, from: index)
        if expectsKey, let parent = stack.last {
          let key = Self.decode(bytes[index..<end])
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

  /// The index after the string that starts at `start`.
  private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var position = start + 1
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\\"): position += 2
      case UInt8(ascii: "\""): return position + 1
      default: position += 1
      }
    }
    return bytes.count
  }

  /// A key's text, its escapes decoded.
  private static func decode(_ raw: ArraySlice<UInt8>) -> String {
    guard raw.contains(UInt8(ascii: "\\")) else {
      return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
    }
    return (try? JSONDecoder().decode(String.self, from: Data(raw)))
      ?? String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
  }
}
