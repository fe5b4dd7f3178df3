// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleySupport

/// The values ``RequestSchemaTests`` tries on each field: each documented bound and the
/// numbers just inside and outside it, every enum member, strings of the documented lengths and
/// one longer, a fixed list of strings of every kind the fields take (colors, weights,
/// language tags, gradients, family names), and a value of every JSON type.
enum SchemaProbes {
  /// Strings of every kind the fields take, valid and not.
  static let strings = [
    "", " ", "\u{3000}", "\u{85}", "\u{FEFF}", "x", "Hi", "a b", "é", "\n", "a\nb", "a\u{2028}b",
    "red", "Red", "RED", "transparent", "Transparent", "nosuchcolor", "#abc", "#ABCD", "#abcde",
    "#aabbcc", "#AABBCCDD", "#aabbccdde", "#ggg", "#", "bold", "BOLD", "semi-bold", "Extra Bold",
    "_light_", "boldly", "-3", "3", "4", "-4", "+1", "99", "100", "1000", "1001", "0100", "en",
    "sr-Latn", "en_US", "en US", "de-", "red,blue", "red@0.5,#00F@1", "red,blue@1.0", "red,blue@.5",
    "red@1.5,blue", "red,,blue", "red,", "layout", "true", "false", "1", "0", "word", "center",
    "DejaVu Sans", "Sans %B", "%Q", "kern", "+kern", "-kern", "kern=0", "aalt=2",
    "\"liga\" 0, \"smcp\"", "kern on", "kern=off", "kerns", "kern1", "kern[3:5]",
    "kern=4294967296", "kern=4294967295", "normal", " n o r m a l ", ",", "liga,", "'liga'on",
    "\"lig\"", "liga=", "ss01 2", "- kern", "kern onx", "Normal", "liga=-1", "ss01,ss02 , -calt",
    "wght=550", "wght 550", "\"wght\" 550, opsz=20", "wght-10", "wght.5", "wght550", "wght=1e2",
    "wght=32768", "wght=-32768", "wght=-32768.5", "wght=32767.9999", "slnt=-10,wght=5.",
    "wght=", "wght",
  ]

  /// The values to try on a field.
  ///
  /// - Parameters:
  ///   - schema: The field's schema.
  ///   - validator: The validator, to follow references.
  /// - Returns: The values.
  static func values(for schema: [String: JSONValue], _ validator: SchemaValidator) -> [JSONValue] {
    var values: [JSONValue] = [
      .null, .bool(true), .bool(false), .array([]), .object([:]), .number(0), .number(1),
      .number(-1), .number(0.5), .number(1e300), .number(-1e300),
    ]
    values += strings.map(JSONValue.string)
    var seen = Set<String>()
    collect(schema, validator, into: &values, seen: &seen)
    return values
  }

  /// The enum members of a field's string schema (through `anyOf` and nullability).
  ///
  /// - Parameters:
  ///   - schema: The field's schema.
  ///   - validator: The validator, to follow references.
  /// - Returns: The members, or none when the field is not an enum.
  static func enumMembers(_ schema: [String: JSONValue], _ validator: SchemaValidator) -> [String] {
    let schema = validator.resolved(schema)
    let own = (schema["enum"]?.arrayValue ?? []).compactMap(\.string)
    let branches = schema["anyOf"]?.arrayValue ?? []
    return own + branches.flatMap { enumMembers($0.objectValue, validator) }
  }

  /// Adds the values a schema's own keywords call for, through references and branches.
  private static func collect(
    _ raw: [String: JSONValue], _ validator: SchemaValidator, into values: inout [JSONValue],
    seen: inout Set<String>
  ) {
    if let reference = raw["$ref"]?.string {
      guard seen.insert(reference).inserted else { return }
    }
    let schema = validator.resolved(raw)
    values += schema["enum"]?.arrayValue ?? []
    for key in ["minimum", "maximum", "exclusiveMinimum"] {
      guard case .number(let bound) = schema[key] else { continue }
      let step = max(1, abs(bound)) * 1e-6
      values += [bound, bound - step, bound + step, bound - 0.5, bound + 0.5, bound - 1, bound + 1]
        .map(JSONValue.number)
    }
    for key in ["minLength", "maxLength"] {
      guard let length = schema[key]?.integer else { continue }
      values += [length - 1, length, length + 1].filter { $0 >= 0 }.map {
        .string(String(repeating: "a", count: $0))
      }
    }
    for key in ["minItems", "maxItems"] {
      guard let count = schema[key]?.integer, case .object(let items) = schema["items"] else {
        continue
      }
      // Numbers increase, as tab stops must.
      let item = sample(items, validator)
      values += [count - 1, count, count + 1].filter { $0 >= 0 }.map { count in
        .array((0..<count).map { index in item.integer == nil ? item : .number(Double(index + 1)) })
      }
    }
    if case .object(let items) = schema["items"] {
      let itemValues = Self.values(for: items, validator)
      values += itemValues.map { .array([$0]) }
    }
    collectObjectValues(schema, validator, into: &values)
    for branch in schema["anyOf"]?.arrayValue ?? [] {
      collect(branch.objectValue, validator, into: &values, seen: &seen)
    }
  }

  /// Adds objects for an object schema: each property's values alone, an unknown key, and each
  /// required key missing.
  private static func collectObjectValues(
    _ schema: [String: JSONValue], _ validator: SchemaValidator, into values: inout [JSONValue]
  ) {
    guard case .object(let properties) = schema["properties"] else {
      if case .object(let extra) = schema["additionalProperties"] {
        let valid = sample(extra, validator)
        values += ["a", "ab", "", "é", "e\u{301}"].map { .object([$0: valid]) }
        values += [.object(["a": .string("x")]), .object(["a": .number(1e300)])]
      }
      return
    }
    var complete: [String: JSONValue] = [:]
    for (key, property) in properties { complete[key] = sample(property.objectValue, validator) }
    values.append(.object(complete))
    for key in properties.keys {
      var missing = complete
      missing[key] = nil
      values.append(.object(missing))
    }
    var extra = complete
    extra["unknown"] = .number(1)
    values.append(.object(extra))
    for (key, property) in properties {
      for value in Self.values(for: property.objectValue, validator) {
        var object = complete
        object[key] = value
        values.append(.object(object))
      }
    }
  }

  /// A value the schema takes, to fill the fields that are not being tried.
  private static func sample(_ raw: [String: JSONValue], _ validator: SchemaValidator) -> JSONValue
  {
    let candidates: [JSONValue] =
      [.number(1), .number(0), .string("red"), .string("Hi"), .bool(true)]
      + (validator.resolved(raw)["enum"]?.arrayValue ?? [])
      + [.object(["x": .number(0.5), "y": .number(1)])]
    return candidates.first { validator.isValid($0, against: raw) } ?? .null
  }

  /// A value as JSON text, shortened for messages.
  ///
  /// - Parameter value: The value.
  /// - Returns: The text.
  static func text(_ value: JSONValue) -> String {
    let data = (try? JSONEncoder().encode(value)) ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    return text.count > 120 ? String(text.prefix(120)) + "… (\(text.count) characters)" : text
  }
}
#endif
