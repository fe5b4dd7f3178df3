// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import HTTPTypes
import HummingbirdTesting
import Testing

/// Every error status, each with its error document and each matching the OpenAPI document;
/// never a 500 for user input.
@Suite struct ErrorStatusTests {
  @Test(arguments: [
    ("/v1/layout", "{", 400, "invalidRequest", ""),
    (
      "/v1/layout", #"{"markup": "Hi", "layout": {"width": -1}}"#, 400, "invalidRequest",
      "layout.width"
    ),
    (
      "/v1/render", #"{"markup": "Hi", "render": {"glowBlur": "x"}}"#, 400, "invalidRequest",
      "render.glowBlur"
    ),
    ("/v1/hit", #"{"markup": "Hi"}"#, 400, "invalidRequest", "points"),
    (
      "/v1/layout", #"{"markup": "Hi", "layout": {"truncationToken": "x\u001C"}}"#, 400,
      "invalidRequest", "layout.truncationToken"
    ),
    ("/v1/format", #"{"markup": "Hi %3C"}"#, 422, "indexOutOfRange", ""),
    (
      "/v1/layout", #"{"markup": "Hi", "layout": {"truncationToken": "%Q"}}"#, 422, "unknownCode",
      ""
    ),
    (
      "/v1/layout", #"{"markup": "Hi", "strict": true, "defaults": {"family": "Nope Sans"}}"#, 422,
      "unknownFamily", ""
    ),
    (
      "/v1/render", #"{"markup": "Hi", "render": {"scale": 16, "padding": 5000}}"#, 422,
      "imageTooLarge", ""
    ),
    (
      "/v1/render", #"{"markup": "Hi", "render": {"scale": 16, "padding": 200}}"#, 422,
      "imageTooLarge", ""
    ),
  ])
  func errorsAnswerTheirStatusAndDocument(
    path: String, body: String, status: Int, kind: String, field: String
  ) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(path, body)
      #expect(response.status.code == status)
      let detail = try response.errorDetail()
      #expect(detail["kind"] as? String == kind)
      if !field.isEmpty { #expect(detail["field"] as? String == field) }
      try OpenAPIChecker().check(response, path: path, method: "post")
    }
  }

  @Test func aMarkupErrorGivesItsOffset() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/layout", #"{"markup": "Hi %3C"}"#)
      #expect(response.status.code == 422)
      let detail = try response.errorDetail()
      #expect(detail["offset"] as? Int == 3)
      #expect(detail["length"] as? Int == 3)
      #expect((detail["message"] as? String)?.isEmpty == false)
    }
  }

  @Test(arguments: [
    ("/v1/font", 400, "invalidRequest"),
    ("/v1/font?family=DejaVu%20Sans&weight=5", 400, "invalidRequest"),
    ("/v1/font?family=DejaVu%20Sans&italic=maybe", 400, "invalidRequest"),
    ("/v1/font?family=Nope%20Sans&strict=true", 422, "unknownFamily"),
    ("/v1/fonts?family=Nope%20Sans", 422, "unknownFamily"),
  ])
  func fontQueriesAnswerTheirErrors(uri: String, status: Int, kind: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.get(uri)
      #expect(response.status.code == status)
      #expect(try response.errorDetail()["kind"] as? String == kind)
      let path = String(uri.split(separator: "?").first ?? "")
      try OpenAPIChecker().check(response, path: path, method: "get")
    }
  }

  @Test func aBodyOverTheLimitGets413() async throws {
    var configuration = ServerHarness.configuration()
    configuration.connections.maximumBodyBytes = 4096
    try await ServerHarness.withServer(configuration) { client, _ in
      let markup = String(repeating: "a", count: 8192)
      let response = try await client.post("/v1/layout", #"{"markup": "\#(markup)"}"#)
      #expect(response.status.code == 413)
      #expect(try response.errorDetail()["kind"] as? String == "bodyTooLarge")
      try OpenAPIChecker().check(response, path: "/v1/layout", method: "post")
    }
  }

  @Test func aSaturatedServerGets503WithRetryAfter() async throws {
    var configuration = ServerHarness.configuration()
    configuration.workers = 1
    configuration.queueLimit = 0
    try await ServerHarness.withServer(configuration) { client, application in
      // Hold the only worker, as a long request would.
      #expect(await application.limiter.acquire())
      let refused = try await client.post("/v1/layout", #"{"markup": "Hi"}"#)
      #expect(refused.status.code == 503)
      #expect(refused.headers[.retryAfter] == "1")
      #expect(try refused.errorDetail()["kind"] as? String == "saturated")
      try OpenAPIChecker().check(refused, path: "/v1/layout", method: "post")
      application.limiter.release()
      let served = try await client.post("/v1/layout", #"{"markup": "Hi"}"#)
      #expect(served.status == .ok)
    }
  }

  @Test func aRequestThatWaitedPastItsBudgetGets503() async throws {
    var configuration = ServerHarness.configuration()
    configuration.workers = 1
    configuration.limits.timeBudget = .milliseconds(50)
    try await ServerHarness.withServer(configuration) { client, application in
      #expect(await application.limiter.acquire())
      async let waiting = client.post("/v1/layout", #"{"markup": "Hi"}"#)
      // Wait until the request is queued (a loaded machine may take a while to send it),
      // then past its budget.
      let clock = ContinuousClock()
      let start = clock.now
      while application.limiter.waitingCount == 0, clock.now - start < .seconds(60) {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(application.limiter.waitingCount == 1)
      try await Task.sleep(for: .milliseconds(200))
      application.limiter.release()
      let response = try await waiting
      #expect(response.status.code == 503)
    }
  }
}
#endif
