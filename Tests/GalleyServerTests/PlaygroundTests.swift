// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import HTTPTypes
import HummingbirdTesting
import Testing

/// The playground's files at `/` and `/static/`, a clean 404 without them, and CORS only when
/// an origin is configured.
@Suite struct PlaygroundTests {
  @Test func withoutAPlaygroundTheRootIs404WithAMessage() async throws {
    var configuration = ServerHarness.configuration()
    configuration.playgroundDirectory = nil
    try await ServerHarness.withServer(configuration) { client, _ in
      let response = try await client.get("/")
      #expect(response.status == .notFound)
      #expect((try response.errorDetail()["message"] as? String)?.contains("--playground") == true)
    }
  }

  @Test func theFilesAreServedAndNamesCannotLeaveTheDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-playground-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("<html></html>".utf8).write(to: directory.appendingPathComponent("index.html"))
    try Data("body {}".utf8).write(to: directory.appendingPathComponent("app.css"))
    var configuration = ServerHarness.configuration()
    configuration.playgroundDirectory = directory.path
    try await ServerHarness.withServer(configuration) { client, _ in
      let page = try await client.get("/")
      #expect(page.status == .ok)
      #expect(page.headers[.contentType] == "text/html; charset=utf-8")
      #expect(page.text == "<html></html>")
      let style = try await client.get("/static/app.css")
      #expect(style.headers[.contentType] == "text/css; charset=utf-8")
      for uri in ["/static/missing.js", "/static/..%2Fsecret", "/static/.hidden"] {
        #expect(try await client.get(uri).status == .notFound)
      }
    }
  }

  @Test func corsHeadersOnlyForTheConfiguredOrigin() async throws {
    var configuration = ServerHarness.configuration()
    configuration.corsOrigin = "http://example.test"
    try await ServerHarness.withServer(configuration) { client, _ in
      var headers = HTTPFields()
      headers[.origin] = "http://example.test"
      let allowed = try await client.execute(uri: "/healthz", method: .get, headers: headers)
      #expect(allowed.headers[.accessControlAllowOrigin] == "http://example.test")
      headers[.origin] = "http://other.test"
      let other = try await client.execute(uri: "/healthz", method: .get, headers: headers)
      #expect(other.headers[.accessControlAllowOrigin] == nil)
    }
    try await ServerHarness.withServer { client, _ in
      var headers = HTTPFields()
      headers[.origin] = "http://example.test"
      let response = try await client.execute(uri: "/healthz", method: .get, headers: headers)
      #expect(response.headers[.accessControlAllowOrigin] == nil)
    }
  }
}
#endif
