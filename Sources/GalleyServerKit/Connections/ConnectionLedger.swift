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
  /// Every open connection, by identity, for a new one past the limit to close an idle one.
  private let connections = Mutex([ObjectIdentifier: Entry]())

  /// An open connection and since when it has waited for a request.
  final class Entry: Sendable {
    /// The connection.
    let channel: any Channel
    /// When it started to wait for a request (NIO's uptime, in nanoseconds), or -1 while a
    /// request is open.
    ///
    /// Its own event loop writes it, with no lock; a new connection past the limit reads it.
    private let idleSince = Atomic<Int64>(-1)

    init(channel: any Channel) { self.channel = channel }

    /// Notes that the connection waits for a request from now.
    func becameIdle() {
      idleSince.store(Int64(clamping: NIODeadline.now().uptimeNanoseconds), ordering: .relaxed)
    }

    /// Notes that a request started.
    func becameBusy() { idleSince.store(-1, ordering: .relaxed) }

    /// Since when it has been idle, or `nil`.
    var idle: Int64? {
      let since = idleSince.load(ordering: .relaxed)
      return since >= 0 ? since : nil
    }

    /// Takes the connection for closing if it is still idle since `since`.
    func claim(idleSince since: Int64) -> Bool {
      idleSince.compareExchange(expected: since, desired: -1, ordering: .relaxed).exchanged
    }
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

  /// Registers an open connection, idle until its first request.
  ///
  /// - Parameter channel: The connection.
  /// - Returns: Its entry, which the connection keeps up to date.
  func register(_ channel: any Channel) -> Entry {
    let entry = Entry(channel: channel)
    entry.becameIdle()
    connections.withLock { $0[ObjectIdentifier(entry)] = entry }
    return entry
  }

  /// Forgets a closed connection.
  ///
  /// - Parameter entry: Its entry.
  func unregister(_ entry: Entry) {
    _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(entry)) }
  }

  /// Closes the connection idle the longest, as nginx reuses idle connections when it runs
  /// out of them.
  ///
  /// - Returns: Whether there was one to close.
  func reclaimIdle() -> Bool {
    let entries = connections.withLock { Array($0.values) }
    // The oldest idle one that is still idle when taken (its loop may start a request).
    let idle = entries.compactMap { entry in entry.idle.map { (entry, $0) } }
    for (entry, since) in idle.sorted(by: { $0.1 < $1.1 }) where entry.claim(idleSince: since) {
      record(.reclaimed)
      entry.channel.close(promise: nil)
      return true
    }
    return false
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
