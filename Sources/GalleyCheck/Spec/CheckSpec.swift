import GalleyJobs
import GalleyService
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `galley check` checks strings against: a JSON document of labels, each holding keys
/// (exact or globs) and the box, fonts and options their strings are laid out with.
///
/// ```json
/// {"version": 1,
///  "label": {"defaults": {"fontDescription": "Inter 15"}, "samples": {"%@": "Alexandra"}},
///  "labels": [
///    {"keys": ["onboarding.*"], "layout": {"width": 240, "maxLines": 2, "minScale": 0.85}},
///    {"keys": "buy_button", "layout": {"width": 120, "maxLines": 1}, "truncates": false}]}
/// ```
///
/// `label` holds fields every label starts from (`layout` and `defaults` merged field by
/// field); a key takes the first label that holds it; `$schema` (a string, for editors) is
/// ignored. See docs/cli.md for every field.
package struct CheckSpec: Sendable {
  /// The labels, in the spec's order.
  package var labels: [PreparedLabel]
  /// The base label (`label`, holding every key): the formatter and samples of keys that no
  /// label holds, which are checked for markup and structure alone.
  package var base: PreparedLabel

  /// The spec's version: 1.
  package static let version = 1

  /// A label whose request fields are checked and turned into a job.
  package struct PreparedLabel: Sendable {
    /// The label as the spec gives it.
    package var spec: LabelSpec
    /// The job its strings run in: formatter, layout and render options (the markup is set
    /// per string).
    package var request: PreparedRequest
  }

  /// Reads a spec.
  ///
  /// - Parameter bytes: The spec's JSON.
  /// - Throws: ``RequestError`` naming the first field that cannot be used (`labels[2].keys`).
  package init(json bytes: [UInt8]) throws(RequestError) {
    try JSONKeyScanner.check(bytes)
    let root: [String: JSONValue]
    do {
      // A field given as null keeps its default, as in requests.
      root = try JSONDecoder().decode([String: JSONValue].self, from: Data(bytes))
        .filter { $0.value != .null }
    } catch {
      throw RequestError(field: "", "the spec is not a JSON object")
    }
    for key in root.keys.sorted()
    where !["$schema", "version", "label", "labels", "samples"].contains(key) {
      throw RequestError(field: key, "unknown field")
    }
    switch root["$schema"] {
    case nil, .string?: break
    default: throw RequestError(field: "$schema", "must be a string")
    }
    if let version = root["version"], version != .number(Double(Self.version)) {
      throw RequestError(field: "version", "must be \(Self.version)")
    }
    var base: [String: JSONValue] = [:]
    if let value = root["label"] {
      guard case .object(let given) = value else {
        throw RequestError(field: "label", "must be an object of label fields")
      }
      let object = given.filter { $0.value != .null }
      guard object["keys"] == nil else {
        throw RequestError(field: "label.keys", "the base label holds no keys of its own")
      }
      base = object
    }
    if let samples = root["samples"] {
      base["samples"] = .object(
        try LabelSpec.samples(samples, field: "samples").mapValues { .string($0) }
          .merging(
            try LabelSpec.samples(base["samples"], field: "label.samples").mapValues {
              .string($0)
            }
          ) { $1 })
    }
    var baseObject = base
    baseObject["keys"] = .string("*")
    let baseSpec = try LabelSpec(baseObject, base: [:], path: "label")
    do {
      self.base = PreparedLabel(
        spec: baseSpec, request: try PreparedRequest(baseSpec.request, limits: Self.limits))
    } catch {
      throw error.below("label")
    }
    guard case .array(let items)? = root["labels"] else {
      throw RequestError(field: "labels", "is required: an array of labels")
    }
    labels = []
    for (index, item) in items.enumerated() {
      let path = "labels[\(index)]"
      guard case .object(let object) = item else {
        throw RequestError(field: path, "must be an object")
      }
      let spec = try LabelSpec(object, base: base, path: path)
      let prepared: PreparedRequest
      do {
        prepared = try PreparedRequest(spec.request, limits: Self.limits)
      } catch {
        throw error.below(path)
      }
      labels.append(PreparedLabel(spec: spec, request: prepared))
    }
  }

  /// The first label that holds a key, or `nil`.
  ///
  /// - Parameter key: The key.
  /// - Returns: The label.
  package func label(for key: String) -> PreparedLabel? {
    labels.first { $0.spec.holds(key) }
  }

  /// The bounds on a label's strings: the service's, with a longer string allowed (a
  /// catalog's string is the app's own).
  static let limits: ServiceLimits = {
    var limits = ServiceLimits()
    limits.maximumMarkupBytes = 1 << 20
    return limits
  }()
}
