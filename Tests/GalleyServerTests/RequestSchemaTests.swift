// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyJobs
import GalleyServerKit
import GalleyService
import GalleySupport
import Testing

/// The OpenAPI document's request schema accepts exactly what the service accepts: every field
/// of the `layout` and `render` tables is documented and nothing else, and for every field,
/// values at, just inside and just outside each documented bound, each enum member, a string
/// of each kind the fields take and a value of each wrong type get the same verdict from the
/// schema (``SchemaValidator``) as from ``GalleyService/PreparedRequest``.
///
/// Each value is tried alone in a request of its own (with the fields its schema's
/// `dependentSchemas` require), so rules between fields, which JSON Schema cannot state (the
/// width against the insets, increasing tab stops), stay out of it.
@Suite struct RequestSchemaTests {
  /// The document's schemas.
  let schemas: [String: JSONValue]
  /// The validator over them.
  let validator: SchemaValidator

  /// Loads the document the server serves.
  init() throws {
    let bytes = try #require(OpenAPIDocument.bytes)
    let document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    schemas = document.objectValue["components"]?.objectValue["schemas"]?.objectValue ?? [:]
    validator = SchemaValidator(schemas: schemas)
  }

  /// The request schema's properties, and those of its objects (their references followed).
  private func properties(_ group: String? = nil) -> [String: JSONValue] {
    let request = schemas["Request"]?.objectValue["properties"]?.objectValue ?? [:]
    guard let group else { return request }
    return validator.resolved(request[group]?.objectValue ?? [:])["properties"]?.objectValue
      ?? [:]
  }

  @Test func theTablesAndTheSchemaNameTheSameFields() {
    #expect(Set(properties("layout").keys) == Set(LayoutFields.table.names))
    #expect(Set(properties("render").keys) == Set(RenderFields.table.names))
  }

  @Test func theSchemasUseOnlyKeywordsTheCheckKnows() {
    var unknown = Set<String>()
    func walk(_ value: JSONValue, underProperties: Bool = false) {
      switch value {
      case .object(let object):
        for (key, member) in object {
          if !underProperties, !SchemaValidator.keywords.contains(key) { unknown.insert(key) }
          let namesFields = key == "properties" || key == "dependentSchemas"
          walk(member, underProperties: !underProperties && namesFields)
        }
      case .array(let items): for item in items { walk(item) }
      default: break
      }
    }
    for name in [
      "Request", "HitRequest", "Point", "ShadowOffset", "GradientPoint", "Defaults",
      "LayoutOptions", "RenderOptions", "FontTable", "ColorTable", "CheckSpec", "CheckLabel",
      "CheckBaseLabel", "CatalogFile", "CheckRequest",
    ] {
      walk(schemas[name] ?? .null)
    }
    #expect(unknown.isEmpty, "keywords the check does not read: \(unknown.sorted())")
  }

  @Test func hitRequestsRequireAtLeastOnePoint() {
    let hit = ["$ref": JSONValue.string("#/components/schemas/HitRequest")]
    let none: JSONValue = .object(["markup": .string("Hi")])
    let empty: JSONValue = .object(["markup": .string("Hi"), "points": .array([])])
    let one: JSONValue = .object([
      "markup": .string("Hi"), "points": .array([.object(["x": .number(1), "y": .number(2)])]),
    ])
    #expect(!validator.isValid(none, against: hit))
    #expect(!validator.isValid(empty, against: hit))
    #expect(validator.isValid(one, against: hit))
  }

  @Test(arguments: ["", "defaults", "layout", "render"])
  func theSchemaAndTheServiceAgreeOnEveryValue(group: String) throws {
    let fields = properties(group.isEmpty ? nil : group)
    try #require(!fields.isEmpty)
    let request = schemas["Request"]?.objectValue ?? [:]
    // The objects' fields are tried one by one in their own groups.
    let objects: Set = ["defaults", "layout", "render"]
    for (name, schema) in fields.sorted(by: { $0.key < $1.key })
    where !(group.isEmpty && objects.contains(name)) {
      for value in SchemaProbes.values(for: schema.objectValue, validator) {
        let body = requestBody(group: group, field: name, value: value)
        let documented = validator.isValid(body, against: request)
        let accepted = serviceAccepts(body)
        #expect(
          documented == accepted.isAccepted,
          """
          \(group.isEmpty ? name : "\(group).\(name)") = \(SchemaProbes.text(value)): \
          the schema says \(documented ? "valid" : "invalid"), the service \
          \(accepted.message ?? "accepts it")
          """)
      }
    }
  }

  @Test(arguments: ["layout", "render"])
  func everyEnumListsTheValuesTheServiceNames(group: String) {
    for (name, schema) in properties(group) {
      let members = SchemaProbes.enumMembers(schema.objectValue, validator)
      guard !members.isEmpty else { continue }
      let body = requestBody(group: group, field: name, value: .string("no-such-value"))
      let message = serviceAccepts(body).message ?? ""
      let listed = message.split(separator: "must be one of ").last.map {
        Set($0.split(separator: ", ").map(String.init))
      }
      #expect(listed == Set(members), "\(group).\(name): \(message)")
    }
  }

  /// `{"markup": "Hi", group: {field: value, …what the field needs}}`.
  private func requestBody(group: String, field: String, value: JSONValue) -> JSONValue {
    guard !group.isEmpty else {
      return .object(
        field == "markup" ? ["markup": value] : ["markup": .string("Hi"), field: value])
    }
    var object: [String: JSONValue] = [field: value]
    let needs =
      validator.resolved(properties()[group]?.objectValue ?? [:])["dependentSchemas"]?
      .objectValue[field]?.objectValue["required"]?.arrayValue ?? []
    for case .string(let needed) in needs {
      object[needed] = needed == "gradient" ? .string("red,blue") : .number(1)
    }
    return .object(["markup": .string("Hi"), group: .object(object)])
  }

  /// What the service says to a request: accepted, or the error's message.
  private func serviceAccepts(_ body: JSONValue) -> (isAccepted: Bool, message: String?) {
    do {
      let bytes = try JSONEncoder().encode(body)
      _ = try PreparedRequest(RequestDecoder.decode(Array(bytes)), limits: ServiceLimits())
      return (true, nil)
    } catch let error as RequestError {
      return (false, "refuses it: \(error)")
    } catch {
      return (false, "cannot encode it: \(error)")
    }
  }
}
#endif
