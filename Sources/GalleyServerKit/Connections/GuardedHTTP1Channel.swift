// Built with the `Server` trait only (Package.swift).
#if Server
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel with a ``ConnectionGuard`` in its pipeline.
///
/// The guard sits between NIO's HTTP codec and the conversion to Swift HTTP Types, where the
/// request's version and raw headers are still known, and takes the place of Hummingbird's
/// idle and quiesce handling.
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  let responder: HTTPChannelHandler.Responder
  let limits: ConnectionLimits
  let ledger: ConnectionLedger

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false,
        withOutboundHeaderValidation: false, withEncoderConfiguration: .init(),
        withDecoderLimitConfiguration: .init())
      try channel.pipeline.syncOperations.addHandler(
        ConnectionGuard(limits: limits, ledger: ledger))
      try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel,
        configuration: .init(isOutboundHalfClosureEnabled: true))
    }
  }

  func handle(value asyncChannel: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: asyncChannel, logger: logger)
  }
}

extension HTTPServerBuilder {
  /// An HTTP/1 server whose connections a ``ConnectionGuard`` guards.
  ///
  /// - Parameters:
  ///   - limits: The timeouts and limits.
  ///   - ledger: The server's shared counts.
  /// - Returns: The builder.
  static func guardedHTTP1(limits: ConnectionLimits, ledger: ConnectionLedger) -> Self {
    .init { responder in
      GuardedHTTP1Channel(responder: responder, limits: limits, ledger: ledger)
    }
  }
}
#endif
