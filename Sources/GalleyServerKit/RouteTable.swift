// Built with the `Server` trait only (Package.swift).
#if Server
import HTTPTypes

/// Every path the server answers and the methods it takes there, for the `405 Method Not
/// Allowed` answers and their `Allow` header; ``ServiceApplication/makeRouter()`` adds the same
/// routes, and a test checks that the two agree.
///
/// `HEAD` is answered wherever `GET` is (with the headers of the `GET` and no body).
package enum RouteTable {
  /// The routes: a path, where `*` stands for any one component, and its methods.
  package static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
    ("/v1/format", [.post]),
    ("/v1/layout", [.post]),
    ("/v1/hit", [.post]),
    ("/v1/render", [.post]),
    ("/v1/font", [.get, .head]),
    ("/v1/fonts", [.get, .head]),
    ("/healthz", [.get, .head]),
    ("/metrics", [.get, .head]),
    ("/openapi.json", [.get, .head]),
    ("/", [.get, .head]),
    ("/static/*", [.get, .head]),
  ]

  /// The methods a path takes, or `nil` for a path the server does not have.
  ///
  /// A trailing slash and repeated slashes do not matter, as they do not to the router.
  ///
  /// - Parameter path: The request's path, without the query.
  /// - Returns: The methods.
  package static func methods(forPath path: String) -> [HTTPRequest.Method]? {
    let components = path.split(separator: "/")
    for route in routes {
      let pattern = route.path.split(separator: "/")
      guard pattern.count == components.count else { continue }
      if zip(pattern, components).allSatisfy({ $0 == "*" || $0 == $1 }) { return route.methods }
    }
    return nil
  }
}
#endif
