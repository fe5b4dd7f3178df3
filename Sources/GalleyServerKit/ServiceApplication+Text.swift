// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyCheck
import GalleyJobs
import GalleyService
import GalleyTools
import HTTPTypes
import Hummingbird
import NIOCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServiceApplication {
  /// Adds `POST /v1/format`, `/v1/layout`, `/v1/hit`, `/v1/render` and `/v1/check`.
  ///
  /// - Parameter router: The router.
  func addTextRoutes(to router: Router<BasicRequestContext>) {
    router.post("/v1/format") { request, _ in
      await work("format", request) { (prepared, _, _) throws(Failure) in
        Reply.json(bytes: try service.format(prepared).bytes)
      }
    }
    router.post("/v1/layout") { request, _ in
      await work("layout", request) { (prepared, _, deadline) throws(Failure) in
        let layout = try service.layout(prepared, deadline: deadline)
        return Reply.json(bytes: JSONDocument.layout(layout, image: nil).bytes)
      }
    }
    router.post("/v1/hit") { request, _ in
      await work("hit", request) { (prepared, _, deadline) throws(Failure) in
        Reply.json(JSONOutput.encodeDocument(try service.hit(prepared, deadline: deadline)))
      }
    }
    router.post("/v1/render") { request, _ in
      await render(request)
    }
    router.post("/v1/check") { request, _ in
      await handle("check", request) { (body, _, deadline) throws(Failure) in
        let check: CheckRequest
        do throws(RequestError) {
          check = try CheckRequest(body)
        } catch {
          throw Failure(error)
        }
        let report = try check.run(runner: service.runner, deadline: deadline)
        return Reply.json(bytes: Array(CheckReportJSON.encode(report).utf8))
      }
    }
  }

  /// Runs one request: checks the query (400) and the content type (415), reads the body (413
  /// past the limit), refuses new work while too many answers wait for slow clients (503),
  /// waits for a worker (503 when the queue is full or the wait used the time budget), checks
  /// the request (400), does the work and checks the answer's size (422), answering every
  /// failure with its error document and counting it in the metrics.
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint's name in the metrics.
  ///   - request: The HTTP request.
  ///   - parameters: The query parameters the endpoint takes.
  ///   - body: The work, given the checked request, the query and the deadline.
  /// - Returns: The response.
  func work(
    _ endpoint: String, _ request: Request, parameters: Set<String> = [],
    _ body: (PreparedRequest, QueryParameters, Deadline) throws(Failure) ->
      Response
  ) async -> Response {
    await handle(endpoint, request, parameters: parameters) {
      (bytes, query, deadline) throws(Failure) in
      try body(try service.prepare(bytes), query, deadline)
    }
  }

  /// Runs one request as ``work(_:_:parameters:_:)`` does, the body given to the work as
  /// bytes (for an endpoint whose body is not the text endpoints' request).
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint's name in the metrics.
  ///   - request: The HTTP request.
  ///   - parameters: The query parameters the endpoint takes.
  ///   - body: The work, given the body, the query and the deadline.
  /// - Returns: The response.
  func handle(
    _ endpoint: String, _ request: Request, parameters: Set<String> = [],
    _ body: ([UInt8], QueryParameters, Deadline) throws(Failure) -> Response
  ) async -> Response {
    let start = ContinuousClock.now
    let deadline = Deadline(start: start, budget: configuration.limits.timeBudget)
    let response: Response
    do {
      let query = try Self.query(request, allowed: parameters)
      try Self.checkContentType(request.headers[.contentType])
      let bytes = try await readBody(request)
      try checkUnsentAnswers()
      let answer = try await withWorker(deadline: deadline) { () throws(Failure) in
        try body(bytes, query, deadline)
      }
      try checkSize(of: answer)
      response = answer
    } catch {
      response = Reply.failure(error)
    }
    metrics.record(
      endpoint: endpoint, status: response.status.code, duration: ContinuousClock.now - start)
    return response
  }

  /// Checks that a body is JSON: a missing `Content-Type` is taken as JSON; any other than
  /// `application/json`, or one with a `charset` other than UTF-8, is refused.
  ///
  /// - Parameter contentType: The request's `Content-Type`, or `nil`.
  /// - Throws: ``GalleyTools/Failure`` 415 for another media type or charset.
  static func checkContentType(_ contentType: String?) throws(Failure) {
    guard let contentType else { return }
    let parts = contentType.split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let charset = parts.dropFirst().first { $0.hasPrefix("charset=") }.map {
      String($0.dropFirst("charset=".count).filter { $0 != "\"" && $0 != " " })
    }
    guard parts.first == "application/json", charset == nil || charset == "utf-8" else {
      throw Failure(
        .mediaType, kind: "unsupportedMediaType",
        "the body must be JSON sent as application/json (UTF-8), not "
          + "'\(contentType.prefix(128))' (with curl: -H 'Content-Type: application/json')")
    }
  }

  /// Reads a request's body, up to the configured limit.
  ///
  /// - Parameter request: The request.
  /// - Returns: The bytes.
  /// - Throws: ``GalleyTools/Failure`` 413 past the limit.
  func readBody(_ request: Request) async throws(Failure) -> [UInt8] {
    let limits = configuration.connections
    do {
      var buffer = try await request.body.collect(upTo: limits.maximumBodyBytes)
      return buffer.readBytes(length: buffer.readableBytes) ?? []
    } catch is NIOTooManyBytesError {
      throw limits.bodyTooLarge
    } catch {
      // The connection broke off (the guard answers framing errors itself).
      throw Failure(.request, kind: "badFraming", "the request body could not be read: \(error)")
    }
  }

  /// Refuses new work while answers already made wait for slow clients past the server's
  /// memory for them (``ConnectionLimits/unsentAnswerBytes``).
  ///
  /// - Throws: ``GalleyTools/Failure`` 503.
  func checkUnsentAnswers() throws(Failure) {
    let unsent = ledger.unsentAnswerBytes
    let limit = configuration.connections.unsentAnswerBytes
    guard unsent > limit else { return }
    throw Failure(
      .saturated, kind: "answersWaiting",
      "the server is busy: \(unsent >> 20) MB of answers wait for their clients, past its "
        + "limit of \(limit >> 20) MB; retry")
  }

  /// Refuses an answer larger than ``ServerConfiguration/maximumAnswerBytes``.
  ///
  /// - Parameter response: The answer.
  /// - Throws: ``GalleyTools/Failure`` 422 `answerTooLarge`.
  func checkSize(of response: Response) throws(Failure) {
    let limit = configuration.maximumAnswerBytes
    guard let length = response.body.contentLength, length > limit else { return }
    throw Failure(
      .answerTooLarge, kind: "answerTooLarge",
      "the answer would take \(length) bytes, past the server's limit of \(limit >> 20) MB; "
        + "ask for less (a shorter text, a wider box, no layout with the image)")
  }

  /// Runs work on one of the workers.
  ///
  /// - Parameters:
  ///   - deadline: When the request's time budget runs out; a request still waiting then is
  ///     refused as the queue being full is.
  ///   - work: The work.
  /// - Returns: The work's result.
  /// - Throws: ``GalleyTools/Failure`` 503 when the server is saturated, or the
  ///   work's failure.
  func withWorker<Result>(
    deadline: Deadline, _ work: () throws(Failure) -> Result
  ) async throws(Failure) -> Result {
    guard await limiter.acquire() else { throw saturated }
    defer { limiter.release() }
    guard !deadline.hasPassed else { throw saturated }
    return try work()
  }

  /// The 503 of a saturated server, made only when it is sent (its document is encoded).
  private var saturated: Failure {
    Failure(
      .saturated, kind: "saturated",
      "the server is busy: \(limiter.workers) workers and \(limiter.queueLimit) waiting; retry")
  }
}
#endif
