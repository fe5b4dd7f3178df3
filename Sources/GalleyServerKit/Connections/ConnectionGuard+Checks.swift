// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyTools
import NIOCore
import NIOHTTP1

extension ConnectionGuard {
  /// What makes a request head unservable, checked before it reaches the application
  /// (RFC 9112 and RFC 9110), or `nil`.
  ///
  /// - An HTTP/1.1 request without `Host` or with several, an HTTP/1.0 one with several: 400.
  /// - A transfer coding other than `chunked`: 501 (NIO's parser has already refused, as a
  ///   400, a `Transfer-Encoding` whose last coding is not `chunked`).
  /// - An `Expect` other than `100-continue`: 417.
  /// - A `Content-Length` over the body limit: 413.
  ///
  /// - Parameters:
  ///   - head: The head.
  ///   - limits: The server's limits.
  /// - Returns: The failure to answer with, or `nil`.
  static func problem(with head: HTTPRequestHead, limits: ConnectionLimits) -> Failure? {
    let hosts = head.headers["Host"].count
    if hosts > 1 || (hosts == 0 && isHTTP11(head.version)) {
      return Failure(
        .request, kind: "badHost",
        "an HTTP/1.1 request needs exactly one Host header; this one has \(hosts)")
    }
    let codings = head.headers[canonicalForm: "Transfer-Encoding"].map { $0.lowercased() }
    if let coding = codings.first(where: { $0 != "chunked" }) {
      return Failure(
        .notImplemented, kind: "unsupportedTransferCoding",
        "the transfer coding '\(coding.prefix(64))' is not supported; send the body as is or chunked"
      )
    }
    let expectations = head.headers[canonicalForm: "Expect"].map { $0.lowercased() }
    if let expectation = expectations.first(where: { $0 != "100-continue" }) {
      return Failure(
        .expectation, kind: "unsupportedExpectation",
        "the expectation '\(expectation.prefix(64))' cannot be met; only 100-continue can")
    }
    if let length = head.headers.first(name: "Content-Length").flatMap(Int.init),
      length > limits.maximumBodyBytes
    {
      return limits.bodyTooLarge
    }
    return nil
  }

  /// Whether a request asks for `100 Continue` before it sends its body (HTTP/1.1 only).
  ///
  /// - Parameter head: The head.
  /// - Returns: `true` for `Expect: 100-continue`.
  static func expectsContinue(_ head: HTTPRequestHead) -> Bool {
    isHTTP11(head.version)
      && head.headers[canonicalForm: "Expect"].contains { $0.lowercased() == "100-continue" }
  }

  /// Whether a version is HTTP/1.1 or later.
  private static func isHTTP11(_ version: HTTPVersion) -> Bool {
    (version.major, version.minor) >= (1, 1)
  }

  /// The answer to a request NIO's parser could not read: 431 for a head over its limits,
  /// 400 for anything else (a malformed chunk size, a bad `Content-Length`, a
  /// `Transfer-Encoding` that does not end with `chunked`).
  ///
  /// - Parameter error: The parser's error.
  /// - Returns: The failure.
  static func failure(for error: HTTPParserError) -> Failure {
    if error == .headerOverflow {
      return Failure(
        .headersTooLarge, kind: "headersTooLarge",
        "the request head is larger than the server's limit of 80 KB")
    }
    return Failure(.request, kind: "badFraming", "the request cannot be read as HTTP/1: \(error)")
  }
}

extension ConnectionLimits {
  /// The 413 of a body over ``maximumBodyBytes``.
  package var bodyTooLarge: Failure {
    Failure(
      .bodyTooLarge, kind: "bodyTooLarge",
      "the request body is larger than the server's limit of \(maximumBodyBytes / 1024) KB")
  }
}

#endif
