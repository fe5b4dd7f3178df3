// Built with the `Server` trait only (Package.swift).
#if Server
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
    /// A request whose framing the server refused (400, 413, 417, 431, 501).
    case framing
  }

  private let open = Atomic<Int>(0)
  private let unsent = Atomic<Int>(0)
  private let closes = Mutex([Int](repeating: 0, count: Reason.allCases.count))

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
