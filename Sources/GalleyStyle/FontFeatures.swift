/// OpenType features asked of a font: each a tag (`liga`, `smcp`, `ss01`) and a value (0 turns
/// it off, 1 on, higher numbers pick an alternate), in the order given.
///
/// A list reads HarfBuzz's feature strings (`hb_feature_from_string`), item by item, separated
/// by commas: `kern`, `+kern`, `-kern`, `kern=0`, `aalt=2`, `ss01`, `kern on`, `kern off`, and
/// CSS `font-feature-settings` values, whose quoted four-letter tags take a value without `=`
/// (`"liga" 0, "smcp"`); `normal` or an empty string is the empty list. A tag has one to four
/// letters, digits or underscores (HarfBuzz pads a short one with spaces). A value is a decimal
/// number from 0 to 4,294,967,295. Three limits make the list stricter than HarfBuzz: a value
/// has no sign and no more than that (HarfBuzz wraps a larger one), a word after a tag must be
/// `on` or `off`, and an item may not name a range of characters (`kern[3:5]`):
/// ranges are given by markup spans.
///
/// When two items name the same tag, the later wins: ``features`` keeps each tag once, where it
/// first appeared, with its last value.
///
/// ```swift
/// let features = try FontFeatures(parsing: "liga=0, smcp, \"tnum\" 1")
/// features.description  // "-liga,smcp,tnum"
/// ```
public struct FontFeatures: Hashable, Sendable, CustomStringConvertible {
  /// One feature: a tag and its value.
  public struct Feature: Hashable, Sendable {
    /// The tag's four bytes, big-endian (`hb_tag_t`), short tags padded with spaces.
    public let tag: UInt32
    /// 0 turns the feature off, 1 on; higher numbers pick an alternate.
    public let value: UInt32

    /// A feature from its tag (one to four ASCII letters, digits or underscores) and value.
    ///
    /// - Returns: `nil` when the tag is not one to four such characters.
    public init?(tag: String, value: UInt32 = 1) {
      let bytes = Array(tag.utf8)
      guard (1...4).contains(bytes.count), bytes.allSatisfy(FeatureParser.isTagByte) else {
        return nil
      }
      self.init(tagBytes: bytes[...], value: value)
    }

    package init(tag: UInt32, value: UInt32) {
      self.tag = tag
      self.value = value
    }

    init(tagBytes: ArraySlice<UInt8>, value: UInt32) {
      var tag: UInt32 = 0
      for index in 0..<4 {
        let byte = index < tagBytes.count ? tagBytes[tagBytes.startIndex + index] : 0x20
        tag = tag << 8 | UInt32(byte)
      }
      self.tag = tag
      self.value = value
    }

    /// The tag as text, without the padding spaces.
    public var tagName: String {
      let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * $0)) }
      var trimmed = bytes[...]
      while trimmed.last == 0x20 { trimmed = trimmed.dropLast() }
      return String(decoding: trimmed, as: UTF8.self)
    }
  }

  /// The features, each tag once, in the order the tags first appeared.
  public private(set) var features: [Feature]

  /// No feature: each font's defaults.
  public init() { features = [] }

  /// The features of `items`, a later item overriding an earlier one with the same tag.
  public init(_ items: [Feature]) {
    self.init()
    setAll(items)
  }

  /// Reads a comma-separated list of features.
  ///
  /// - Parameter text: HarfBuzz feature strings or CSS `font-feature-settings` values.
  /// - Throws: ``FontFeatureError`` naming the first item that does not read, and where it
  ///   starts.
  public init(parsing text: String) throws(FontFeatureError) {
    self.init(try FeatureParser.items(of: text))
  }

  /// Whether the list asks for nothing beyond the fonts' defaults.
  @inlinable public var isEmpty: Bool { features.isEmpty }

  /// The value the list sets for `tag` (`hb_tag_t`, big-endian), or `nil` when it does not
  /// name the tag.
  public func value(forTag tag: UInt32) -> UInt32? {
    features.first { $0.tag == tag }?.value
  }

  /// Sets a feature, replacing the value of the same tag if the list has it.
  public mutating func set(_ feature: Feature) { setAll([feature]) }

  /// This list with `other`'s features set over it (later ones win).
  public func merging(_ other: FontFeatures) -> FontFeatures {
    var merged = self
    merged.setAll(other.features)
    return merged
  }

  /// Sets each of `items` in order (``TaggedList/setAll(_:in:tag:)``).
  private mutating func setAll(_ items: [Feature]) {
    TaggedList.setAll(items, in: &features, tag: \.tag)
  }

  /// HarfBuzz's canonical form (`hb_feature_to_string`), comma-separated: `-liga,smcp,aalt=2`.
  public var description: String {
    features.map { feature in
      switch feature.value {
      case 0: "-" + feature.tagName
      case 1: feature.tagName
      default: feature.tagName + "=\(feature.value)"
      }
    }.joined(separator: ",")
  }
}

/// A feature list that does not read: the item, where it starts in the text (a UTF-8 offset),
/// and what is wrong with it.
public struct FontFeatureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The item as written, trimmed of spaces.
  public let item: String
  /// The item's UTF-8 offset in the text.
  public let offset: Int
  /// What is wrong, in a sentence without the item.
  public let reason: String

  /// The error as one line: `feature 'kern=x' at offset 5: …`.
  public var description: String { "feature '\(item)' at offset \(offset): \(reason)" }
}

/// HarfBuzz's feature grammar, item by item (see ``FontFeatures``).
enum FeatureParser {
  /// Whether `byte` may be part of a tag: an ASCII letter, digit or underscore.
  static func isTagByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// The items of a comma-separated list, in order.
  static func items(of text: String) throws(FontFeatureError) -> [FontFeatures.Feature] {
    try TaggedList.items(of: text, item)
  }

  /// One item, as `hb_feature_from_string` reads it.
  static func item(_ bytes: ArraySlice<UInt8>) throws(FontFeatureError) -> FontFeatures.Feature {
    var cursor = Cursor(bytes: bytes)
    func fail(_ reason: String) -> FontFeatureError {
      let trimmed = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
      return FontFeatureError(
        item: String(decoding: trimmed, as: UTF8.self),
        offset: bytes.startIndex + (bytes.count - bytes.drop(while: isSpace).count),
        reason: reason)
    }
    var value: UInt32 = 1
    if cursor.take(UInt8(ascii: "-")) {
      value = 0
    } else {
      _ = cursor.take(UInt8(ascii: "+"))
    }
    guard let tag = cursor.tag() else {
      throw fail("a tag is one to four letters, digits or underscores, quoted tags four")
    }
    if cursor.take(UInt8(ascii: "[")) {
      throw fail("a feature applies to the whole text here; use a markup span for a range")
    }
    let hadEqual = cursor.take(UInt8(ascii: "="))
    if let number = cursor.number() {
      guard let number else { throw fail("the value must be at most 4294967295") }
      value = number
    } else if let flag = cursor.onOff() {
      value = flag
    } else if hadEqual {
      throw fail("'=' must be followed by a value (a number, on or off)")
    } else if cursor.startsWord {
      throw fail("a value after the tag is a number, on or off")
    }
    cursor.skipSpaces()
    guard cursor.isAtEnd else { throw fail("unexpected text after the feature") }
    return FontFeatures.Feature(tagBytes: tag, value: value)
  }

  /// HarfBuzz's white space: space, tab, line feed, vertical tab, form feed, carriage return.
  static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  /// A position in one item's bytes.
  struct Cursor {
    var bytes: ArraySlice<UInt8>

    var isAtEnd: Bool { bytes.isEmpty }

    /// Whether a letter comes next, after spaces.
    var startsWord: Bool {
      guard let next = bytes.drop(while: FeatureParser.isSpace).first else { return false }
      return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(next | 0x20)
    }

    mutating func skipSpaces() { bytes = bytes.drop(while: FeatureParser.isSpace) }

    /// Skips spaces, then takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
      skipSpaces()
      guard bytes.first == byte else { return false }
      bytes = bytes.dropFirst()
      return true
    }

    /// A tag: one to four tag bytes, or exactly four between matching quotes.
    mutating func tag() -> ArraySlice<UInt8>? {
      skipSpaces()
      let quote = bytes.first.flatMap { $0 == 0x27 || $0 == 0x22 ? $0 : nil }
      if quote != nil { bytes = bytes.dropFirst() }
      let tag = bytes.prefix(while: FeatureParser.isTagByte)
      guard (1...4).contains(tag.count) else { return nil }
      bytes = bytes.dropFirst(tag.count)
      if let quote {
        guard tag.count == 4, bytes.first == quote else { return nil }
        bytes = bytes.dropFirst()
      }
      return tag
    }

    /// A decimal number: `nil` when none comes next, `.some(nil)` when it is too large.
    mutating func number() -> UInt32?? {
      skipSpaces()
      let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      guard !digits.isEmpty else { return nil }
      bytes = bytes.dropFirst(digits.count)
      var value: UInt64 = 0
      for digit in digits {
        value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
        if value > UInt64(UInt32.max) { return .some(nil) }
      }
      return .some(UInt32(value))
    }

    /// `on` (1) or `off` (0) as a whole word, in any case.
    mutating func onOff() -> UInt32? {
      skipSpaces()
      let word = bytes.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
      switch String(decoding: word, as: UTF8.self).lowercased() {
      case "on":
        bytes = bytes.dropFirst(2)
        return 1
      case "off":
        bytes = bytes.dropFirst(3)
        return 0
      default: return nil
      }
    }
  }
}
