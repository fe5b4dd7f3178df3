// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyJobs
import GalleyService
import GalleyTools
import HTTPTypes
import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServiceApplication {
  /// Adds the `GET` routes: fonts, health, metrics, the OpenAPI document and the playground.
  ///
  /// - Parameter router: The router.
  func addPageRoutes(to router: Router<BasicRequestContext>) {
    router.get("/v1/font") { request, _ in
      await work("font") { () throws(Failure) in
        let query = try Self.query(request, allowed: ["family", "weight", "italic", "strict"])
        return Reply.json(
          JSONOutput.encodeDocument(
            try service.font(
              family: query["family"], weight: query["weight"], italic: query["italic"],
              strict: query["strict"])))
      }
    }
    router.get("/v1/fonts") { request, _ in
      await work("fonts") { () throws(Failure) in
        let query = try Self.query(request, allowed: ["family"])
        return Reply.json(JSONOutput.encodeDocument(try service.families(family: query["family"])))
      }
    }
    router.get("/healthz") { _, _ in
      Reply.json(#"{"status" : "ok"}"#)
    }
    router.get("/metrics") { _, _ in
      Reply.bytes(
        contentType: "text/plain; version=0.0.4; charset=utf-8",
        metrics.exposition(cache: cache, ledger: ledger))
    }
    router.get("/openapi.json") { _, _ in
      guard let document = OpenAPIDocument.bytes else {
        return Reply.failure(
          Failure(.notFound, kind: "notFound", "the OpenAPI document is not installed"))
      }
      return Reply.bytes(contentType: Reply.jsonType, document)
    }
    router.get("/") { _, _ in playgroundFile("index.html") }
    router.get("/static/{file}") { _, context in
      playgroundFile(context.parameters.get("file") ?? "")
    }
  }

  /// Runs a `GET` request that needs no body on a worker, answering failures with their
  /// error documents and counting it in the metrics.
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint's name in the metrics.
  ///   - body: The work.
  /// - Returns: The response.
  func work(
    _ endpoint: String, _ body: () throws(Failure) -> Response
  ) async -> Response {
    let start = ContinuousClock.now
    let response: Response
    do {
      response = try await withWorker(
        deadline: Deadline(start: start, budget: configuration.limits.timeBudget), body)
    } catch {
      response = Reply.failure(error)
    }
    metrics.record(
      endpoint: endpoint, status: response.status.code, duration: ContinuousClock.now - start)
    return response
  }

  /// A file of the playground directory: `index.html` at `/`, any other at `/static/<name>`.
  ///
  /// Names are one path component of letters, digits, `.`, `_` and `-`, not starting with a
  /// dot, so a request cannot leave the directory.
  ///
  /// - Parameter name: The file's name.
  /// - Returns: The file, or a 404 error document.
  func playgroundFile(_ name: String) -> Response {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    guard let directory = configuration.playgroundDirectory else {
      return notFound("the playground is not served: start galley-server with --playground DIR")
    }
    guard !name.isEmpty, name.count <= 128, !name.hasPrefix("."), name.allSatisfy(allowed.contains)
    else { return notFound("no playground file is named '\(name.prefix(128))'") }
    let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
    guard let data = FileManager.default.contents(atPath: path) else {
      return notFound("the playground has no file '\(name)' (looked in '\(directory)')")
    }
    return Reply.bytes(contentType: Self.mediaType(ofFile: name), data)
  }

  /// A request's query parameters, read strictly (see ``QueryParameters``).
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - allowed: The names the endpoint takes.
  /// - Returns: The parameters.
  /// - Throws: ``GalleyTools/Failure`` (400) naming the parameter that cannot be read.
  static func query(_ request: Request, allowed: Set<String>) throws(Failure)
    -> QueryParameters
  {
    do {
      return try QueryParameters(request.uri.query, allowed: allowed)
    } catch {
      throw Failure(error)
    }
  }

  /// A 404 error document.
  private func notFound(_ message: String) -> Response {
    Reply.failure(Failure(.notFound, kind: "notFound", message))
  }

  /// The media type of a playground file, by its extension.
  private static func mediaType(ofFile name: String) -> String {
    switch name.split(separator: ".").last.map({ $0.lowercased() }) {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "json": Reply.jsonType
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "ico": "image/x-icon"
    default: "application/octet-stream"
    }
  }
}
#endif
