// Built with the `Server` trait only (Package.swift).
#if Server
import Foundation
import GalleyServerKit
import Hummingbird
import HummingbirdTesting
import Testing

/// What slow, hostile and unlucky clients meet, over raw sockets: timeouts, the connection
/// limit, framing answered by the connection guard, `100 Continue`, HTTP/1.0, early answers
/// read by clients still sending, and the memory of answers left unread.
@Suite(.serialized) struct ConnectionGuardTests {
  /// A configuration with short timeouts.
  static func configuration() -> ServerConfiguration {
    var configuration = ServerHarness.configuration()
    configuration.connections.headerTimeout = .milliseconds(500)
    configuration.connections.bodyTimeout = .milliseconds(500)
    configuration.connections.keepAliveTimeout = .milliseconds(700)
    configuration.connections.lingerTimeout = .seconds(2)
    configuration.connections.maximumBodyBytes = 64 * 1024
    return configuration
  }

  /// A configuration with a connection limit and long timeouts, so that only the limit
  /// closes connections.
  static func configuration(limit: Int) -> ServerConfiguration {
    var configuration = configuration()
    configuration.connections.maximumConnections = limit
    configuration.connections.headerTimeout = .seconds(30)
    configuration.connections.bodyTimeout = .seconds(30)
    configuration.connections.keepAliveTimeout = .seconds(30)
    return configuration
  }

  /// Runs a test against a live server, given its port and application.
  static func withServer(
    _ configuration: ServerConfiguration = configuration(),
    _ test: @Sendable @escaping (Int, ServiceApplication) async throws -> Void
  ) async throws {
    try await ServerHarness.withServer(configuration) { client, application in
      try await test(try #require(client.port), application)
    }
  }

  static let format = #"{"markup":"Hello"}"#

  /// A `POST /v1/format` with a body.
  static func post(_ body: String = format, headers: String = "") -> String {
    "POST /v1/format HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)"
  }

  @Test(
    "Framing the guard refuses: its status, its kind, and the connection closed",
    arguments: [
      ("GET /healthz HTTP/1.1\r\n\r\n", 400, "badHost"),
      ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "badHost"),
      ("GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", 400, "badHost"),
      (
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
        501, "unsupportedTransferCoding"
      ),
      (
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n",
        400, "badFraming"
      ),
      (
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nExpect: magic\r\nContent-Length: 2\r\n\r\n{}",
        417, "unsupportedExpectation"
      ),
      (
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n", 413,
        "bodyTooLarge"
      ),
      (
        "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: <90 KB>\r\n\r\n", 431, "headersTooLarge"
      ),
    ])
  func framing(request: String, status: Int, kind: String) async throws {
    try await Self.withServer { port, application in
      let connection = try RawConnection(port: port)
      connection.send(
        request.replacingOccurrences(of: "<90 KB>", with: String(repeating: "x", count: 90_000)))
      // A body announced and never sent is awaited for the lingering timeout (2 s).
      let reading = connection.read(for: .seconds(10))
      #expect(reading.status == status, "\(reading.text.prefix(300))")
      #expect(reading.errorKind == kind)
      #expect(reading.header("Connection") == "close")
      #expect(reading.closed)
      #expect(application.ledger.count(.framing) == 1)
    }
  }

  @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
    // Long timeouts: a close well before them is HTTP/1.0's, not a timeout's (the bound leaves
    // room for a loaded machine running the other tests beside this one).
    var configuration = Self.configuration()
    configuration.connections.keepAliveTimeout = .seconds(120)
    configuration.connections.headerTimeout = .seconds(120)
    try await Self.withServer(configuration) { port, _ in
      let plain = try RawConnection(port: port)
      plain.send("GET /healthz HTTP/1.0\r\n\r\n")
      let closed = plain.read(for: .seconds(60))
      #expect(closed.status == 200)
      #expect(closed.header("Connection") == "close")
      #expect(closed.closed && closed.elapsed < .seconds(45), "\(closed.elapsed)")

      let kept = try RawConnection(port: port)
      kept.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
      let first = kept.readAnswers(1)
      #expect(first.status == 200)
      #expect(first.header("Connection") == "keep-alive")
      kept.send("GET /healthz HTTP/1.0\r\n\r\n")
      // The read ends at the close; the limit only bounds a server that never closes.
      let second = kept.read(for: .seconds(45))
      #expect(second.status == 200)
      #expect(second.closed)
    }
  }

  @Test func expectContinueGetsAnInterimAnswerThenTheAnswer() async throws {
    try await Self.withServer { port, _ in
      let connection = try RawConnection(port: port)
      let body = Self.format
      connection.send(
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
          + "Expect: 100-continue\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
      let interim = connection.read(for: .milliseconds(300))
      #expect(interim.text == "HTTP/1.1 100 Continue\r\n\r\n")
      connection.send(body)
      let answer = connection.readAnswers(1)
      #expect(answer.statuses == [200])
    }
  }

  @Test func expectContinueWithABodyPastTheLimitGetsAnEarly413() async throws {
    try await Self.withServer { port, _ in
      let connection = try RawConnection(port: port)
      connection.send(
        "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
          + "Expect: 100-continue\r\nContent-Length: 99999999\r\n\r\n")
      // The client sends nothing more: the answer comes before any body, without 100.
      let reading = connection.read(for: .seconds(10))
      #expect(reading.status == 413, "\(reading.text.prefix(300))")
      #expect(!reading.text.contains("100 Continue"))
      #expect(reading.errorKind == "bodyTooLarge")
      #expect(reading.closed)
    }
  }

  @Test func aHeadTrickledLineByLineIsClosedAtTheHeaderTimeout() async throws {
    try await Self.withServer { port, application in
      let connection = try RawConnection(port: port)
      let clock = ContinuousClock()
      let start = clock.now
      var lines = 0
      // A header line every 100 ms: each line is news, but the head's deadline (500 ms)
      // counts from its first byte, as nginx's client_header_timeout does for a whole head.
      connection.send("POST /v1/format HTTP/1.1\r\nHost: a\r\n")
      while lines < 60, connection.send("X-Slow-\(lines): y\r\n") {
        lines += 1
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(lines < 60, "still open after \(clock.now - start)")
      #expect(clock.now - start < .seconds(4))
      #expect(application.ledger.count(.headerTimeout) >= 1)
    }
  }

  @Test func pipelinedRequestsAreAnsweredInOrderAndCloseOnRequest() async throws {
    try await Self.withServer { port, _ in
      let connection = try RawConnection(port: port)
      let health = "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
      connection.send(
        health + Self.post() + "GET /nowhere HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
      let reading = connection.read(for: .seconds(5))
      #expect(reading.statuses == [200, 200, 404], "\(reading.text)")
      #expect(reading.closed)
    }
  }

  @Test func slowClientsAreClosed() async throws {
    try await Self.withServer { port, application in
      // No head at all, then a head trickled and never finished.
      let idle = try RawConnection(port: port)
      let trickled = try RawConnection(port: port)
      trickled.send("POST /v1/format HTTP/1.1\r\nHost: a\r\n")
      for connection in [idle, trickled] {
        let reading = connection.read(for: .seconds(5))
        #expect(reading.closed && reading.bytes.isEmpty)
        #expect(reading.elapsed < .seconds(4))
      }
      // The test client's own idle connection may time out too.
      #expect(application.ledger.count(.headerTimeout) >= 2)

      // A body that stalls: 408, then closed.
      let stalled = try RawConnection(port: port)
      stalled.send(String(Self.post().dropLast(5)))
      let timedOut = stalled.read(for: .seconds(5))
      #expect(timedOut.status == 408)
      #expect(timedOut.errorKind == "bodyTimeout")
      #expect(timedOut.closed)

      // Idle after an answer: closed at the keep-alive timeout.
      let kept = try RawConnection(port: port)
      kept.send(Self.post())
      let answered = kept.read(for: .seconds(5))
      #expect(answered.status == 200)
      #expect(answered.closed && answered.elapsed < .seconds(4))
      #expect(application.ledger.count(.keepAliveTimeout) == 1)
    }
  }

  @Test(arguments: [false, true])
  func aClientStillSendingReadsItsEarly413(chunked: Bool) async throws {
    try await Self.withServer { port, _ in
      let connection = try RawConnection(port: port)
      let piece = String(repeating: "x", count: 40_000)
      let count = 100
      if chunked {
        connection.send(
          "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        for _ in 0..<count { #expect(connection.send("9c40\r\n\(piece)\r\n")) }
        #expect(connection.send("0\r\n\r\n"))
      } else {
        connection.send(
          "POST /v1/format HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(count * piece.utf8.count)\r\nConnection: close\r\n\r\n")
        for _ in 0..<count { #expect(connection.send(piece)) }
      }
      let reading = connection.read(for: .seconds(10))
      #expect(reading.status == 413)
      #expect(reading.errorKind == "bodyTooLarge")
      #expect(reading.closed)
    }
  }

  /// Two connections past a limit of 2: the idle ones make room, the oldest first.
  @Test func aConnectionPastTheLimitClosesTheOldestIdleOne() async throws {
    try await Self.withServer(Self.configuration(limit: 2)) { port, application in
      let oldest = try RawConnection(port: port)
      try await Task.sleep(for: .milliseconds(50))
      let answered = try RawConnection(port: port)
      answered.send(Self.post())
      #expect(answered.readAnswers(1).status == 200)
      let extra = try RawConnection(port: port)
      extra.send(Self.post())
      #expect(extra.readAnswers(1).status == 200)
      #expect(oldest.read(for: .seconds(2)).closed)
      #expect(application.ledger.count(.reclaimed) >= 1)
      // The connection that became idle after its answer is closed for the next one.
      let next = try RawConnection(port: port)
      next.send(Self.post())
      #expect(next.readAnswers(1).status == 200)
      #expect(answered.read(for: .seconds(2)).closed)
    }
  }

  /// Past the limit with every connection busy (a request still arriving): 503.
  @Test func connectionsPastTheLimitAre503WhenNoneIsIdle() async throws {
    try await Self.withServer(Self.configuration(limit: 2)) { port, application in
      // Busy connections, one after the other (the first may close the test client's own idle
      // one), until one is refused.
      var held: [RawConnection] = []
      var refused: RawConnection.Reading?
      while refused == nil, held.count < 4 {
        let connection = try RawConnection(port: port)
        connection.send(String(Self.post().dropLast(5)))
        let reading = connection.read(for: .milliseconds(300))
        if reading.bytes.isEmpty { held.append(connection) } else { refused = reading }
      }
      let refusal = try #require(refused)
      #expect(held.count == 2)
      #expect(refusal.status == 503)
      #expect(refusal.errorKind == "tooManyConnections")
      #expect(refusal.header("Retry-After") == "1")
      #expect(application.ledger.count(.refused) == 1)
      withExtendedLifetime(held) {}
    }
  }

  @Test func answersNotTakenHoldNewWorkAndAreClosedAtTheSendTimeout() async throws {
    var configuration = Self.configuration()
    configuration.connections.unsentAnswerBytes = 1
    configuration.connections.sendTimeout = .seconds(1)
    configuration.connections.keepAliveTimeout = .seconds(30)
    configuration.limits.timeBudget = .seconds(30)
    let markup = String(repeating: "Wrap me narrowly, please. ", count: 2000)
    let large = #"{"markup":"\#(markup)","layout":{"width":30}}"#
    try await Self.withServer(configuration) { port, application in
      let reader = try RawConnection(port: port, receiveBuffer: 4096)
      reader.send(Self.post(large).replacingOccurrences(of: "/v1/format", with: "/v1/layout"))
      let clock = ContinuousClock()
      let start = clock.now
      while application.ledger.unsentAnswerBytes == 0, clock.now - start < .seconds(20) {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(application.ledger.unsentAnswerBytes > 1 << 20)
      let other = try RawConnection(port: port)
      other.send(Self.post())
      let refused = other.readAnswers(1)
      #expect(refused.status == 503)
      #expect(refused.errorKind == "answersWaiting")
      // The reader takes nothing: closed at the send timeout, its answer's memory freed.
      while application.ledger.count(.sendTimeout) == 0, clock.now - start < .seconds(20) {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(application.ledger.count(.sendTimeout) == 1)
      // The close fails the answer's write, which frees its bytes.
      while application.ledger.unsentAnswerBytes > 0, clock.now - start < .seconds(20) {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(application.ledger.unsentAnswerBytes == 0)
      other.send(Self.post())
      #expect(other.readAnswers(1).status == 200)
    }
  }

  @Test func anAnswerPastTheLimitIs422() async throws {
    var configuration = Self.configuration()
    configuration.maximumAnswerBytes = 500
    try await Self.withServer(configuration) { port, _ in
      let connection = try RawConnection(port: port)
      connection.send(Self.post().replacingOccurrences(of: "/v1/format", with: "/v1/layout"))
      let reading = connection.readAnswers(1)
      #expect(reading.status == 422)
      #expect(reading.errorKind == "answerTooLarge")
    }
  }
}
#endif

// Built with the `Server` trait only (Package.swift).
#if Server
/// The connection limit fits the process's open-file limit.
@Suite struct ConnectionLimitTests {
  @Test(arguments: [(300, 222), (1024, 903), (4096, 3794), (65, 1), (10, 1)])
  func theLimitFitsTheOpenFileLimit(descriptors: Int, connections: Int) {
    let most = ConnectionLimits.maximumConnections(descriptors: descriptors)
    #expect(most == connections)
    var limits = ConnectionLimits()
    limits.maximumConnections = most
    if descriptors > ConnectionLimits.reservedDescriptors + 16 {
      #expect(most + limits.refusalAllowance + ConnectionLimits.reservedDescriptors <= descriptors)
    }
  }
}
#endif
