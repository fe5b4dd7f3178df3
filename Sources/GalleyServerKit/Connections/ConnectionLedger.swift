// Built with the `Server` trait only (Package.swift).
#if Server
import NIOCore
import Synchronization

/// What every connection of a server shares: how many are open, the bytes of answers
/// written but not yet taken by their clients, and why connections were closed.
///
/// ``ConnectionGuard`` keeps it; the routes read ``unsentAnswerBytes`` before taking new
/// work, and `/metrics` shows all of it.
package final class ConnectionLedger: Sendable {
  /// Why the server closed a connection or refused a request.
  package enum Reason: String, CaseIterable, Sendable {
    /// No complete request head in time.
    case headerTimeout = "header_timeout"
    /// A body stalled.
    case bodyTimeout = "body_timeout"
    /// No new request in time after an answer.
    case keepAliveTimeout = "keep_alive_timeout"
    /// An answer left untaken.
    case sendTimeout = "send_timeout"
    /// A body answered early, not finished in the lingering time.
    case linger
    /// Shutdown's drain time ran out.
    case drain
    /// A request answered 503 past `--max-connections`.
    case refused
    /// An idle connection closed to make room for a new one past `--max-connections`.
    case reclaimed
    /// A request whose framing the server refused (400, 413, 417, 431, 501).
    case framing
  }

  private let open = Atomic<Int>(0)
  private let unsent = Atomic<Int>(0)
  private let closes = Mutex([Int](repeating: 0, count: Reason.allCases.count))
  /// Connections waiting for a request (none started, or between requests), by identity, with
  /// the order they became idle in.
  private let idle = Mutex(Idle())

  /// The idle connections.
  private struct Idle: ~Copyable {
    var channels: [ObjectIdentifier: (channel: any Channel, order: Int)] = [:]
    var next = 0
  }

  /// An empty ledger.
  package init() {}

  /// The connections open now.
  package var openConnections: Int { open.load(ordering: .relaxed) }

  /// The bytes of answers written but not yet handed to the kernel.
  package var unsentAnswerBytes: Int { unsent.load(ordering: .relaxed) }

  /// How many connections were closed, or requests refused, for a reason.
  ///
  /// - Parameter reason: The reason.
  /// - Returns: The count since the server started.
  package func count(_ reason: Reason) -> Int {
    closes.withLock { $0[Self.index(reason)] }
  }

  /// Counts a connection opened.
  ///
  /// - Returns: The connections open now, this one included.
  func opened() -> Int { open.add(1, ordering: .relaxed).newValue }

  /// Counts a connection closed.
  func closed() { open.subtract(1, ordering: .relaxed) }

  /// Counts answer bytes written (positive) or handed to the kernel or dropped (negative).
  ///
  /// - Parameter bytes: The change.
  func addUnsent(_ bytes: Int) { unsent.add(bytes, ordering: .relaxed) }

  /// Notes a connection waiting for a request, which a new connection past the limit may
  /// close.
  ///
  /// - Parameter channel: The connection.
  func becameIdle(_ channel: any Channel) {
    idle.withLock {
      $0.channels[ObjectIdentifier(channel)] = (channel, $0.next)
      $0.next += 1
    }
  }

  /// Notes a connection that started a request or closed.
  ///
  /// - Parameter channel: The connection.
  func becameBusy(_ channel: any Channel) {
    _ = idle.withLock { $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
  }

  /// Closes the connection idle the longest, as nginx reuses idle connections when it runs
  /// out of them.
  ///
  /// - Returns: Whether there was one to close.
  func reclaimIdle() -> Bool {
    let oldest: (any Channel)? = idle.withLock { idle in
      guard let (key, entry) = idle.channels.min(by: { $0.value.order < $1.value.order })
      else { return nil }
      idle.channels.removeValue(forKey: key)
      return entry.channel
    }
    guard let oldest else { return false }
    record(.reclaimed)
    oldest.close(promise: nil)
    return true
  }

  /// Counts a connection closed or a request refused for a reason.
  ///
  /// - Parameter reason: The reason.
  func record(_ reason: Reason) {
    closes.withLock { $0[Self.index(reason)] += 1 }
  }

  /// A reason's place in ``Reason/allCases``.
  private static func index(_ reason: Reason) -> Int {
    Reason.allCases.firstIndex(of: reason) ?? 0
  }
}
#endif
