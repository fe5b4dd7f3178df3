// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyCheck
import GalleyServerKit
import GalleySupport
import GalleyTestSupport
import Testing

@testable import GalleyCheckCLI

/// `POST /v1/check`: the report `galley check --json` prints for the same files, and errors
/// that name the field.
@Suite struct CheckEndpointTests {
  static let spec = """
    {"label": {"defaults": {"family": "DejaVu Sans", "size": 15}, "samples": {"%@": "Alexandra"}},
     "labels": [{"keys": "*", "layout": {"width": 120, "maxLines": 1}}]}
    """
  static let files = [
    (
      "values/strings.xml",
      #"<resources><string name="hi">Hello, %1$@!</string><string name="off">Save</string></resources>"#
    ),
    (
      "values-de/strings.xml",
      #"<resources><string name="hi">Hallo, %1$@! Schön, dass du da bist</string><string name="off">50% sparen</string></resources>"#
    ),
  ]

  /// The request body for the files.
  static func body(pseudo: Bool = false) throws -> String {
    let catalogs = files.map { ["path": $0.0, "content": $0.1] }
    let spec = try JSONSerialization.jsonObject(with: Data(Self.spec.utf8))
    let object: [String: Any] = ["spec": spec, "catalogs": catalogs, "pseudo": pseudo]
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  @Test func theReportIsTheCommandLines() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-check-endpoint-\(UUID().uuidString)")
    for (path, content) in Self.files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(content.utf8).write(to: url)
    }
    let spec = folder.appendingPathComponent("spec.json")
    try Data(Self.spec.utf8).write(to: spec)
    let command = try CheckCommand.parse(
      [
        "--spec", spec.path, "--json", "-", "--pseudo", "--fontconfig",
        try HermeticFonts.configurationFile(),
      ] + Self.files.map { folder.appendingPathComponent($0.0).path })
    let outcome = command.execute()
    #expect(outcome.status == 1)
    let expected = outcome.standardOutput.replacingOccurrences(of: folder.path + "/", with: "")
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/check", try Self.body(pseudo: true))
      #expect(response.status == .ok)
      #expect(response.text == expected)
      try OpenAPIChecker().check(response, path: "/v1/check", method: "post")
    }
  }

  @Test(arguments: [
    (#"{"catalogs": [{"path": "de.json", "content": "{}"}]}"#, "spec"),
    (
      #"{"spec": {"labels": [{"keys": 1}]}, "catalogs": [{"path": "de.json", "content": "{}"}]}"#,
      "spec.labels[0].keys"
    ),
    (#"{"spec": {"labels": []}, "catalogs": []}"#, "catalogs"),
    (
      #"{"spec": {"labels": []}, "catalogs": [{"path": "notes.txt", "content": ""}]}"#,
      "catalogs[0].path"
    ),
    (#"{"spec": {"labels": []}, "catalogs": [{"path": "de.json"}]}"#, "catalogs[0]"),
    (
      #"{"spec": {"labels": []}, "catalogs": [{"path": "de.json", "base64": "%%%"}]}"#,
      "catalogs[0].base64"
    ),
    (
      #"{"spec": {"labels": []}, "catalogs": [{"path": "de.json", "content": "{}"}], "sourceLocale": "!"}"#,
      "sourceLocale"
    ),
    (
      #"{"spec": {"labels": []}, "catalogs": [{"path": "de.json", "content": "{}"}], "extra": 1}"#,
      "extra"
    ),
  ])
  func errorsNameTheField(body: String, field: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/check", body)
      #expect(response.status == .badRequest)
      #expect(try response.errorDetail()["field"] as? String == field, "\(response.text)")
      try OpenAPIChecker().check(response, path: "/v1/check", method: "post")
    }
  }

  @Test func aCatalogThatDoesNotReadIs422() async throws {
    let body = #"""
      {"spec": {"labels": [], "version": null, "label": null},
       "catalogs": [{"path": "en.json", "content": "{}"}, {"path": "de/x.po", "content": "msgid \"a\"\nmsgstr b"}]}
      """#
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/check", body)
      #expect(response.status == .unprocessableContent)
      let detail = try response.errorDetail()
      #expect(detail["kind"] as? String == "invalidCatalog")
      #expect(detail["field"] as? String == "catalogs[1]")
      #expect(detail["line"] as? Int == 2)
      try OpenAPIChecker().check(response, path: "/v1/check", method: "post")
    }
  }

  /// Bytes that are not UTF-8 in an XML name (Foundation's parser traps on them) are a
  /// catalog that does not read.
  @Test func xmlThatIsNotUTF8Is422() async throws {
    let bytes =
      Array("<resources><str".utf8) + [0xCA] + Array("ng name=\"a\">x</string></resources>".utf8)
    let body = """
      {"spec": {"labels": []},
       "catalogs": [{"path": "values/strings.xml", "base64": "\(Data(bytes).base64EncodedString())"}]}
      """
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/check", body)
      #expect(response.status == .unprocessableContent)
      #expect(try response.errorDetail()["kind"] as? String == "invalidCatalog")
    }
  }

  @Test func aUTF16CatalogInBase64() async throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "\"hi\" = \"Hallo\";\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let body = """
      {"spec": {"labels": [{"keys": "*", "layout": {"width": 300}}]},
       "catalogs": [{"path": "en.lproj/A.strings", "content": "\\"hi\\" = \\"Hello\\";"},
                    {"path": "de.lproj/A.strings", "base64": "\(Data(bytes).base64EncodedString())"}]}
      """
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/check", body)
      #expect(response.status == .ok)
      let report = try #require(try response.json() as? [String: Any])
      #expect(report["passed"] as? Bool == true)
      #expect(report["strings"] as? Int == 2)
    }
  }
}

/// The spec's schema (`CheckSpec` in the OpenAPI document) holds the specs the docs and the
/// tests use, and those specs read.
@Suite struct CheckSpecSchemaTests {
  /// The `json` block under "### The spec" in docs/cli.md.
  static func documentedSpec() throws -> String {
    let text = try String(
      contentsOfFile: HermeticFonts.packageRoot + "/docs/cli.md", encoding: .utf8)
    let section = try #require(text.range(of: "### The spec"))
    let rest = text[section.upperBound...]
    let start = try #require(rest.range(of: "```json\n"))
    let end = try #require(rest[start.upperBound...].range(of: "```"))
    return String(rest[start.upperBound..<end.lowerBound])
  }

  @Test func theDocumentedAndTheFixturesSpecsAreValid() throws {
    let bytes = try #require(OpenAPIDocument.bytes)
    let document = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    let schemas = document.objectValue["components"]?.objectValue["schemas"]?.objectValue ?? [:]
    let validator = SchemaValidator(schemas: schemas)
    let fixtures = try String(
      contentsOfFile: HermeticFonts.packageRoot + "/Tests/Catalogs/spec.json", encoding: .utf8)
    for spec in [try Self.documentedSpec(), fixtures] {
      let value = try JSONDecoder().decode(JSONValue.self, from: Data(spec.utf8))
      #expect(
        validator.isValid(value, against: ["$ref": .string("#/components/schemas/CheckSpec")]))
      _ = try CheckSpec(json: Array(spec.utf8))
    }
  }
}
#endif
