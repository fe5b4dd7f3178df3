// Built with the `Server` trait only (Package.swift).
#if Server
import HTTPTypes
import Hummingbird

/// Every path the server answers and the methods it takes there, read from the router itself
/// (``ServiceApplication/routeTable``), for the `405 Method Not Allowed` answers and their
/// `Allow` header.
///
/// `HEAD` is answered wherever `GET` is (with the headers of the `GET` and no body).
package struct RouteTable: Sendable {
  /// The routes: a path, where `*` stands for any one component, and its methods.
  package let routes: [(path: String, methods: [HTTPRequest.Method])]

  /// The table of a router's routes.
  ///
  /// A captured component (`{file}`) or wildcard becomes `*`; the routes keep the router's
  /// order, and each path's methods are sorted, with `HEAD` added after `GET`.
  ///
  /// - Parameter routes: The router's routes (`Router.routes`).
  package init(_ routes: [Router<BasicRequestContext>.RouteDescription]) {
    var order: [String] = []
    var methods: [String: [HTTPRequest.Method]] = [:]
    for route in routes {
      let path =
        "/"
        + route.path.components.map { component in
          // A literal component's description is its text; a capture's is `{name}` or
          // `:name`, a wildcard's `*` or `**`.
          let text = component.description
          return text.contains { "{}:*".contains($0) } ? "*" : text
        }.joined(separator: "/")
      if methods[path] == nil { order.append(path) }
      methods[path, default: []].append(route.method)
    }
    self.routes = order.map { path in
      var list = methods[path, default: []]
      if list.contains(.get), !list.contains(.head) { list.append(.head) }
      return (path, list)
    }
  }

  /// The methods a path takes, or `nil` for a path the server does not have.
  ///
  /// A trailing slash and repeated slashes do not matter, as they do not to the router.
  ///
  /// - Parameter path: The request's path, without the query.
  /// - Returns: The methods.
  package func methods(forPath path: String) -> [HTTPRequest.Method]? {
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
