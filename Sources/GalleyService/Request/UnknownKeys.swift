/// Refuses JSON object keys a request type does not know, so a misspelt field is an error.
enum UnknownKeys {
  /// A key of any name.
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Checks that the object being decoded has only the known keys.
  ///
  /// - Parameters:
  ///   - decoder: The decoder, at the object.
  ///   - known: The keys the type reads.
  /// - Throws: `DecodingError.dataCorrupted` whose coding path ends with the first unknown key.
  static func check(_ decoder: any Decoder, known: [String]) throws {
    let container = try decoder.container(keyedBy: AnyKey.self)
    guard
      let key = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) })
    else { return }
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath + [AnyKey(stringValue: key)],
        debugDescription: "unknown field"))
  }
}
