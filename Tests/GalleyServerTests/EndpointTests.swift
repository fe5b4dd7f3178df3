// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyTools
import GalleyTestSupport
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GalleyCLI

/// Every endpoint answers, in-process on a free port, with the documents `galley` prints, and
/// each answer matches the OpenAPI document.
@Suite struct EndpointTests {
  /// The markup of most cases: a label with a link.
  static let label = "Tap %{https://example.com}Lhere%l for %Bmore%b"

  /// A request body for the label.
  static func body(_ extra: String = "") -> String {
    #"{"markup": "\#(label)", "defaults": {"family": "DejaVu Sans", "size": 15}\#(extra)}"#
  }

  /// The CLI's output for arguments, with the hermetic fonts unless `usesFonts` is false.
  private func cli(
    _ command: any OutcomeCommand.Type, _ arguments: [String], usesFonts: Bool = true
  ) throws -> String {
    let fonts = usesFonts ? ["--fontconfig", try HermeticFonts.configurationFile()] : []
    let parsed = try command.parseAsRoot(fonts + arguments)
    let outcome = try #require(parsed as? any OutcomeCommand).execute()
    return outcome.standardOutput + "\n"
  }

  @Test func layoutIsWhatTheCLIPrints() async throws {
    let expected = try cli(
      LayoutCommand.self,
      [
        "--json", "--width", "80", "--default-family", "DejaVu Sans", "--default-size", "15",
        "--max-lines", "2", "--", Self.label,
      ])
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/layout", Self.body(#", "layout": {"width": 80, "maxLines": 2}"#))
      #expect(response.status == .ok)
      #expect(response.text == expected)
      try OpenAPIChecker().check(response, path: "/v1/layout", method: "post")
    }
  }

  /// Coordinates on an axis the face lacks are ignored, and the layout says so in its
  /// `warnings`, as the CLI does on standard error.
  @Test func layoutWarningsReachTheAnswer() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/layout", Self.body(#", "layout": {"width": 200, "variations": "wght=550"}"#))
      #expect(response.status == .ok)
      let warnings = try #require(
        (try response.json() as? [String: Any])?["warnings"] as? [[String: Any]])
      #expect(Set(warnings.map { $0["kind"] as? String }) == ["missingAxis"])
      #expect(
        warnings.contains {
          $0["message"] as? String
            == "'DejaVu Sans Book' has no 'wght' axis; 'wght=550' is ignored"
        })
      try OpenAPIChecker().check(response, path: "/v1/layout", method: "post")
    }
  }

  @Test func formatAndHitAreWhatTheCLIPrints() async throws {
    let format = try cli(FormatCommand.self, ["--json", "--", Self.label], usesFonts: false)
    let hit = try cli(
      HitCommand.self,
      [
        "--default-family", "DejaVu Sans", "--default-size", "15", "--at", "40,10", "--at",
        "-5,5", "--", Self.label,
      ])
    try await ServerHarness.withServer { client, _ in
      let formatted = try await client.post("/v1/format", #"{"markup": "\#(Self.label)"}"#)
      #expect(formatted.text == format)
      try OpenAPIChecker().check(formatted, path: "/v1/format", method: "post")
      let hits = try await client.post(
        "/v1/hit", Self.body(#", "points": [{"x": 40, "y": 10}, {"x": -5, "y": 5}]"#))
      #expect(hits.text == hit)
      try OpenAPIChecker().check(hits, path: "/v1/hit", method: "post")
    }
  }

  @Test func fontAndFontsAreWhatTheCLIPrints() async throws {
    let font = try cli(FontCommand.self, ["--json", "DejaVu Sans", "--weight", "bold"])
    let fonts = try cli(FontsCommand.self, ["--json", "--family", "DejaVu Sans"])
    try await ServerHarness.withServer { client, _ in
      let face = try await client.get("/v1/font?family=DejaVu%20Sans&weight=bold")
      #expect(face.text == font)
      try OpenAPIChecker().check(face, path: "/v1/font", method: "get")
      let families = try await client.get("/v1/fonts?family=DejaVu%20Sans")
      #expect(families.text == fonts)
      try OpenAPIChecker().check(families, path: "/v1/fonts", method: "get")
      let all = try await client.get("/v1/fonts")
      #expect(all.status == .ok)
      try OpenAPIChecker().check(all, path: "/v1/fonts", method: "get")
    }
  }

  @Test(arguments: [("png", "image/png"), ("svg", "image/svg+xml"), ("pdf", "application/pdf")])
  func renderAnswersTheImageWithItsGeometry(format: String, type: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/render", Self.body(#", "render": {"format": "\#(format)", "scale": 2}"#))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == type)
      #expect(response.headers[.eTag] != nil)
      let width = try #require(response.headers[HTTPField.Name("Galley-Image-Width")!])
      #expect((Int(width) ?? 0) > 0)
      #expect(response.headers[HTTPField.Name("Galley-Image-Scale")!] == "2")
      if format == "png" { #expect(Array(response.bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47]) }
      try OpenAPIChecker().check(response, path: "/v1/render", method: "post")
    }
  }

  @Test func renderWithIncludeLayoutAnswersJSON() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/render?include=layout", Self.body(#", "render": {"scale": 2}"#))
      #expect(response.status == .ok)
      let document = try #require(try response.json() as? [String: Any])
      let data = try #require(Data(base64Encoded: document["data"] as? String ?? ""))
      #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
      let layout = try #require(document["layout"] as? [String: Any])
      let image = try #require(layout["image"] as? [String: Any])
      #expect(image["scale"] as? Double == 2)
      try OpenAPIChecker().check(response, path: "/v1/render", method: "post")
    }
  }

  @Test func renderWithVariantsAnswersASpriteSheetAndItsAtlas() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-endpoint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let variants = ##"{"pressed": {"offset": [0, 2], "color": "#555555"}, "normal": {}}"##
    try Data(variants.utf8).write(to: directory.appendingPathComponent("v.json"))
    _ = try cli(
      RenderCommand.self,
      [
        "--default-family", "DejaVu Sans", "--default-size", "15", "--scale", "2", "--variants",
        directory.appendingPathComponent("v.json").path, "--sprite-sheet", "--atlas",
        directory.appendingPathComponent("atlas.json").path, "-o",
        directory.appendingPathComponent("sheet.png").path, "--", Self.label,
      ])
    let atlas = try Data(contentsOf: directory.appendingPathComponent("atlas.json"))
    let sheet = try Data(contentsOf: directory.appendingPathComponent("sheet.png"))
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/render", Self.body(#", "render": {"scale": 2}, "variants": "# + variants))
      #expect(response.status == .ok)
      #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
      let document = try #require(try response.json() as? [String: Any])
      #expect(Data(base64Encoded: document["data"] as? String ?? "") == sheet)
      let served = try JSONSerialization.data(withJSONObject: document["atlas"] ?? [:])
      #expect(
        try JSONSerialization.jsonObject(with: served) as? NSDictionary
          == JSONSerialization.jsonObject(with: atlas) as? NSDictionary)
      try OpenAPIChecker().check(response, path: "/v1/render", method: "post")
      // The frames' order is part of the answer, and of its cache key and ETag.
      let reordered = try await client.post(
        "/v1/render",
        Self.body(
          #", "render": {"scale": 2}, "variants": {"normal": {}, "pressed": {"offset": [0, 2]}}"#
        ))
      #expect(reordered.headers[.eTag] != response.headers[.eTag])
      let frames =
        try #require(
          (try reordered.json() as? [String: Any])?["atlas"] as? [String: Any])["frames"]
        as? [[String: Any]]
      #expect(frames?.map { $0["name"] as? String } == ["normal", "pressed"])
      let vector = try await client.post(
        "/v1/render", Self.body(#", "render": {"format": "svg"}, "variants": {"a": {}}"#))
      #expect(vector.status == .badRequest)
      try OpenAPIChecker().check(vector, path: "/v1/render", method: "post")
    }
  }

  @Test func anUnchangedImageGets304AndARepeatIsACacheHit() async throws {
    try await ServerHarness.withServer { client, application in
      let first = try await client.post("/v1/render", Self.body())
      let tag = try #require(first.headers[.eTag])
      var headers = HTTPFields()
      headers[.ifNoneMatch] = tag
      let again = try await client.post("/v1/render", Self.body(), headers: headers)
      #expect(again.status == .notModified)
      #expect(again.body.readableBytes == 0)
      try OpenAPIChecker().check(again, path: "/v1/render", method: "post")
      let repeated = try await client.post("/v1/render", Self.body())
      #expect(repeated.bytes == first.bytes)
      #expect(application.cache.statistics.memoryHits == 1)
      let metrics = try await client.get("/metrics")
      #expect(metrics.text.contains("galley_render_cache_hit_ratio 0.5"))
      #expect(metrics.text.contains(#"galley_requests_total{endpoint="render",status="304"} 1"#))
      try OpenAPIChecker().check(metrics, path: "/metrics", method: "get")
    }
  }

  /// A cache directory that stops taking files (a full disk, a removed mount) costs misses,
  /// never an answer: the failures are counted in `/metrics`.
  @Test func aDiskCacheThatStopsWorkingIsCountedAndAnswersStillCome() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-server-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var configuration = ServerHarness.configuration()
    configuration.cacheDirectory = directory
    try await ServerHarness.withServer(configuration) { client, _ in
      let first = try await client.post("/v1/render", Self.body())
      #expect(first.status == .ok)
      try FileManager.default.removeItem(atPath: directory)
      #expect(FileManager.default.createFile(atPath: directory, contents: Data([1])))
      let other = try await client.post("/v1/render", Self.body(#", "render": {"scale": 2}"#))
      #expect(other.status == .ok)
      let metrics = try await client.get("/metrics")
      #expect(
        metrics.text.contains(#"galley_render_cache_disk_errors{kind="write"} 1"#),
        "\(metrics.text)")
    }
  }

  @Test func healthAndTheOpenAPIDocumentAnswer() async throws {
    try await ServerHarness.withServer { client, _ in
      let health = try await client.get("/healthz")
      #expect(health.status == .ok)
      try OpenAPIChecker().check(health, path: "/healthz", method: "get")
      let openAPI = try await client.get("/openapi.json")
      let document = try #require(try openAPI.json() as? [String: Any])
      #expect(document["openapi"] as? String == "3.1.0")
      try OpenAPIChecker().check(openAPI, path: "/openapi.json", method: "get")
    }
  }
}
#endif
