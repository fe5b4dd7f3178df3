/// The JSON form of a markup error:
/// `{"kind": "unknownCode", "offset": 6, "length": 2, "line": 1, "column": 7,
///   "utf8Offset": 6, "message": "unknown code '%Q'"}`.
///
/// `offset` and `length` count UTF-16 code units; `column` counts Unicode scalars.
extension MarkupError: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, offset, length, line, column, utf8Offset, message
  }

  /// Encodes the error's kind, position and message.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error when it cannot write a value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(location.utf16Offset, forKey: .offset)
    try container.encode(utf16Length, forKey: .length)
    try container.encode(location.line, forKey: .line)
    try container.encode(location.column, forKey: .column)
    try container.encode(location.utf8Offset, forKey: .utf8Offset)
    try container.encode(message, forKey: .message)
  }

  /// Decodes an error written by ``encode(to:)``.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a key is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      kind: try container.decode(Kind.self, forKey: .kind),
      location: MarkupLocation(
        utf16Offset: try container.decode(Int.self, forKey: .offset),
        utf8Offset: try container.decode(Int.self, forKey: .utf8Offset),
        line: try container.decode(Int.self, forKey: .line),
        column: try container.decode(Int.self, forKey: .column)),
      utf16Length: try container.decode(Int.self, forKey: .length),
      message: try container.decode(String.self, forKey: .message))
  }
}
