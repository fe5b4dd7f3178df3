// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyJobs
import GalleyService
import GalleySupport

/// A request's query string, read as HTML forms and most clients write it: `name=value` pairs
/// joined by `&`, `+` for a space and `%XX` for any byte, the bytes UTF-8.
///
/// Reading is strict, as the JSON bodies are: an invalid escape, bytes that are not UTF-8, a
/// parameter the endpoint does not take, and a parameter given twice are each a
/// ``GalleyService/RequestError`` naming the parameter (the server answers 400).
package struct QueryParameters: Sendable {
  /// The decoded values by decoded name.
  private var values: [String: String] = [:]

  /// Reads a query string.
  ///
  /// - Parameters:
  ///   - query: The query, without the `?`, or `nil` when the URL has none.
  ///   - allowed: The names the endpoint takes.
  /// - Throws: ``GalleyService/RequestError`` naming the first parameter that cannot be read.
  package init(_ query: String?, allowed: Set<String>) throws(RequestError) {
    guard let query else { return }
    for item in query.utf8.split(separator: UInt8(ascii: "&")) {
      let parts = item.split(
        separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let rawName = parts[0]
      let shownName = String(decoding: rawName.prefix(64), as: UTF8.self)
      guard let name = Self.decode(rawName) else {
        throw RequestError(field: shownName, Self.escapeProblem)
      }
      guard allowed.contains(name) else {
        let names = allowed.sorted().joined(separator: ", ")
        throw RequestError(
          field: String(name.prefix(64)),
          allowed.isEmpty
            ? "unknown parameter: this endpoint takes none"
            : "unknown parameter: this endpoint takes \(names)")
      }
      guard let value = parts.count == 2 ? Self.decode(parts[1]) : "" else {
        throw RequestError(field: name, Self.escapeProblem)
      }
      guard values.updateValue(value, forKey: name) == nil else {
        throw RequestError(field: name, "is given more than once")
      }
    }
  }

  /// The value of a parameter, or `nil` when the query does not have it; `?italic` alone
  /// gives an empty string.
  ///
  /// - Parameter name: The parameter's name.
  package subscript(name: String) -> String? { values[name] }

  /// What a part that cannot be decoded is told.
  private static let escapeProblem =
    "is not a valid query value: write a space as + or %20, any other byte as % and two hex "
    + "digits, and only UTF-8"

  /// Decodes one name or value: `+` is a space, `%XX` the byte XX.
  ///
  /// - Parameter encoded: The bytes as sent.
  /// - Returns: The text, or `nil` for a `%` not followed by two hex digits or bytes that are
  ///   not UTF-8.
  static func decode(_ encoded: some Collection<UInt8>) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encoded.count)
    var index = encoded.startIndex
    while index != encoded.endIndex {
      let byte = encoded[index]
      index = encoded.index(after: index)
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard index != encoded.endIndex, let high = HexDigit.value(encoded[index]) else {
          return nil
        }
        index = encoded.index(after: index)
        guard index != encoded.endIndex, let low = HexDigit.value(encoded[index]) else {
          return nil
        }
        index = encoded.index(after: index)
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

}
#endif
