// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleySupport

/// The part of JSON Schema 2020-12 that the OpenAPI document's request schemas use, enough to
/// say whether a value is valid: `$ref`, `type` (one or several), `enum`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `minLength`, `maxLength` (in code points), `pattern`,
/// `anyOf`, `allOf`, `not`, `properties`, `additionalProperties`, `required`,
/// `dependentSchemas`, `propertyNames`, `minProperties`, `maxProperties`, `items`, `minItems`
/// and `maxItems`.
///
/// A keyword it does not know is a test failure, so the document cannot outgrow it unseen.
struct SchemaValidator {
  /// The OpenAPI document's `components.schemas`.
  let schemas: [String: JSONValue]

  /// The keywords ``isValid(_:against:)`` reads, and those that only describe.
  static let keywords: Set<String> = [
    "$ref", "type", "enum", "minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength",
    "pattern", "anyOf", "allOf", "properties", "additionalProperties", "required",
    "dependentSchemas", "propertyNames", "minProperties", "maxProperties", "items", "minItems",
    "maxItems", "not",
    "description",
  ]

  /// The schema a `$ref` names, or the schema itself.
  ///
  /// - Parameter schema: A schema.
  /// - Returns: The schema with its reference followed.
  func resolved(_ schema: [String: JSONValue]) -> [String: JSONValue] {
    guard let reference = schema["$ref"]?.string else { return schema }
    let name = String(reference.split(separator: "/").last ?? "")
    guard case .object(let target) = schemas[name] else { return [:] }
    return resolved(target)
  }

  /// Whether a value is valid against a schema.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - schema: The schema.
  /// - Returns: `true` when every keyword holds.
  func isValid(_ value: JSONValue, against schema: [String: JSONValue]) -> Bool {
    let schema = resolved(schema)
    if case .array(let branches) = schema["anyOf"],
      !branches.contains(where: { isValid(value, against: $0.objectValue) })
    {
      return false
    }
    if case .array(let parts) = schema["allOf"],
      !parts.allSatisfy({ isValid(value, against: $0.objectValue) })
    {
      return false
    }
    if case .object(let negated) = schema["not"], isValid(value, against: negated) { return false }
    if case .array(let members) = schema["enum"], !members.contains(value) { return false }
    guard hasType(value, schema["type"]) else { return false }
    switch value {
    case .number(let number): return numberIsValid(number, schema)
    case .string(let string): return stringIsValid(string, schema)
    case .array(let items): return arrayIsValid(items, schema)
    case .object(let object): return objectIsValid(object, schema)
    case .null, .bool: return true
    }
  }

  /// Whether a value has one of the types `type` names (any type when it names none).
  private func hasType(_ value: JSONValue, _ type: JSONValue?) -> Bool {
    let names: [String]
    switch type {
    case nil: return true
    case .string(let name): names = [name]
    case .array(let list): names = list.compactMap(\.string)
    default: return false
    }
    return names.contains { name in
      switch (name, value) {
      case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
        ("array", .array), ("object", .object):
        true
      case ("integer", .number(let number)): number.rounded() == number
      default: false
      }
    }
  }

  /// The numeric keywords.
  private func numberIsValid(_ number: Double, _ schema: [String: JSONValue]) -> Bool {
    if case .number(let minimum) = schema["minimum"], !(number >= minimum) { return false }
    if case .number(let maximum) = schema["maximum"], !(number <= maximum) { return false }
    if case .number(let floor) = schema["exclusiveMinimum"], !(number > floor) { return false }
    return true
  }

  /// The string keywords; lengths count code points, as JSON Schema's do.
  private func stringIsValid(_ string: String, _ schema: [String: JSONValue]) -> Bool {
    let length = string.unicodeScalars.count
    if case .number(let minimum) = schema["minLength"], Double(length) < minimum { return false }
    if case .number(let maximum) = schema["maxLength"], Double(length) > maximum { return false }
    guard case .string(let pattern) = schema["pattern"] else { return true }
    // ECMA-262's `$` (JSON Schema's) matches only at the end; ICU's also before a final newline.
    let ecma = pattern.hasSuffix("$") ? pattern.dropLast() + "\\z" : pattern
    guard let expression = try? NSRegularExpression(pattern: String(ecma)) else { return false }
    let range = NSRange(string.startIndex..., in: string)
    return expression.firstMatch(in: string, range: range) != nil
  }

  /// The array keywords.
  private func arrayIsValid(_ items: [JSONValue], _ schema: [String: JSONValue]) -> Bool {
    if case .number(let minimum) = schema["minItems"], Double(items.count) < minimum {
      return false
    }
    if case .number(let maximum) = schema["maxItems"], Double(items.count) > maximum {
      return false
    }
    guard case .object(let itemSchema) = schema["items"] else { return true }
    return items.allSatisfy { isValid($0, against: itemSchema) }
  }

  /// The object keywords.
  private func objectIsValid(_ object: [String: JSONValue], _ schema: [String: JSONValue]) -> Bool {
    let properties = schema["properties"]?.objectValue ?? [:]
    for case .string(let key) in schema["required"]?.arrayValue ?? [] where object[key] == nil {
      return false
    }
    if case .number(let minimum) = schema["minProperties"], Double(object.count) < minimum {
      return false
    }
    if case .number(let maximum) = schema["maxProperties"], Double(object.count) > maximum {
      return false
    }
    for (key, dependent) in schema["dependentSchemas"]?.objectValue ?? [:]
    where object[key] != nil && !isValid(.object(object), against: dependent.objectValue) {
      return false
    }
    for (key, member) in object {
      if case .object(let names) = schema["propertyNames"],
        !isValid(.string(key), against: names)
      {
        return false
      }
      if case .object(let property) = properties[key] {
        guard isValid(member, against: property) else { return false }
      } else {
        switch schema["additionalProperties"] {
        case .bool(false): return false
        case .object(let extra): guard isValid(member, against: extra) else { return false }
        default: continue
        }
      }
    }
    return true
  }
}

extension JSONValue {
  /// The object's members, or `[:]` for any other value.
  var objectValue: [String: JSONValue] {
    if case .object(let object) = self { return object }
    return [:]
  }

  /// The array's items, or `nil` for any other value.
  var arrayValue: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }
}
#endif
