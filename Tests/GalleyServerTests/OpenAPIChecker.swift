// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import HTTPTypes
import HummingbirdTesting
import Testing

/// Checks real responses against the committed OpenAPI document: the status is documented
/// for the operation, the content type is one the response lists, and JSON bodies have every
/// required key of their schema (through `$ref`, `allOf` and array items).
struct OpenAPIChecker {
  /// The document.
  let document: [String: Any]

  /// Loads the document the server serves.
  init() throws {
    let bytes = try #require(OpenAPIDocument.bytes)
    document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// Checks one response.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - path: The documented path, such as `/v1/layout`.
  ///   - method: `get` or `post`.
  ///   - sourceLocation: Where failures are reported.
  /// - Throws: When the document or the body cannot be read.
  func check(
    _ response: TestResponse, path: String, method: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let paths = try #require(document["paths"] as? [String: Any], sourceLocation: sourceLocation)
    let operation = try #require(
      (paths[path] as? [String: Any])?[method] as? [String: Any],
      "\(method) \(path) is not documented", sourceLocation: sourceLocation)
    let responses = try #require(operation["responses"] as? [String: Any])
    let status = String(response.status.code)
    let documented = try #require(
      responses[status] as? [String: Any], "\(method) \(path) does not document \(status)",
      sourceLocation: sourceLocation)
    guard let content = documented["content"] as? [String: Any] else {
      #expect(response.body.readableBytes == 0, sourceLocation: sourceLocation)
      return
    }
    let type = String(
      (response.headers[.contentType] ?? "").split(separator: ";").first ?? "")
    let media = try #require(
      content[type] as? [String: Any], "\(path) \(status) does not list \(type)",
      sourceLocation: sourceLocation)
    guard type == "application/json", let schema = media["schema"] as? [String: Any] else {
      return
    }
    let body = try JSONSerialization.jsonObject(
      with: Data(Array(buffer: response.body)), options: [.fragmentsAllowed])
    for problem in problems(body, schema, at: "body") {
      Issue.record("\(method) \(path) \(status): \(problem)", sourceLocation: sourceLocation)
    }
  }

  /// The schema a `$ref` names.
  private func resolve(_ schema: [String: Any]) -> [String: Any] {
    guard let reference = schema["$ref"] as? String else { return schema }
    let name = reference.split(separator: "/").last.map(String.init) ?? ""
    let components = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
    return resolve(components?[name] as? [String: Any] ?? [:])
  }

  /// What the value lacks for the schema: missing required keys, wrong container kinds.
  private func problems(_ value: Any, _ raw: [String: Any], at path: String) -> [String] {
    let schema = resolve(raw)
    var found: [String] = []
    for part in schema["allOf"] as? [[String: Any]] ?? [] {
      found += problems(value, part, at: path)
    }
    switch schema["type"] as? String {
    case "object":
      guard let object = value as? [String: Any] else {
        return found + ["\(path) is not an object"]
      }
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path) lacks the required key '\(key)'")
      }
      for (key, property) in schema["properties"] as? [String: [String: Any]] ?? [:] {
        if let member = object[key], !(member is NSNull) {
          found += problems(member, property, at: "\(path).\(key)")
        }
      }
    case "array":
      guard let array = value as? [Any] else { return found + ["\(path) is not an array"] }
      if let items = schema["items"] as? [String: Any] {
        for (index, item) in array.enumerated() {
          found += problems(item, items, at: "\(path)[\(index)]")
        }
      }
    default: break
    }
    return found
  }
}
#endif
