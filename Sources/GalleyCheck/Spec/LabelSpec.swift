import GalleyJobs
import GalleyService
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One label of a spec: the keys it holds and the box, fonts and options they are laid out
/// with, in the service's request fields (`fonts`, `colors`, `defaults`, `layout`, `render`),
/// and what the check allows.
package struct LabelSpec: Sendable {
  /// The keys (exact or globs) whose strings this label shows.
  package var keys: [KeyPattern]
  /// The request fields: the formatter, layout and render options (its `markup` is a
  /// string's).
  package var request: ServiceRequest
  /// Sample values by placeholder token: the longest value the app passes.
  package var samples: [String: String]
  /// Whether the label may truncate its text (`truncates`: `false` by default, so a string
  /// that does not fit fails).
  package var truncates: Bool
  /// Where the spec defines the label (`labels[2]`), for messages.
  package var path: String

  /// Whether the label holds a key.
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether one of its patterns matches.
  package func holds(_ key: String) -> Bool { keys.contains { $0.matches(key) } }

  /// The fields a label has beyond a request's.
  static let checkFields: Set<String> = ["keys", "samples", "truncates"]
  /// The request fields a label may set.
  static let requestFields: Set<String> = ["fonts", "colors", "defaults", "layout", "render"]

  /// Reads a label from its object, over the spec's base label.
  ///
  /// - Parameters:
  ///   - given: The label's object.
  ///   - base: The spec's `label` object, or empty.
  ///   - path: Where the label is, such as `labels[2]`.
  /// - Throws: ``RequestError`` naming the first field that cannot be used.
  init(_ given: [String: JSONValue], base: [String: JSONValue], path: String)
    throws(RequestError)
  {
    // A field given as null keeps its default, as in requests.
    let object = given.filter { $0.value != .null }
    self.path = path
    for key in object.keys.sorted()
    where !Self.checkFields.contains(key) && !Self.requestFields.contains(key) {
      throw RequestError(field: "\(path).\(key)", "unknown field")
    }
    guard let keysValue = object["keys"] else {
      throw RequestError(field: "\(path).keys", "is required: the keys (or globs) the label holds")
    }
    keys = try Self.strings(keysValue, field: "\(path).keys").map(KeyPattern.init)
    guard !keys.isEmpty else {
      throw RequestError(field: "\(path).keys", "must name at least one key")
    }
    samples = try Self.samples(base["samples"], field: "label.samples")
      .merging(try Self.samples(object["samples"], field: "\(path).samples")) { $1 }
    switch object["truncates"] ?? base["truncates"] ?? .bool(false) {
    case .bool(let value): truncates = value
    default: throw RequestError(field: "\(path).truncates", "must be true or false")
    }
    var fields: [String: JSONValue] = ["markup": .string("")]
    for name in Self.requestFields {
      fields[name] = Self.merge(base[name], object[name])
    }
    request = try Self.request(fields, path: path)
  }

  /// A label's own object over the base's: objects merged one level deep (`layout`,
  /// `defaults`), anything else replaced.
  private static func merge(_ base: JSONValue?, _ own: JSONValue?) -> JSONValue? {
    guard case .object(let baseObject)? = base, case .object(let ownObject)? = own else {
      return own ?? base
    }
    return .object(baseObject.merging(ownObject) { $1 })
  }

  /// Decodes the request fields as the service does, naming a bad field below the label.
  private static func request(_ fields: [String: JSONValue], path: String) throws(RequestError)
    -> ServiceRequest
  {
    let body: [UInt8]
    do {
      body = Array(try JSONEncoder().encode(JSONValue.object(fields)))
    } catch {
      throw RequestError(field: path, "cannot be encoded: \(error)")
    }
    do {
      return try RequestDecoder.decode(body)
    } catch {
      throw error.below(path)
    }
  }

  /// One string or an array of strings.
  static func strings(_ value: JSONValue, field: String) throws(RequestError) -> [String] {
    switch value {
    case .string(let string): return [string]
    case .array(let items):
      var strings: [String] = []
      for (index, item) in items.enumerated() {
        guard case .string(let string) = item else {
          throw RequestError(field: "\(field)[\(index)]", "must be a string")
        }
        strings.append(string)
      }
      return strings
    default: throw RequestError(field: field, "must be a string or an array of strings")
    }
  }

  /// An object of sample values.
  static func samples(_ value: JSONValue?, field: String) throws(RequestError) -> [String: String] {
    guard let value else { return [:] }
    guard case .object(let object) = value else {
      throw RequestError(field: field, "must be an object from placeholder to sample value")
    }
    var samples: [String: String] = [:]
    for (token, sample) in object {
      guard case .string(let string) = sample else {
        throw RequestError(field: "\(field).\(token)", "must be a string")
      }
      guard !token.isEmpty else {
        throw RequestError(field: field, "a placeholder token must not be empty")
      }
      samples[token] = string
    }
    return samples
  }
}

extension RequestError {
  /// The error with its field below a spec's path: `labels[2].layout.width`.
  func below(_ path: String) -> RequestError {
    RequestError(field: field.isEmpty ? path : "\(path).\(field)", message)
  }
}
