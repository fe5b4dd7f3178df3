#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON document as a tree that keeps booleans, numbers and strings apart.
///
/// `JSONSerialization` on Linux reads `1` as something that also passes `is Bool`, and `true`
/// as something that passes `as? Int`; a schema check needs the difference.
enum JSONTree: Decodable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONTree].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONTree].self))
    }
  }

  /// The value as an integer, when it is a number with no fraction.
  var integer: Int? {
    guard case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 else {
      return nil
    }
    return Int(value)
  }

  /// The value as a string, when it is one.
  var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }
}
