// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyService
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging

/// The HTTP service: the routes over a ``GalleyService/TextService``, with the worker
/// limit, the render cache and the metrics; `galley-server` runs it, and the tests start it
/// in-process on a free port.
///
/// | route | answer |
/// |---|---|
/// | `POST /v1/format`, `/v1/layout`, `/v1/hit`, `/v1/render` | see ``GalleyService/TextService`` |
/// | `POST /v1/check` | `galley check --json`'s report (``GalleyCheck/CheckRequest``) |
/// | `GET /v1/font`, `GET /v1/fonts` | `galley font --json`, `galley fonts --json` |
/// | `GET /healthz`, `GET /metrics`, `GET /openapi.json` | health, Prometheus text, OpenAPI |
/// | `GET /`, `GET /static/<file>` | the playground's files |
///
/// Every `GET` also answers `HEAD`; a known path with another method answers 405 with `Allow`.
package struct ServiceApplication: Sendable {
  /// The work of each endpoint.
  package let service: TextService
  /// How the server runs.
  package let configuration: ServerConfiguration
  /// The worker limit and its queue.
  package let limiter: WorkLimiter
  /// The render cache.
  package let cache: RenderCache
  /// The metrics.
  package let metrics: ServiceMetrics
  /// The connections' shared counts.
  package let ledger = ConnectionLedger()

  /// Creates the application's parts.
  ///
  /// - Parameters:
  ///   - service: The service, over the server's fonts.
  ///   - configuration: How the server runs.
  package init(service: TextService, configuration: ServerConfiguration) {
    self.service = service
    self.configuration = configuration
    limiter = WorkLimiter(
      workers: configuration.workers, queueLimit: configuration.effectiveQueueLimit)
    let logger = Logger(label: "galley-server.cache")
    do {
      // The command checked the directory; a cache that cannot open it keeps memory only.
      cache = try RenderCache(
        memoryCapacity: configuration.cacheBytes, directory: configuration.cacheDirectory,
        diskCapacity: configuration.cacheDiskBytes, report: { logger.warning("\($0)") })
    } catch {
      logger.error("the render cache keeps memory only: \(error)")
      cache = RenderCache(memoryCapacity: configuration.cacheBytes)
    }
    metrics = ServiceMetrics()
  }

  /// The routes ``makeRouter()`` serves, read from a router with the same routes.
  package var routeTable: RouteTable {
    let listing = Router(options: .autoGenerateHeadEndpoints)
    addRoutes(to: listing)
    return RouteTable(listing.routes)
  }

  /// The router with every route (`HEAD` wherever `GET` is), error documents for its own 404
  /// and 405 answers (from ``routeTable``), and CORS when an origin is configured.
  ///
  /// - Returns: The router.
  package func makeRouter() -> Router<BasicRequestContext> {
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RoutingErrorMiddleware(table: routeTable))
    if let origin = configuration.corsOrigin {
      router.add(
        middleware: CORSMiddleware(
          allowOrigin: .oneOf(origin), allowHeaders: [.contentType, .ifNoneMatch],
          allowMethods: [.get, .head, .post, .options],
          exposedHeaders: ["ETag"] + ImageHeaders.names))
    }
    addRoutes(to: router)
    return router
  }

  /// Adds every route: the text endpoints, then the pages.
  private func addRoutes(to router: Router<BasicRequestContext>) {
    addTextRoutes(to: router)
    addPageRoutes(to: router)
  }

  /// The Hummingbird application, listening on the configured host and port, its
  /// connections guarded (``ConnectionGuard``): past the connection limit and its refusal
  /// allowance, it stops accepting until a connection closes.
  ///
  /// - Parameters:
  ///   - logger: The logger.
  ///   - onServerRunning: Called with the bound port once the server listens.
  /// - Returns: The application.
  package func makeApplication(
    logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let limits = configuration.connections
    return Application(
      router: makeRouter(),
      server: .guardedHTTP1(limits: limits, ledger: ledger),
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: "galley-server",
        availableConnectionsDelegate: MaximumAvailableConnections(
          limits.maximumConnections + limits.refusalAllowance, logger: logger)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }
}
#endif
