/// The exit statuses of `galley`, from BSD's `sysexits.h`; ``Failure/Category/exitStatus``
/// says which failure ends with which.
package enum ExitStatus {
  /// `EX_USAGE`, for a wrong command line; argument-parser uses it for `ValidationError`.
  package static let usage: Int32 = 64
  /// `EX_DATAERR`, for wrong input: markup, or a file's contents.
  package static let dataError: Int32 = 65
  /// `EX_UNAVAILABLE`, for a program `galley` needs that is missing (`galley-engine`).
  package static let unavailable: Int32 = 69
  /// `EX_SOFTWARE`, for a document that broke off after part of it was written.
  package static let software: Int32 = 70
  /// `EX_TEMPFAIL`, for work refused for now that may succeed when tried again.
  package static let temporaryFailure: Int32 = 75
}
