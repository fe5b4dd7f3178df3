/// A point to hit-test, in layout points: origin at the top left, y down.
package struct RequestPoint: Codable, Hashable, Sendable {
  /// The x coordinate.
  package var x: Double
  /// The y coordinate.
  package var y: Double

  /// Creates a point.
  ///
  /// - Parameters:
  ///   - x: The x coordinate.
  ///   - y: The y coordinate.
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Decodes `{"x": number, "y": number}`, refusing other fields, as every request object does.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError`, whose coding path names the field.
  package init(from decoder: any Decoder) throws {
    let fields = try FieldKeys(decoder)
    var x: Double?
    var y: Double?
    for key in fields.keys {
      switch key.stringValue {
      case "x": x = try fields.container.decode(Double.self, forKey: key)
      case "y": y = try fields.container.decode(Double.self, forKey: key)
      default: throw fields.unknown(key)
      }
    }
    guard let x, let y else {
      throw DecodingError.keyNotFound(
        FieldKeys.AnyKey(stringValue: x == nil ? "x" : "y"),
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "is required"))
    }
    self.x = x
    self.y = y
  }
}
