// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyTools
import NIOCore
import NIOHTTP1

extension ConnectionGuard {
  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard !closing && !abandoned else {
      promise?.fail(ChannelError.ioOnClosedChannel)
      return
    }
    switch unwrapOutboundIn(data) {
    case .head(let head):
      guard head.status.code >= 200 || head.status == .switchingProtocols else {
        context.write(data, promise: promise)
        return
      }
      context.write(wrapOutboundOut(.head(headed(head))), promise: promise)
    case .body(.byteBuffer(let buffer)):
      let count = buffer.readableBytes
      let written = promise ?? context.eventLoop.makePromise()
      ledger.addUnsent(count)
      written.futureResult.whenComplete { [ledger] _ in ledger.addUnsent(-count) }
      context.write(data, promise: written)
    case .body:
      context.write(data, promise: promise)
    case .end:
      ended(data, promise: promise, context: context)
    }
  }

  /// An answer's head, with the `Connection` header that says what happens after it.
  ///
  /// The connection closes after this answer when its request is not keep-alive, or when it
  /// is the last request and the server is shutting down or the request's body has not been
  /// read (the answer came first, as a 413 does).
  private func headed(_ head: HTTPResponseHead) -> HTTPResponseHead {
    answerStarted = true
    let exchange = exchanges.first ?? Exchange(version: .http1_1, keepAlive: false)
    let last = exchanges.count <= 1
    answerCloses = !exchange.keepAlive || (last && (quiescing || reading))
    var head = head
    if answerCloses {
      head.headers.replaceOrAdd(name: "Connection", value: "close")
    } else if exchange.version.major == 1 && exchange.version.minor == 0 {
      head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
    }
    return head
  }

  /// An answer's end: the connection closes, lingers over the rest of the body, or waits for
  /// the next request.
  private func ended(
    _ data: NIOAny, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext
  ) {
    if !exchanges.isEmpty { exchanges.removeFirst() }
    answerStarted = false
    served += 1
    lastActivity = .now()
    guard answerCloses else {
      context.write(data, promise: promise)
      if exchanges.isEmpty, let failure = pendingAnswer {
        pendingAnswer = nil
        answer(failure, context: context)
      } else if exchanges.isEmpty && !reading {
        entry?.becameIdle()
      }
      rearm(context)
      return
    }
    let written = promise ?? context.eventLoop.makePromise()
    context.writeAndFlush(data, promise: written)
    finish(after: written.futureResult, context: context)
  }

  /// After the last answer: closes once it is written, or lingers over the body still coming.
  private func finish(after written: EventLoopFuture<Void>, context: ChannelHandlerContext) {
    closingWrite = written
    guard reading else {
      closeAfterAnswer(context)
      return
    }
    dropping = true
    lingerStart = .now()
    context.read()
    rearm(context)
  }

  /// Answers a request itself with a failure's error document and `Connection: close`.
  ///
  /// The body still coming is dropped. The answer waits for the answers to earlier requests.
  ///
  /// - Parameters:
  ///   - failure: The failure.
  ///   - context: The guard's context.
  func answer(_ failure: Failure, context: ChannelHandlerContext) {
    guard exchanges.isEmpty else {
      pendingAnswer = pendingAnswer ?? failure
      return
    }
    let body = ByteBuffer(string: failure.document + "\n")
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: Reply.jsonType)
    headers.add(name: "Content-Length", value: String(body.readableBytes))
    headers.add(name: "Connection", value: "close")
    if failure.category.httpStatus == 503 { headers.add(name: "Retry-After", value: "1") }
    let status = HTTPResponseStatus(statusCode: failure.category.httpStatus)
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
      promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    let written = context.eventLoop.makePromise(of: Void.self)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
    answerCloses = true
    finish(after: written.futureResult, context: context)
  }

  /// Closes the connection once the answer that closes it is written.
  ///
  /// - Parameter context: The guard's context.
  func closeAfterAnswer(_ context: ChannelHandlerContext) {
    guard let closingWrite else { return close(context) }
    closingWrite.assumeIsolated().whenComplete { _ in self.close(context) }
  }

  /// Closes the connection, once.
  ///
  /// - Parameters:
  ///   - context: The guard's context.
  ///   - reason: Why, counted in the ledger; `nil` for a close the protocol asks for.
  func close(_ context: ChannelHandlerContext, reason: ConnectionLedger.Reason? = nil) {
    guard !closing else { return }
    if let reason { ledger.record(reason) }
    closing = true
    timer?.cancel()
    context.close(promise: nil)
  }
}
#endif
