/// Coordinates on a variable font's design axes: each a tag (`wght`, `wdth`, `opsz`, `slnt`,
/// `ital`) and a value in the axis' own units (`wght=550` is CSS weight 550), in the order
/// given.
///
/// A list reads HarfBuzz's variation strings (`hb_variation_from_string`), item by item,
/// separated by commas: `wght=550`, `wght 550`, `opsz=10.5`, and CSS
/// `font-variation-settings` values, whose quoted four-letter tags take a value without `=`
/// (`"wght" 550, "slnt" -10`); `normal` or an empty string is the empty list. A tag is as in
/// ``FontFeatures``. A value, which every item needs, is a decimal number (a sign, digits, a
/// point) from −32,768 up to, not including, 32,768 (an axis value is a 16.16 fixed-point
/// number in the font); Galley, stricter than HarfBuzz, takes no exponent (`1e2`). A face
/// applies the axes it has, clamped to each axis' range; it ignores the others.
///
/// When two items name the same tag, the later wins: ``variations`` keeps each tag once, where
/// it first appeared, with its last value.
///
/// ```swift
/// let variations = try FontVariations(parsing: "\"wght\" 550, opsz=20")
/// variations.description  // "wght=550,opsz=20"
/// ```
public struct FontVariations: Hashable, Sendable, CustomStringConvertible {
  /// One coordinate: an axis tag and its value.
  public struct Variation: Hashable, Sendable {
    /// The tag's four bytes, big-endian (`hb_tag_t`), short tags padded with spaces.
    public let tag: UInt32
    /// The value, in the axis' units.
    public let value: Double

    /// A coordinate from its tag (one to four ASCII letters, digits or underscores) and value.
    ///
    /// - Returns: `nil` when the tag is not one to four such characters or the value is outside
    ///   ``FontVariations/valueRange``.
    public init?(tag: String, value: Double) {
      guard let feature = FontFeatures.Feature(tag: tag), FontVariations.valueRange.contains(value)
      else { return nil }
      self.tag = feature.tag
      self.value = value
    }

    package init(tag: UInt32, value: Double) {
      self.tag = tag
      self.value = value
    }

    /// The tag as text, without the padding spaces.
    public var tagName: String { FontFeatures.Feature(tag: tag, value: 0).tagName }
  }

  /// The values an axis may take: those of a 16.16 fixed-point number, the largest rounded
  /// down to it.
  public static let valueRange: Range<Double> = -32768..<32768

  /// The coordinates, each tag once, in the order the tags first appeared.
  public private(set) var variations: [Variation]

  /// No coordinate: each face's defaults (or its named instance's).
  public init() { variations = [] }

  /// The coordinates of `items`, a later item overriding an earlier one with the same tag.
  public init(_ items: [Variation]) {
    self.init()
    setAll(items)
  }

  /// Reads a comma-separated list of coordinates.
  ///
  /// - Parameter text: HarfBuzz variation strings or CSS `font-variation-settings` values.
  /// - Throws: ``FontVariationError`` naming the first item that does not read, and where it
  ///   starts.
  public init(parsing text: String) throws(FontVariationError) {
    self.init(try VariationParser.items(of: text))
  }

  /// Whether the list sets no axis.
  @inlinable public var isEmpty: Bool { variations.isEmpty }

  /// The value the list sets for `tag` (`hb_tag_t`, big-endian), or `nil` when it does not
  /// name the axis.
  public func value(forTag tag: UInt32) -> Double? {
    variations.first { $0.tag == tag }?.value
  }

  /// Sets a coordinate, replacing the value of the same tag if the list has it.
  public mutating func set(_ variation: Variation) { setAll([variation]) }

  /// This list with `other`'s coordinates set over it (later ones win).
  public func merging(_ other: FontVariations) -> FontVariations {
    var merged = self
    merged.setAll(other.variations)
    return merged
  }

  /// Sets each of `items` in order (``TaggedList/setAll(_:in:tag:)``).
  private mutating func setAll(_ items: [Variation]) {
    TaggedList.setAll(items, in: &variations, tag: \.tag)
  }

  /// HarfBuzz's form (`hb_variation_to_string`), comma-separated, whole values without a
  /// point: `wght=550,opsz=10.5`.
  public var description: String {
    variations.map { "\($0.tagName)=\(Self.format($0.value))" }.joined(separator: ",")
  }

  /// A value as the shortest decimal that reads back the same, without `.0` and without an
  /// exponent (which the lists do not read): `550`, `10.5`, `0.00001`.
  package static func format(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    let shortest = String(value)
    guard let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }),
      let exponent = Int(shortest[shortest.index(after: e)...])
    else { return shortest }
    // Shift the point of the mantissa's digits by the exponent.
    var mantissa = shortest[..<e]
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let point =
      mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
      ?? mantissa.count
    let digits = Array(mantissa.filter { $0 != "." })
    let position = point + exponent
    var text: String
    if position <= 0 {
      text = "0." + String(repeating: "0", count: -position) + String(digits)
    } else if position >= digits.count {
      text = String(digits) + String(repeating: "0", count: position - digits.count)
    } else {
      text = String(digits[..<position]) + "." + String(digits[position...])
    }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return negative ? "-" + text : text
  }
}

/// A coordinate list that does not read: the item, where it starts, and why.
public struct FontVariationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The item as written, without the spaces around it.
  public let item: String
  /// The item's offset in the list, in UTF-8 bytes.
  public let offset: Int
  /// What is wrong, in a sentence without the item.
  public let reason: String

  /// The error as one line: `variation 'wght=x' at offset 5: …`.
  public var description: String { "variation '\(item)' at offset \(offset): \(reason)" }
}

/// HarfBuzz's variation grammar, item by item (see ``FontVariations``).
enum VariationParser {
  /// The items of a comma-separated list, in order.
  static func items(of text: String) throws(FontVariationError) -> [FontVariations.Variation] {
    try TaggedList.items(of: text, item)
  }

  /// One item, as `hb_variation_from_string` reads it.
  static func item(_ bytes: ArraySlice<UInt8>) throws(FontVariationError)
    -> FontVariations.Variation
  {
    var cursor = FeatureParser.Cursor(bytes: bytes)
    func fail(_ reason: String) -> FontVariationError {
      let trimmed = bytes.drop(while: FeatureParser.isSpace).reversed()
        .drop(while: FeatureParser.isSpace).reversed()
      return FontVariationError(
        item: String(decoding: trimmed, as: UTF8.self),
        offset: bytes.startIndex + (bytes.count - bytes.drop(while: FeatureParser.isSpace).count),
        reason: reason)
    }
    guard let tag = cursor.tag() else {
      throw fail("a tag is one to four letters, digits or underscores, quoted tags four")
    }
    _ = cursor.take(UInt8(ascii: "="))
    guard let value = cursor.decimal() else {
      throw fail("a variation needs a value after its tag, such as wght=550")
    }
    guard value.isFinite, FontVariations.valueRange.contains(value) else {
      throw fail("the value must be from -32768 up to 32768")
    }
    cursor.skipSpaces()
    guard cursor.isAtEnd else { throw fail("unexpected text after the value") }
    let feature = FontFeatures.Feature(tagBytes: tag, value: 0)
    return FontVariations.Variation(tag: feature.tag, value: value)
  }
}

extension FeatureParser.Cursor {
  /// A decimal number (`-10`, `10.5`, `.5`, `5.`), or `nil` when none comes next.
  mutating func decimal() -> Double? {
    skipSpaces()
    var rest = bytes
    func take(_ allowed: (UInt8) -> Bool) -> Int {
      let taken = rest.prefix(while: allowed).count
      rest = rest.dropFirst(taken)
      return taken
    }
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    let isSign = { (byte: UInt8) in byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
    if let first = rest.first, isSign(first) { rest = rest.dropFirst() }
    var digits = take(isDigit)
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      digits += take(isDigit)
    }
    guard digits > 0 else { return nil }
    let number = bytes[bytes.startIndex..<rest.startIndex]
    guard let value = Double(String(decoding: number, as: UTF8.self)) else { return nil }
    bytes = rest
    return value
  }
}

extension FontVariations: Codable {
  /// Decodes a list from its string form (``init(parsing:)``).
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for a list that does not read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do {
      self = try FontVariations(parsing: try container.decode(String.self))
    } catch let error as FontVariationError {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes the list as its ``description``.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
