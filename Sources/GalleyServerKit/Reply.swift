// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyService
import GalleyTools
import HTTPTypes
import Hummingbird

/// The responses the server sends, made in one place: JSON documents, images, errors.
package enum Reply {
  /// The content type of every JSON answer.
  package static let jsonType = "application/json; charset=utf-8"

  /// A response with a body.
  ///
  /// - Parameters:
  ///   - status: The HTTP status code.
  ///   - contentType: The body's content type.
  ///   - body: The body.
  ///   - headers: More headers.
  /// - Returns: The response.
  package static func bytes(
    status: Int = 200, contentType: String, _ body: some Sequence<UInt8>,
    headers: HTTPFields = [:]
  ) -> Response {
    var fields = headers
    fields[.contentType] = contentType
    let buffer = ByteBuffer(bytes: body)
    fields[.contentLength] = String(buffer.readableBytes)
    return Response(
      status: HTTPResponse.Status(code: status), headers: fields,
      body: ResponseBody(byteBuffer: buffer))
  }

  /// A JSON document with a final newline, as `galley` prints it.
  ///
  /// - Parameters:
  ///   - status: The HTTP status code.
  ///   - json: The document.
  ///   - headers: More headers.
  /// - Returns: The response.
  package static func json(status: Int = 200, _ json: String, headers: HTTPFields = [:])
    -> Response
  {
    bytes(status: status, contentType: jsonType, Array((json + "\n").utf8), headers: headers)
  }

  /// A JSON document already encoded, with a final newline.
  ///
  /// - Parameter json: The document's bytes.
  /// - Returns: The response.
  package static func json(bytes json: [UInt8]) -> Response {
    bytes(contentType: jsonType, json + [UInt8(ascii: "\n")])
  }

  /// The error document of a failure, with the status of its category
  /// (``GalleyTools/Failure/Category/httpStatus``) and `Retry-After` on a 503.
  ///
  /// - Parameters:
  ///   - failure: The failure.
  ///   - status: Another status, for an error of Hummingbird's own that no category has.
  ///   - headers: More headers, such as `Allow` on a 405.
  /// - Returns: The response.
  package static func failure(
    _ failure: Failure, status: Int? = nil, headers: HTTPFields = [:]
  ) -> Response {
    let status = status ?? failure.category.httpStatus
    var headers = headers
    if status == 503 { headers[.retryAfter] = "1" }
    return json(status: status, failure.document, headers: headers)
  }
}
#endif
