import GalleyJobs
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a request body into a ``ServiceRequest``, turning `JSONDecoder`'s errors into
/// ``RequestError``s that name the field: `layout.width: must be a number`.
package enum RequestDecoder {
  /// Decodes a body.
  ///
  /// - Parameter body: The body's bytes.
  /// - Returns: The request.
  /// - Throws: ``RequestError`` for malformed JSON, a key given twice, a number too large for
  ///   a double, or a field of the wrong type.
  package static func decode(_ body: [UInt8]) throws(RequestError) -> ServiceRequest {
    try JSONKeyScanner.check(body)
    do {
      var request = try JSONDecoder().decode(ServiceRequest.self, from: Data(body))
      if request.variants != nil {
        request.variantOrder = JSONKeyOrder.keys(at: ["variants"], in: body)
      }
      return request
    } catch let error as DecodingError {
      throw requestError(error)
    } catch {
      throw RequestError(field: "", "the body is not a JSON request: \(error)")
    }
  }

  /// The request error for a decoding error.
  ///
  /// - Parameter error: The decoding error.
  /// - Returns: The error, naming the field.
  static func requestError(_ error: DecodingError) -> RequestError {
    switch error {
    case .typeMismatch(let type, let context):
      return RequestError(field: path(context.codingPath), "must be \(typeName(type))")
    case .valueNotFound(let type, let context):
      return RequestError(field: path(context.codingPath), "must be \(typeName(type)), not null")
    case .keyNotFound(let key, let context):
      return RequestError(field: path(context.codingPath + [key]), "is required")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return RequestError(field: "", "the body is not valid JSON")
      }
      return RequestError(field: path(context.codingPath), context.debugDescription)
    @unknown default:
      return RequestError(field: "", "the body is not a JSON request")
    }
  }

  /// `layout.width` or `points[2].x` for a coding path.
  ///
  /// - Parameter codingPath: The keys from the top.
  /// - Returns: The field's path.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text
  }

  /// How a message names a type: `a number`, `a string`, ….
  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Bool.Type: "true or false"
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is [String].Type: "an array of strings"
    case is [RequestPoint].Type: "an array of points"
    case is [String: JSONValue].Type, is RequestDefaults.Type, is RequestPoint.Type: "an object"
    case is JSONValue.Type: "a JSON value"
    default: "\(type)".hasPrefix("Dictionary") ? "an object" : "a value of type \(type)"
    }
  }
}
