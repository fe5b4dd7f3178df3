extension Failure {
  /// What went wrong, as far as a caller's reaction goes: each category has one exit status
  /// and one HTTP status.
  package enum Category: String, Hashable, Sendable, CaseIterable {
    /// A command line or option value that cannot be used.
    case usage
    /// An HTTP request that cannot be read or holds a field that cannot be used.
    case request
    /// An input file that cannot be read.
    case input
    /// Markup that does not format.
    case markup
    /// A string catalog that does not read (`galley check`, `POST /v1/check`).
    case catalog
    /// A font problem: an unknown family asked for strictly, an unusable definition.
    case fonts
    /// Text and options that cannot be laid out, such as a truncation token with a line break.
    case layout
    /// A layout that cannot be drawn, such as an image over the pixel limits.
    case drawing
    /// A file or stream the result cannot be written to.
    case output
    /// Work that used its time budget.
    case timeBudget
    /// A request body over the server's limit.
    case bodyTooLarge
    /// A request head over the server's limit.
    case headersTooLarge
    /// An answer over the server's limit (`--max-answer`).
    case answerTooLarge
    /// A request that did not arrive in time (its body stalled).
    case timeout
    /// A request whose `Expect` the server cannot meet.
    case expectation
    /// A request that uses a part of HTTP the server does not implement (a transfer coding
    /// other than `chunked`).
    case notImplemented
    /// A request body that is not JSON.
    case mediaType
    /// A path the server does not have.
    case notFound
    /// A path the server has, with a method it does not take there.
    case methodNotAllowed
    /// A server that is busy: every worker taken and the queue full.
    case saturated
    /// A program `galley` needs that is missing (`galley-engine`).
    case unavailable
    /// A document that broke off after part of it was written, or another failure of ours.
    case `internal`
  }
}

extension Failure.Category {
  /// The exit status `galley` ends with, from BSD's `sysexits.h`: 64 (`EX_USAGE`) for what
  /// the command line says, 65 (`EX_DATAERR`) for what the input holds, 69
  /// (`EX_UNAVAILABLE`), 70 (`EX_SOFTWARE`) and 75 (`EX_TEMPFAIL`).
  ///
  /// The one table of exit statuses, with ``httpStatus`` beside it.
  package var exitStatus: Int32 {
    switch self {
    case .usage, .request, .notFound, .methodNotAllowed, .expectation, .notImplemented:
      ExitStatus.usage
    case .input, .markup, .catalog, .fonts, .layout, .drawing, .output, .timeBudget,
      .bodyTooLarge, .headersTooLarge, .answerTooLarge, .mediaType:
      ExitStatus.dataError
    case .unavailable: ExitStatus.unavailable
    case .saturated, .timeout: ExitStatus.temporaryFailure
    case .internal: ExitStatus.software
    }
  }

  /// The HTTP status `galley-server` answers with: 400 for a request it cannot read, 422 for
  /// one it reads but cannot do, and the statuses HTTP names for the rest.
  ///
  /// The one table of HTTP statuses, with ``exitStatus`` beside it.
  package var httpStatus: Int {
    switch self {
    case .usage, .request, .input: 400
    case .markup, .catalog, .fonts, .layout, .drawing, .timeBudget, .answerTooLarge: 422
    case .notFound: 404
    case .methodNotAllowed: 405
    case .timeout: 408
    case .bodyTooLarge: 413
    case .mediaType: 415
    case .expectation: 417
    case .headersTooLarge: 431
    case .output, .internal: 500
    case .notImplemented: 501
    case .saturated, .unavailable: 503
    }
  }
}
