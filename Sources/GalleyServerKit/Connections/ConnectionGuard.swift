// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyTools
import NIOCore
import NIOHTTP1

/// Guards one HTTP/1 connection, between NIO's HTTP codec and Hummingbird: what a slow,
/// hostile or unlucky client can do to a server stops here.
///
/// - **Timeouts** (``ConnectionLimits``): a head that does not arrive in time closes the
///   connection; a stalled body is answered 408; an answer left untaken closes it.
/// - **Connections** past ``ConnectionLimits/maximumConnections`` close the connection idle
///   the longest (none started a request, or between requests); when none is idle, they are
///   answered 503 with `Retry-After`.
/// - **Framing** (RFC 9112): an HTTP/1.1 request needs exactly one `Host` (400); a transfer
///   coding other than `chunked` is 501; an `Expect` other than `100-continue` is 417; a
///   `Content-Length` over `--max-body` is 413 before the body is read; a parse error is 400
///   (431 for a head over NIO's limits). The guard answers these itself, with the error
///   document and `Connection: close`.
/// - **`Expect: 100-continue`** gets `100 Continue` when the request is passed on.
/// - **Closing**: a request that is not keep-alive (HTTP/1.0 without `Connection:
///   keep-alive`, or `Connection: close`) closes the connection after its answer. An answer
///   written before its request's body was read (a 413 on a chunked body) closes it too, after
///   reading and dropping the rest of the body for at most ``ConnectionLimits/lingerTime``,
///   so the client, still sending, reads the answer.
/// - **Shutdown**: idle connections close at once, the others after their answer or at
///   ``ConnectionLimits/drainTimeout``, whatever the client does.
/// - **Answer memory**: every byte of an answer counts in ``ConnectionLedger`` until the
///   kernel takes it.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// A request passed on and not answered yet.
  struct Exchange {
    /// The request's HTTP version.
    var version: HTTPVersion
    /// Whether the connection may stay open after the answer.
    var keepAlive: Bool
  }

  let limits: ConnectionLimits
  let ledger: ConnectionLedger

  /// Requests passed on and not answered yet, oldest first (more than one when pipelined).
  var exchanges: [Exchange] = []
  /// A request's head arrived and its end has not.
  var reading = false
  /// The request being read is not passed on: the guard answered it, or its answer was
  /// written before its body was read.
  var dropping = false
  /// When the guard started to drop a body after its answer (lingering), or `nil`.
  var lingerStart: NIODeadline?
  /// The write of the answer that closes the connection, once it is under way.
  var closingWrite: EventLoopFuture<Void>?
  /// The application has started the answer to the oldest request.
  var answerStarted = false
  /// The answer being written closes the connection.
  var answerCloses = false
  /// The guard's own answer, waiting for the answers to earlier requests.
  var pendingAnswer: Failure?
  /// The connection is closing: nothing more is read or written.
  var closing = false
  /// The guard answered the request the application is working on (a stalled body, a parse
  /// error): the application's answer is dropped.
  var abandoned = false
  /// Shutdown has started.
  var quiescing = false
  /// This connection counts past the limit: its requests are answered 503.
  var refusing = false
  /// The connection's entry in the ledger, while it is counted open.
  var entry: ConnectionLedger.Entry?
  /// Answers written in full on this connection.
  var served = 0
  /// The last read, or the end of the last answer.
  var lastActivity = NIODeadline.now()
  /// The timeout of the connection's state (head, body, lingering).
  var timer: Scheduled<Void>?
  /// When ``timer`` fires.
  var timerDeadline: NIODeadline?
  /// Shutdown's drain deadline.
  var drainTimer: Scheduled<Void>?
  /// The send timeout, armed while the connection cannot take more writes.
  var sendTimer: Scheduled<Void>?

  /// A guard for one connection.
  ///
  /// - Parameters:
  ///   - limits: The timeouts and limits.
  ///   - ledger: The server's shared counts.
  init(limits: ConnectionLimits, ledger: ConnectionLedger) {
    self.limits = limits
    self.ledger = ledger
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { start(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    start(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    stop()
    context.fireChannelInactive()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    stop()
  }

  /// Counts the connection and arms the head timeout.
  private func start(_ context: ChannelHandlerContext) {
    guard entry == nil else { return }
    refusing = ledger.opened() > limits.maximumConnections && !ledger.reclaimIdle()
    entry = ledger.register(context.channel)
    lastActivity = .now()
    rearm(context)
  }

  /// Uncounts the connection and cancels its timers.
  private func stop() {
    closing = true
    for scheduled in [timer, drainTimer, sendTimer] { scheduled?.cancel() }
    timer = nil
    drainTimer = nil
    sendTimer = nil
    if let entry {
      self.entry = nil
      entry.becameBusy()
      ledger.unregister(entry)
      ledger.closed()
    }
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !closing else { return }
    lastActivity = .now()
    switch unwrapInboundIn(data) {
    case .head(let head):
      received(head, context: context)
    case .body:
      if !dropping { context.fireChannelRead(data) }
    case .end:
      reading = false
      if dropping {
        dropping = false
        lingerStart = nil
        if answerCloses { closeAfterAnswer(context) }
      } else {
        context.fireChannelRead(data)
      }
      rearm(context)
    }
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    // Lingering reads on its own: nothing it drops reaches the application's buffer.
    if dropping { context.read() }
    context.fireChannelReadComplete()
  }

  /// A request's head: refused or checked, then passed on (with `100 Continue` when asked).
  private func received(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
    reading = true
    entry?.becameBusy()
    if answerCloses || closing {
      // A request pipelined after one that closes the connection is never served.
      dropping = true
      return
    }
    if let failure = refusing ? refusal : Self.problem(with: head, limits: limits) {
      ledger.record(refusing ? .refused : .framing)
      dropping = true
      answer(failure, context: context)
      return
    }
    exchanges.append(Exchange(version: head.version, keepAlive: head.isKeepAlive && !quiescing))
    if exchanges.count == 1, Self.expectsContinue(head) {
      context.writeAndFlush(
        wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))),
        promise: nil)
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
    rearm(context)
  }

  /// The 503 of a connection past the limit.
  private var refusal: Failure {
    Failure(
      .saturated, kind: "tooManyConnections",
      "the server serves \(limits.maximumConnections) connections at once; retry")
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parseError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    // A body cut short while the guard drops it after its answer: the end it waited for.
    guard lingerStart == nil else { return close(context) }
    guard !closing else { return }
    // The codec cannot go on after a parse error: answer it if no answer has started, and
    // close after lingering, so a client still sending reads the answer.
    ledger.record(.framing)
    reading = true
    dropping = true
    if exchanges.count <= 1 && !answerStarted {
      abandoned = !exchanges.isEmpty
      exchanges.removeAll()
      answer(Self.failure(for: parseError), context: context)
    } else {
      close(context)
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    guard event is ChannelShouldQuiesceEvent else {
      context.fireUserInboundEventTriggered(event)
      return
    }
    quiesce(context)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    sendBufferChanged(context)
    context.fireChannelWritabilityChanged()
  }
}
#endif
