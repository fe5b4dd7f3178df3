// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a demanding HTTP client meets: query strings as forms encode them, 405 with `Allow`,
/// `HEAD`, content types, trailing slashes, long URLs, repeated JSON keys and numbers JSON
/// cannot carry, each answered as documented with the error document.
@Suite struct HTTPConformanceTests {
  @Test(arguments: [
    ("/v1/font?family=DejaVu+Sans", "DejaVu Sans"),
    ("/v1/font?family=DejaVu%20Sans&weight=semi+bold", "DejaVu Sans"),
    ("/v1/font?family=Deja%56u+Sans&italic", "DejaVu Sans"),
    ("/v1/font?family=DejaVu+Sans+Mono&weight=%2B1", "DejaVu Sans Mono"),
  ])
  func queriesReadPlusAsASpaceAndDecodeEscapes(uri: String, family: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.get(uri)
      #expect(response.status == .ok, "\(response.text)")
      let face = try #require(try response.json() as? [String: Any])
      #expect(face["requestedFamily"] as? String == family)
      #expect(face["family"] as? String == family)
      try OpenAPIChecker().check(response, path: "/v1/font", method: "get")
    }
  }

  @Test func aFamilyQueryWithPlusFindsTheFamily() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.get("/v1/fonts?family=DejaVu+Sans")
      #expect(response.status == .ok)
      let document = try #require(try response.json() as? [String: Any])
      let families = try #require(document["families"] as? [[String: Any]])
      #expect(families.map { $0["name"] as? String } == ["DejaVu Sans"])
    }
  }

  @Test(arguments: [
    ("/v1/font?family=DejaVu%ZZSans", "family"),
    ("/v1/font?family=DejaVu%2", "family"),
    ("/v1/font?family=%FF%FE", "family"),
    ("/v1/font?family=DejaVu+Sans&weight=%", "weight"),
    ("/v1/font?family=DejaVu+Sans&family=Lato", "family"),
    ("/v1/font?famly=DejaVu+Sans", "famly"),
    ("/v1/font?family=DejaVu+Sans&ital%ZZic=1", "ital%ZZic"),
    ("/v1/font?family=+++", "family"),
    ("/v1/fonts?family=", "family"),
    ("/v1/fonts?family", "family"),
    ("/v1/fonts?family=%20%09", "family"),
    ("/v1/fonts?family=DejaVu%", "family"),
    ("/v1/fonts?size=3", "size"),
  ])
  func badQueryParametersAre400NamingThem(uri: String, field: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.get(uri)
      #expect(response.status == .badRequest)
      let detail = try response.errorDetail()
      #expect(detail["kind"] as? String == "invalidRequest")
      #expect(detail["field"] as? String == field)
      let path = String(uri.split(separator: "?").first ?? "")
      try OpenAPIChecker().check(response, path: path, method: "get")
    }
  }

  @Test(arguments: [
    ("/v1/render?include=lay%6Fut", 200), ("/v1/render?include=image", 400),
    ("/v1/render?include=layout&include=layout", 400), ("/v1/render?format=svg", 400),
    ("/v1/layout?width=30", 400), ("/v1/hit?", 400), ("/v1/format?&&", 200),
  ])
  func postQueriesAreReadStrictlyToo(uri: String, status: Int) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(uri, #"{"markup": "Hi"}"#)
      #expect(response.status.code == status, "\(response.text.prefix(300))")
      let path = String(uri.split(separator: "?").first ?? "")
      try OpenAPIChecker().check(response, path: path, method: "post")
    }
  }

  @Test(arguments: [
    (HTTPRequest.Method.get, "/v1/layout", "POST"), (.delete, "/v1/render", "POST"),
    (.put, "/v1/hit", "POST"), (.post, "/healthz", "GET, HEAD"),
    (.post, "/v1/fonts", "GET, HEAD"), (.patch, "/openapi.json", "GET, HEAD"),
    (.delete, "/", "GET, HEAD"), (.post, "/static/playground.js", "GET, HEAD"),
    (.options, "/v1/format", "POST"), (.get, "/v1/format/", "POST"),
  ])
  func aKnownPathWithAnotherMethodIs405WithAllow(
    method: HTTPRequest.Method, path: String, allow: String
  ) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.execute(uri: path, method: method)
      #expect(response.status == .methodNotAllowed)
      #expect(response.headers[.allow] == allow)
      #expect(try response.errorDetail()["kind"] as? String == "methodNotAllowed")
    }
  }

  @Test(arguments: [
    (HTTPRequest.Method.get, "/v2/layout"), (.post, "/v1/nothing"), (.get, "/static/a/b"),
    (.delete, "/nothing"), (.get, "/v1"),
  ])
  func anUnknownPathIs404WithTheErrorDocument(method: HTTPRequest.Method, path: String)
    async throws
  {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.execute(uri: path, method: method)
      #expect(response.status == .notFound)
      #expect(response.headers[.contentType] == Reply.jsonType)
      #expect(try response.errorDetail()["kind"] as? String == "notFound")
    }
  }

  @Test(arguments: ["/healthz", "/v1/fonts", "/openapi.json", "/v1/font?family=DejaVu+Sans"])
  func headAnswersWithTheHeadersOfGetAndNoBody(uri: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let get = try await client.get(uri)
      let head = try await client.execute(uri: uri, method: .head)
      #expect(head.status == .ok)
      #expect(head.body.readableBytes == 0)
      #expect(head.headers[.contentType] == get.headers[.contentType])
      #expect(head.headers[.contentLength] == String(get.body.readableBytes))
    }
  }

  @Test(arguments: ["/healthz/", "/v1/fonts/", "//healthz"])
  func aTrailingOrRepeatedSlashIsTheSamePath(uri: String) async throws {
    try await ServerHarness.withServer { client, _ in
      #expect(try await client.get(uri).status == .ok)
      let layout = try await client.post("/v1/layout/", #"{"markup": "Hi"}"#)
      #expect(layout.status == .ok)
    }
  }

  @Test(arguments: [
    ("application/json", 200), ("application/json; charset=utf-8", 200),
    ("Application/JSON;charset=\"UTF-8\"", 200), ("application/json; charset=latin1", 415),
    ("text/plain", 415), ("application/x-www-form-urlencoded", 415),
    ("multipart/form-data; boundary=x", 415), ("application/jsonx", 415),
  ])
  func theBodyMustBeJSON(contentType: String, status: Int) async throws {
    try await ServerHarness.withServer { client, _ in
      var headers = HTTPFields()
      headers[.contentType] = contentType
      let response = try await client.execute(
        uri: "/v1/layout", method: .post, headers: headers,
        body: ByteBuffer(string: #"{"markup": "Hi"}"#))
      #expect(response.status.code == status)
      if status == 415 {
        #expect(try response.errorDetail()["kind"] as? String == "unsupportedMediaType")
      }
      try OpenAPIChecker().check(response, path: "/v1/layout", method: "post")
    }
  }

  @Test func aBodyWithoutContentTypeIsReadAsJSON() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.execute(
        uri: "/v1/layout", method: .post, body: ByteBuffer(string: #"{"markup": "Hi"}"#))
      #expect(response.status == .ok)
    }
  }

  @Test func aLongQueryIsRefusedAndTheServerGoesOn() async throws {
    try await ServerHarness.withServer { client, _ in
      let tooLong = try await client.get(
        "/v1/fonts?family=\(String(repeating: "a", count: 60_000))")
      #expect(tooLong.status == .badRequest)
      #expect(try tooLong.errorDetail()["field"] as? String == "family")
      // Past the HTTP parser's 80 KB limit on the request head, the connection guard answers
      // 431 and closes the connection; a new one is served.
      let port = try #require(client.port)
      let base = "http://127.0.0.1:\(port)"
      let huge = try #require(
        URL(string: "\(base)/v1/fonts?family=\(String(repeating: "a", count: 200_000))"))
      if let (_, response) = try? await URLSession.shared.data(from: huge) {
        #expect((response as? HTTPURLResponse)?.statusCode == 431)
      }
      let health = try #require(URL(string: "\(base)/healthz"))
      let (_, response) = try await URLSession.shared.data(from: health)
      #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
  }

  @Test(arguments: [
    (#"{"markup": "Hi", "markup": "Ho"}"#, "markup"),
    (#"{"markup": "Hi", "mark\u0075p": "Ho"}"#, "markup"),
    (#"{"markup": "x\"markup\": ", "layout": {"width": 3, "width": 4}}"#, "layout.width"),
    (#"{"markup": "Hi", "tolerance": 1"# + String(repeating: "0", count: 400) + "}", "tolerance"),
    (#"{"markup": "Hi", "layout": {"width": 30, "width": 40}}"#, "layout.width"),
    (#"{"markup": "Hi", "defaults": {"size": 3, "size": 4}}"#, "defaults.size"),
    (#"{"markup": "Hi", "layout": {"width": 1e400}}"#, "layout.width"),
    (#"{"markup": "Hi", "tolerance": -1e400}"#, "tolerance"),
    (#"{"markup": "Hi", "defaults": {"size": 1e400}}"#, "defaults.size"),
    (#"{"markup": "Hi", "points": [{"x": 1e999, "y": 0}]}"#, "points[0].x"),
    (#"{"markup": "Hi", "layout": {"width": 1e-400}}"#, "layout.width"),
    (#"{"markup": "Hi", "tolerance": -2.5e-999}"#, "tolerance"),
    (#"{"markup": "Hi", "layout": {"width": NaN}}"#, ""),
    (#"{"markup": "Hi", "layout": {"width": Infinity}}"#, ""),
    (#"{"markup": "Hi", "layout": {"width": -0}}"#, "layout.width"),
    (#"{"markup": "Hi", "defaults": {"size": -0.0}}"#, "defaults.size"),
    (#"{"markup": "Hi", "points": [{"x": 1, "y": 2, "z": 3}]}"#, "points[0].z"),
    (#"{"markup": "Hi", "points": [{"x": 1}]}"#, "points[0].y"),
  ])
  func repeatedKeysAndNumbersJSONCannotCarryAre400(body: String, field: String) async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post("/v1/hit", body)
      #expect(response.status == .badRequest, "\(response.text.prefix(300))")
      let detail = try response.errorDetail()
      #expect(detail["field"] as? String == field, "\(detail)")
      if body.contains("e-") {
        #expect((detail["message"] as? String)?.contains("too small for a double") == true)
      }
    }
  }

  /// Zeros written with an exponent are zeros, not numbers that round to one.
  @Test func zeroWithAnExponentIsZero() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/hit", #"{"markup": "Hi", "points": [{"x": 0e-300, "y": 0.0e1}]}"#)
      #expect(response.status == .ok, "\(response.text.prefix(300))")
    }
  }

  @Test func negativeZeroIsZero() async throws {
    try await ServerHarness.withServer { client, _ in
      let response = try await client.post(
        "/v1/layout", #"{"markup": "Hi", "layout": {"maxLines": -0, "indent": -0.0}}"#)
      #expect(response.status == .ok)
    }
  }
}

/// The route table behind the 405 answers, read from the router, holds every route, and
/// agrees with the router and the OpenAPI document.
@Suite struct RouteTableTests {
  /// The table of a server with the default configuration.
  static func table() throws -> RouteTable {
    try ServerHarness.application().routeTable
  }

  @Test func theTableHoldsEveryRouteWithHeadBesideGet() throws {
    let table = try Self.table()
    let expected: [String: Set<HTTPRequest.Method>] = [
      "/v1/format": [.post], "/v1/layout": [.post], "/v1/hit": [.post], "/v1/render": [.post],
      "/v1/check": [.post],
      "/v1/font": [.get, .head], "/v1/fonts": [.get, .head], "/healthz": [.get, .head],
      "/metrics": [.get, .head], "/openapi.json": [.get, .head], "/": [.get, .head],
      "/static/*": [.get, .head],
    ]
    #expect(
      Dictionary(uniqueKeysWithValues: table.routes.map { ($0.path, Set($0.methods)) })
        == expected)
    #expect(table.methods(forPath: "/static/app.js") == table.methods(forPath: "/static/x"))
    #expect(table.methods(forPath: "//v1//layout/") == [.post])
    #expect(table.methods(forPath: "/v2/layout") == nil)
  }

  @Test func everyRouteOfTheTableIsServedWithItsMethods() async throws {
    let table = try Self.table()
    try await ServerHarness.withServer { client, _ in
      for (path, methods) in table.routes {
        let uri = path.replacingOccurrences(of: "*", with: "file.js")
        for method in methods {
          let response = try await client.execute(
            uri: uri, method: method, body: ByteBuffer(string: #"{"markup": "Hi"}"#))
          #expect(response.status != .methodNotAllowed, "\(method) \(uri)")
          // Without a playground directory its files are 404 from their own route.
          if !uri.hasPrefix("/static"), uri != "/" {
            #expect(response.status != .notFound, "\(method) \(uri)")
          }
        }
      }
    }
  }

  @Test func everyDocumentedOperationIsInTheTable() throws {
    let document = try OpenAPIChecker().document
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    for (path, operations) in paths {
      let methods = try #require(try Self.table().methods(forPath: path), "\(path)")
      for name in operations.keys {
        #expect(methods.map { $0.rawValue.lowercased() }.contains(name), "\(name) \(path)")
      }
    }
  }
}
#endif
