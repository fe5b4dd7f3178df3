/// Decodes a request object's fields in one pass over the keys it has, refusing keys the type
/// does not know, so a misspelt field is an error (and absent fields cost nothing).
struct FieldKeys {
  /// A key of any name.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The object's container.
  let container: KeyedDecodingContainer<AnyKey>
  /// Where the object is.
  let codingPath: [any CodingKey]

  /// Opens the object being decoded.
  ///
  /// - Parameter decoder: The decoder, at the object.
  /// - Throws: `DecodingError` when the value is not an object.
  init(_ decoder: any Decoder) throws {
    container = try decoder.container(keyedBy: AnyKey.self)
    codingPath = decoder.codingPath
  }

  /// The keys the object has, in its order.
  var keys: [AnyKey] { container.allKeys }

  /// The error for a key the type does not know.
  ///
  /// - Parameter key: The key.
  /// - Returns: `DecodingError.dataCorrupted` whose coding path ends with the key.
  func unknown(_ key: AnyKey) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: codingPath + [key], debugDescription: "unknown field"))
  }
}
