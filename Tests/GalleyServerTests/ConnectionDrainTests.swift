// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import Logging
import ServiceLifecycle
import Testing

/// Shutdown ends within the drain timeout whatever clients do: idle connections close at
/// once, a request still arriving at the drain timeout.
@Suite struct ConnectionDrainTests {
  @Test func shutdownEndsAtTheDrainTimeoutWhileAClientHoldsAHalfSentRequest() async throws {
    var configuration = ConnectionGuardTests.configuration()
    configuration.connections.bodyTimeout = .seconds(60)
    configuration.connections.headerTimeout = .seconds(60)
    configuration.connections.drainTimeout = .seconds(1)
    let application = try ServerHarness.application(configuration)
    var logger = Logger(label: "galley-server-tests")
    logger.logLevel = .warning
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let server = application.makeApplication(logger: logger) { port in
      continuation.yield(port)
    }
    let group = ServiceGroup(services: [server], logger: logger)
    let running = Task { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())

    let idle = try RawConnection(port: port)
    let halfSent = try RawConnection(port: port)
    // `100 Continue` says the server has the head: the request is open when shutdown starts.
    let body = ConnectionGuardTests.format
    halfSent.send(
      "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
        + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
    var interim = ""
    let clock = ContinuousClock()
    let waited = clock.now
    while !interim.contains("100 Continue"), clock.now - waited < .seconds(20) {
      interim += halfSent.read(for: .milliseconds(100)).text
    }
    try #require(interim.contains("100 Continue"))
    halfSent.send(String(body.dropLast(3)))
    let start = clock.now
    await group.triggerGracefulShutdown()
    try await running.value
    let elapsed = clock.now - start
    // The drain timeout is 1 s; a loaded machine may take longer to close and return.
    #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10), "\(elapsed)")
    #expect(idle.read(for: .milliseconds(100)).closed)
    #expect(halfSent.read(for: .milliseconds(100)).closed)
    #expect(application.ledger.count(.drain) == 1)
  }
}
#endif
