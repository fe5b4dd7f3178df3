// Built with the `Server` trait only (Package.swift).
#if Server

/// How long `galley-server` waits for each part of an HTTP/1 exchange, and how many
/// connections it serves; ``ConnectionGuard`` applies them to every connection.
///
/// The defaults are nginx's where nginx has one (`client_header_timeout`,
/// `client_body_timeout`, `keepalive_timeout`, `send_timeout`, `lingering_time`,
/// `lingering_timeout`).
package struct ConnectionLimits: Hashable, Sendable {
  /// The most time from a connection's start to its first request's complete head
  /// (`--header-timeout`).
  package var headerTimeout: Duration = .seconds(60)
  /// The most time between two reads of a request's body (`--body-timeout`); past it, 408.
  package var bodyTimeout: Duration = .seconds(60)
  /// The most time from an answer's end to the next request's complete head
  /// (`--keep-alive-timeout`).
  package var keepAliveTimeout: Duration = .seconds(75)
  /// The most time a client may leave an answer untaken: the connection's send buffer full
  /// (64 KB waiting) with less than 32 KB taken since (`--send-timeout`).
  package var sendTimeout: Duration = .seconds(60)
  /// The most time spent reading and dropping the rest of a body that was answered before it
  /// was read (a 413), so that the client, still sending, reads the answer.
  package var lingerTime: Duration = .seconds(30)
  /// The most time between two reads while lingering.
  package var lingerTimeout: Duration = .seconds(5)
  /// The most time a connection may take to finish once shutdown starts
  /// (`--drain-timeout`); idle connections close at once.
  package var drainTimeout: Duration = .seconds(10)
  /// The most connections served at once (`--max-connections`).
  ///
  /// A connection past it closes the one idle the longest, or, with none idle, is answered
  /// 503. Up to ``refusalAllowance`` connections past it are accepted; past those, the server
  /// stops accepting until one closes.
  package var maximumConnections = 1024
  /// The largest request body, in bytes (`--max-body` KB); a `Content-Length` past it is
  /// answered 413 before the body is read.
  package var maximumBodyBytes = 1024 * 1024
  /// The most bytes of answers written but not yet taken by their clients, over every
  /// connection (`--answer-memory` MB); past it, new work is answered 503.
  package var unsentAnswerBytes = 256 << 20

  /// Connections accepted past ``maximumConnections`` to be told 503 rather than left
  /// waiting in the listen queue.
  package var refusalAllowance: Int { max(8, maximumConnections / 16) }

  /// The file descriptors the server keeps beyond its connections (font files, the disk
  /// cache, the listening socket, standard streams).
  package static let reservedDescriptors = 64

  /// The default limits.
  package init() {}

  /// The most connections a process allowed `descriptors` open files can serve, its
  /// refusals and reserved descriptors counted.
  ///
  /// - Parameter descriptors: The process's limit on open files (`RLIMIT_NOFILE`).
  /// - Returns: The most connections, at least 1.
  package static func maximumConnections(descriptors: Int) -> Int {
    // connections + max(8, connections / 16) + reserved ≤ descriptors
    let room = descriptors - reservedDescriptors
    return max(1, min(room - 8, room * 16 / 17))
  }
}
#endif
