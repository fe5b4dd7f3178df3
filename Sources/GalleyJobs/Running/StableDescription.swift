/// A description of a value that is the same in every process for equal values: what a disk
/// cache key is made of when the value has no stable encoding of its own.
///
/// Read by reflection: structs, tuples and collections by their parts in order, enums by their
/// case and payload, dictionaries and sets sorted by their members' descriptions (their order
/// changes from one process to the next), numbers, strings and other leaves by
/// `String(reflecting:)`. A class instance or a function has no such description (an object's
/// identity and a closure's behaviour are not in their reflection), and neither does a value
/// nested deeper than ``maximumDepth``.
package enum StableDescription {
  /// The deepest nesting described.
  package static let maximumDepth = 64

  /// The description of a value, or `nil` when it holds a class instance or a function.
  ///
  /// - Parameter value: The value.
  /// - Returns: The description.
  package static func of(_ value: Any) -> String? {
    describe(value, depth: 0)
  }

  private static func describe(_ value: Any, depth: Int) -> String? {
    guard depth <= maximumDepth else { return nil }
    if let leaf = leafDescription(value) { return leaf }
    let mirror = Mirror(reflecting: value)
    let type = String(reflecting: Swift.type(of: value))
    switch mirror.displayStyle {
    case .class, .foreignReference: return nil
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return describe(wrapped.value, depth: depth + 1).map { "some(\($0))" }
    case .enum:
      guard let payload = mirror.children.first else { return String(reflecting: value) }
      return describe(payload.value, depth: depth + 1).map {
        "\(type).\(payload.label ?? "")(\($0))"
      }
    case .dictionary, .set:
      return parts(mirror, depth: depth)?.sorted().joined(separator: ", ").wrapped(type)
    case .struct, .tuple, .collection:
      return parts(mirror, depth: depth)?.joined(separator: ", ").wrapped(type)
    default:
      // A function has no display style and no children, as a number or a string has.
      guard !type.contains(" -> ") else { return nil }
      return String(reflecting: value)
    }
  }

  /// The description of the commonest leaves, found by casts to their concrete types, which
  /// cost far less than reflection's protocol lookups; `nil` for anything else.
  private static func leafDescription(_ value: Any) -> String? {
    switch value {
    case let string as String: string.debugDescription
    case let number as Double: number.description
    case let number as Int: number.description
    case let flag as Bool: flag.description
    case let number as UInt8: number.description
    case let number as UInt64: number.description
    case let number as Int32: number.description
    case let character as Character: character.debugDescription
    default: nil
    }
  }

  /// The children's descriptions, labelled, or `nil` when one has none.
  private static func parts(_ mirror: Mirror, depth: Int) -> [String]? {
    var parts: [String] = []
    for child in mirror.children {
      guard let part = describe(child.value, depth: depth + 1) else { return nil }
      parts.append(child.label.map { "\($0): \(part)" } ?? part)
    }
    return parts
  }
}

extension String {
  /// `TYPE(self)`.
  fileprivate func wrapped(_ type: String) -> String { "\(type)(\(self))" }
}
