#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Bytes stored as one JSON line (a header) and then a body, as the caches keep their entries.
package enum HeaderedBytes {
  /// The header's JSON, a line break, then the body.
  ///
  /// - Parameters:
  ///   - header: The header (its JSON has no raw line break).
  ///   - body: The body.
  /// - Returns: The bytes, or `nil` when the header does not encode.
  package static func encode(_ header: some Encodable, body: some Collection<UInt8>) -> [UInt8]? {
    guard let line = try? JSONEncoder().encode(header) else { return nil }
    return Array(line) + [UInt8(ascii: "\n")] + body
  }

  /// The header and the body of bytes made by ``encode(_:body:)``.
  ///
  /// - Parameters:
  ///   - type: The header's type.
  ///   - bytes: The bytes.
  /// - Returns: The header and the body, or `nil` when there is no line break or the first line
  ///   is not such a header.
  package static func decode<Header: Decodable>(
    _ type: Header.Type, from bytes: [UInt8]
  ) -> (header: Header, body: ArraySlice<UInt8>)? {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(type, from: Data(bytes[..<newline]))
    else { return nil }
    return (header, bytes[(newline + 1)...])
  }
}
