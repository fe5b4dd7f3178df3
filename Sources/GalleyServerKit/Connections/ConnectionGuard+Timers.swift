// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyTools
import NIOCore
import NIOHTTP1

extension ConnectionGuard {
  /// The deadline of the connection's state and what passing it means: the head's (header
  /// or keep-alive timeout) while no request is open, the body's while one is read, the
  /// lingering's while a body is dropped; none while the application answers.
  var deadline: (at: NIODeadline, reason: ConnectionLedger.Reason)? {
    if closing { return nil }
    if let lingerStart {
      let end = min(
        lingerStart + .init(limits.lingerTime), lastActivity + .init(limits.lingerTimeout))
      return (end, .linger)
    }
    if reading && !dropping { return (lastActivity + .init(limits.bodyTimeout), .bodyTimeout) }
    guard exchanges.isEmpty && !reading else { return nil }
    return served == 0
      ? (lastActivity + .init(limits.headerTimeout), .headerTimeout)
      : (lastActivity + .init(limits.keepAliveTimeout), .keepAliveTimeout)
  }

  /// Arms the timer for the state's deadline.
  ///
  /// The timer checks the deadline again when it fires, so a timer armed for an earlier time
  /// is kept: on a busy keep-alive connection, requests arm nothing, and the timer fires once
  /// a timeout's length to re-arm itself.
  ///
  /// - Parameter context: The guard's context.
  func rearm(_ context: ChannelHandlerContext) {
    guard let deadline else { return }
    if timer != nil, let timerDeadline, timerDeadline <= deadline.at { return }
    timer?.cancel()
    timerDeadline = deadline.at
    timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline.at) {
      self.timer = nil
      self.timerDeadline = nil
      self.expired(context)
    }
  }

  /// The timer fired: re-arms if the deadline moved, else acts on it.
  ///
  /// A stalled body is answered 408 when no answer has started; anything else closes.
  private func expired(_ context: ChannelHandlerContext) {
    guard let deadline else { return }
    guard deadline.at <= .now() else { return rearm(context) }
    guard deadline.reason == .bodyTimeout, exchanges.count == 1, !answerStarted else {
      return close(context, reason: deadline.reason)
    }
    ledger.record(.bodyTimeout)
    exchanges.removeAll()
    abandoned = true
    reading = false
    dropping = true
    answer(
      Failure(
        .timeout, kind: "bodyTimeout",
        "the request body stalled: nothing arrived for \(limits.bodyTimeout)"),
      context: context)
  }

  /// Shutdown started: an idle connection closes now; one with a request open closes after
  /// its answer, or at the drain deadline.
  ///
  /// - Parameter context: The guard's context.
  func quiesce(_ context: ChannelHandlerContext) {
    quiescing = true
    if exchanges.isEmpty && !reading {
      return close(context)
    }
    drainTimer = context.eventLoop.assumeIsolated().scheduleTask(
      in: .init(limits.drainTimeout)
    ) {
      self.drainTimer = nil
      self.close(context, reason: .drain)
    }
  }

  /// The send buffer filled (the client is not taking the answer) or emptied: arms or
  /// cancels the send timeout.
  ///
  /// - Parameter context: The guard's context.
  func sendBufferChanged(_ context: ChannelHandlerContext) {
    sendTimer?.cancel()
    sendTimer = nil
    guard !context.channel.isWritable, !closing else { return }
    sendTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .init(limits.sendTimeout)) {
      self.sendTimer = nil
      self.close(context, reason: .sendTimeout)
    }
  }
}
#endif
