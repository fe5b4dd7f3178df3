// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyService
import GalleyTools
import HTTPTypes
import Hummingbird

/// Gives the router's own errors the error document every other error has: a path the server
/// does not have is a 404, a path it has with a method it does not take is a 405 with an
/// `Allow` header listing the methods it takes (``RouteTable``); answers to `HEAD` keep the
/// headers and drop the body.
struct RoutingErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The server's routes.
  let table: RouteTable

  /// Passes the request on, answering the router's errors with error documents.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - context: The request's context.
  ///   - next: The rest of the chain.
  /// - Returns: The response.
  /// - Throws: Errors that are not the router's.
  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError {
      let response = response(error, request: request)
      return request.method == .head ? response.createHeadResponse() : response
    }
  }

  /// The error document for one of the router's errors.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - request: The request.
  /// - Returns: The response.
  func response(_ error: HTTPError, request: Request) -> Response {
    let path = request.uri.path
    let shown = String(path.prefix(256))
    guard error.status == .notFound else {
      let status = error.status.code
      // Hummingbird's own status (such as 400 for bad framing), which no category has.
      return Reply.failure(
        Failure(
          .request, kind: "httpError",
          error.body ?? "the request cannot be served (HTTP \(status))"),
        status: status, headers: error.headers)
    }
    guard let methods = table.methods(forPath: path), !methods.contains(request.method)
    else {
      return Reply.failure(
        Failure(.notFound, kind: "notFound", "there is no resource at '\(shown)'"))
    }
    let allowed = methods.map(\.rawValue).joined(separator: ", ")
    var headers = HTTPFields()
    headers[.allow] = allowed
    return Reply.failure(
      Failure(
        .methodNotAllowed, kind: "methodNotAllowed",
        "'\(shown)' takes \(allowed), not \(request.method.rawValue)"),
      headers: headers)
  }
}
#endif
