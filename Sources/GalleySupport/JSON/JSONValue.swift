/// Any JSON value, with booleans, numbers and strings kept apart, written once for the package:
/// font set definitions are checked against their schema with it (`JSONSerialization` on
/// Linux reads `1` as something that also passes `is Bool`), the HTTP service holds a
/// request's `layout` and `render` objects in it before reading their fields (encoded with
/// sorted keys, it is the canonical form the render cache hashes), and the benchmarks write
/// their reports with it.
package enum JSONValue: Codable, Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is none of the six kinds.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors (a number that is not finite).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value as an integer, when it is a number with no fraction.
  package var integer: Int? {
    guard case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 else {
      return nil
    }
    return Int(value)
  }

  /// The value as a string, when it is one.
  package var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// The kind of value, as messages name it: `a number`, `a string`, ….
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
