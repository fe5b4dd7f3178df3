import GalleySupport

/// The fields of one request object (`layout` or `render`), applied in order to the options
/// they set, with the library's own check after each one.
///
/// The check (such as `LayoutOptions.problem`) runs after every field given, so the first
/// field that makes the options invalid is the one the error names: `layout.width: width must
/// be above 0 …`. A field given as `null` keeps its default; an unknown field is an error.
package struct FieldTable<Target>: Sendable {
  /// The object's name in the request, such as `layout`.
  package let group: String
  /// The fields, in the order they are applied.
  package let fields: [RequestField<Target>]
  /// Describes the first invalid value of the target, or returns `nil`.
  let problem: @Sendable (Target) -> String?

  /// Creates a table.
  ///
  /// - Parameters:
  ///   - group: The object's name in the request.
  ///   - fields: The fields, in the order they are applied.
  ///   - problem: The target's own check.
  package init(
    group: String, fields: [RequestField<Target>],
    problem: @escaping @Sendable (Target) -> String?
  ) {
    self.group = group
    self.fields = fields
    self.problem = problem
  }

  /// The JSON names of the fields.
  package var names: [String] { fields.map(\.name) }

  /// Applies an object's fields to a target.
  ///
  /// - Parameters:
  ///   - object: The request's object.
  ///   - target: The options to change, holding the defaults.
  /// - Throws: ``RequestError`` naming the first unknown or invalid field.
  package func apply(_ object: [String: JSONValue], to target: inout Target) throws(RequestError) {
    var applied = 0
    for field in fields {
      guard let value = object[field.name] else { continue }
      applied += 1
      if case .null = value { continue }
      let path = "\(group).\(field.name)"
      do {
        try field.apply(value, &target)
      } catch {
        throw RequestError(field: path, error.message)
      }
      if let problem = problem(target) { throw RequestError(field: path, problem) }
    }
    guard applied < object.count else { return }
    let known = Set(names)
    let unknown = object.keys.filter { !known.contains($0) }.sorted()
    throw RequestError(field: "\(group).\(unknown.first ?? "")", "unknown field")
  }
}
