// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import GalleyService
import GalleyTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Starts a ``ServiceApplication`` over the hermetic fonts in-process on a free port, and
/// sends it requests.
enum ServerHarness {
  /// A configuration for tests: loopback, a free port, two workers.
  static func configuration() -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.workers = 2
    return configuration
  }

  /// An application over the hermetic fonts, not started.
  ///
  /// - Parameter configuration: How the server runs.
  /// - Returns: The application.
  /// - Throws: The font set's error.
  static func application(
    _ configuration: ServerConfiguration = configuration()
  ) throws -> ServiceApplication {
    ServiceApplication(
      service: TextService(fonts: try HermeticFonts.fontSet()), configuration: configuration)
  }

  /// Runs a test against a live server.
  ///
  /// - Parameters:
  ///   - configuration: How the server runs.
  ///   - test: The test, given the client and the application's parts.
  /// - Throws: The test's errors, or the server's.
  static func withServer(
    _ configuration: ServerConfiguration = configuration(),
    _ test: @Sendable (any TestClientProtocol, ServiceApplication) async throws -> Void
  ) async throws {
    let application = try application(configuration)
    var logger = Logger(label: "galley-server-tests")
    logger.logLevel = .warning
    try await application.makeApplication(logger: logger).test(.live) { client in
      try await test(client, application)
    }
  }
}

extension TestClientProtocol {
  /// Posts a JSON body.
  ///
  /// - Parameters:
  ///   - uri: The path and query.
  ///   - json: The body.
  ///   - headers: More headers.
  /// - Returns: The response.
  /// - Throws: The client's errors.
  func post(_ uri: String, _ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
    var fields = headers
    fields[.contentType] = "application/json"
    return try await execute(
      uri: uri, method: .post, headers: fields, body: ByteBuffer(string: json))
  }

  /// Gets a path.
  ///
  /// - Parameter uri: The path and query.
  /// - Returns: The response.
  /// - Throws: The client's errors.
  func get(_ uri: String) async throws -> TestResponse {
    try await execute(uri: uri, method: .get)
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }

  /// The body's bytes.
  var bytes: [UInt8] { Array(buffer: body) }

  /// The body parsed as JSON.
  ///
  /// - Returns: The value.
  /// - Throws: When the body is not JSON.
  func json() throws -> Any {
    try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  /// The `error` object of an error document.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  /// - Returns: The object.
  /// - Throws: When the body is not an error document.
  func errorDetail(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let document = try #require(try json() as? [String: Any], sourceLocation: sourceLocation)
    return try #require(document["error"] as? [String: Any], sourceLocation: sourceLocation)
  }
}
#endif
