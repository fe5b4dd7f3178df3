import GalleyStyle
internal import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One FontSets definition file: family aliases, explicit weight ladders and weight overrides.
///
/// The JSON schema (version 1):
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "description": "optional text",
///   "aliases": {"Helvetica": ["Nimbus Sans", "Liberation Sans", "DejaVu Sans"]},
///   "ladders": {"Helvetica Neue": {"-2": 100, "-1": 300, "0": 400, "1": 500, "2": "Bold"}},
///   "weights": {"Some Family": {"Book": 400, "Demi": 600}},
///   "languages": {"Brand": {"ja": ["Noto Sans CJK JP"], "zh-Hant": ["Noto Sans CJK TC"]}}
/// }
/// ```
///
/// - `aliases` maps a family name to installed families to try, in order, when the name itself
///   is not installed.
/// - `ladders` maps a family to what each DA ladder step (-3...3) means for it: a CSS weight,
///   or the style name of one of its faces.
/// - `weights` corrects the CSS weight fontconfig reports for a family's faces, by style name.
/// - `languages` maps a family to the families that draw it in a language (BCP 47 tags such as
///   `ja`, `zh-Hant`, `sr-Latn`), in order: DHSGlyphText's fonts per locale. The family itself
///   is the default behind them, and fontconfig's fallback the system font behind that
///   (<doc:ResolutionRules#Finding-the-family>).
///
/// Family and style names match ignoring case, spaces, hyphens and underscores. Unknown keys
/// are errors, so that a typo does not pass silently.
public struct FontSetDefinition: Hashable, Sendable {
  /// Where the definition came from: a path, or `built-in:<name>`.
  public var source: String
  /// Family name → families to try, in order.
  public var aliases: [String: [String]]
  /// Family name → ladder step → what the step means.
  public var ladders: [String: [Int: LadderEntry]]
  /// Family name → style name → CSS weight.
  public var weights: [String: [String: Int]]
  /// Family name → language tag → families to try, in order, for text in that language.
  public var languages: [String: [String: [String]]] = [:]

  /// What one ladder step of a family means.
  public enum LadderEntry: Hashable, Sendable {
    /// A CSS weight, 100...1000.
    case weight(Int)
    /// The face with this style name.
    case style(String)
  }

  /// Creates a definition from values that are already valid, for the compiled-in files.
  init(
    source: String, aliases: [String: [String]], ladders: [String: [Int: LadderEntry]],
    weights: [String: [String: Int]], languages: [String: [String: [String]]] = [:]
  ) {
    self.languages = languages
    self.source = source
    self.aliases = aliases
    self.ladders = ladders
    self.weights = weights
  }

  /// The schema version this code reads.
  public static let schemaVersion = 1

  /// The largest FontSets file ``load(contentsOf:)`` reads: 4 MiB, far more than any table of
  /// aliases needs.
  public static let maximumFileBytes = 4 << 20

  /// Reads and validates a definition file.
  ///
  /// A regular file over ``maximumFileBytes`` is refused before it is read; a pipe is read in
  /// chunks and refused once it passes the limit.
  ///
  /// - Parameter path: The JSON file.
  /// - Returns: The definition.
  /// - Throws: ``FontSetError/Kind/invalidDefinition`` naming the file and the key, or the
  ///   reason the file cannot be read (no such file, permission denied, is a directory, too
  ///   large, not UTF-8).
  public static func load(contentsOf path: String) throws(FontSetError) -> FontSetDefinition {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFileReader.read(path: path, limit: maximumFileBytes)
      _ = try UTF8Validation.decode(bytes)
    } catch {
      throw FontSetError(.invalidDefinition, "FontSets file '\(path)': \(error.reason)")
    }
    return try FontSetDefinition(json: Data(bytes), source: path)
  }

  /// Parses and validates a definition.
  ///
  /// - Parameters:
  ///   - json: The JSON document.
  ///   - source: A name for messages, such as the file path.
  /// - Throws: ``FontSetError/Kind/invalidDefinition`` naming the source and the key.
  public init(json: Data, source: String) throws(FontSetError) {
    func fail(_ key: String, _ message: String) -> FontSetError {
      FontSetError(
        .invalidDefinition,
        "FontSets file '\(source)'" + (key.isEmpty ? "" : ", key '\(key)'") + ": \(message)")
    }
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: json)
    } catch {
      throw fail("", "not valid JSON")
    }
    guard case .object(let object) = root else { throw fail("", "the top level must be an object") }
    let known: Set = ["schemaVersion", "description", "aliases", "ladders", "weights", "languages"]
    if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
      throw fail(unknown, "unknown key (expected one of \(known.sorted().joined(separator: ", ")))")
    }
    guard let version = object["schemaVersion"]?.integer else {
      throw fail("schemaVersion", "required, and must be the number 1")
    }
    guard version == Self.schemaVersion else {
      throw fail("schemaVersion", "version \(version) is not supported (this Galley reads 1)")
    }
    if let description = object["description"], description.string == nil {
      throw fail("description", "must be a string")
    }
    self.source = source
    self.aliases = try Self.parseAliases(object["aliases"], fail)
    self.ladders = try Self.parseLadders(object["ladders"], fail)
    self.weights = try Self.parseWeights(object["weights"], fail)
    self.languages = try Self.parseLanguages(object["languages"], fail)
  }

  private static func parseLanguages(
    _ value: JSONValue?, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) -> [String: [String: [String]]] {
    guard let value else { return [:] }
    guard case .object(let table) = value else { throw fail("languages", "must be an object") }
    var languages: [String: [String: [String]]] = [:]
    try checkDistinct(table.keys, section: "languages", fail)
    for (family, tags) in table {
      let key = "languages.\(family)"
      guard isName(family) else { throw fail(key, "the family name is empty or too long") }
      guard case .object(let tagTable) = tags, !tagTable.isEmpty else {
        throw fail(key, "must be a non-empty object of language tags")
      }
      var families: [String: [String]] = [:]
      for (tag, targets) in tagTable {
        let tagKey = "\(key).\(tag)"
        guard let normalized = normalizedLanguageTag(tag) else {
          throw fail(tagKey, "not a language tag such as ja, zh-Hant or sr-Latn")
        }
        guard families[normalized] == nil else {
          throw fail(tagKey, "names the same language as another key")
        }
        families[normalized] = try familyNames(targets, key: tagKey, fail)
      }
      languages[family] = families
    }
    return languages
  }

  /// A language tag's comparison key: lower case, subtags joined by `-`; `nil` for text that
  /// is not subtags of 1 to 8 letters or digits (at most 64 bytes).
  ///
  /// - Parameter tag: A BCP 47 tag, with `-` or `_` between subtags.
  /// - Returns: The key, such as `zh-hant`.
  static func normalizedLanguageTag(_ tag: String) -> String? {
    guard (1...64).contains(tag.utf8.count) else { return nil }
    let subtags = tag.lowercased().split(
      separator: "-", omittingEmptySubsequences: false
    ).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    guard
      subtags.allSatisfy({
        (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
      })
    else { return nil }
    return subtags.joined(separator: "-")
  }

  private static func parseAliases(
    _ value: JSONValue?, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) -> [String: [String]] {
    guard let value else { return [:] }
    guard case .object(let table) = value else { throw fail("aliases", "must be an object") }
    var aliases: [String: [String]] = [:]
    try checkDistinct(table.keys, section: "aliases", fail)
    for (family, targets) in table {
      let key = "aliases.\(family)"
      guard isName(family) else { throw fail(key, "the family name is empty or too long") }
      aliases[family] = try familyNames(targets, key: key, fail)
    }
    return aliases
  }

  /// A non-empty array of family names, as `aliases` and `languages` list them.
  ///
  /// - Parameters:
  ///   - value: The JSON value.
  ///   - key: Its key, for messages.
  ///   - fail: Makes the error.
  /// - Returns: The names, in order.
  /// - Throws: ``FontSetError/Kind/invalidDefinition`` naming the key or the item.
  private static func familyNames(
    _ value: JSONValue, key: String, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) -> [String] {
    guard case .array(let list) = value, !list.isEmpty else {
      throw fail(key, "must be a non-empty array of family names")
    }
    var names: [String] = []
    for (position, target) in list.enumerated() {
      guard let name = target.string, isName(name) else {
        throw fail("\(key)[\(position)]", "must be a non-empty family name")
      }
      names.append(name)
    }
    return names
  }

  private static func parseLadders(
    _ value: JSONValue?, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) -> [String: [Int: LadderEntry]] {
    guard let value else { return [:] }
    guard case .object(let table) = value else { throw fail("ladders", "must be an object") }
    var ladders: [String: [Int: LadderEntry]] = [:]
    try checkDistinct(table.keys, section: "ladders", fail)
    for (family, steps) in table {
      let key = "ladders.\(family)"
      guard isName(family) else { throw fail(key, "the family name is empty or too long") }
      guard case .object(let stepTable) = steps, !stepTable.isEmpty else {
        throw fail(key, "must be a non-empty object of steps")
      }
      var ladder: [Int: LadderEntry] = [:]
      for (stepText, entry) in stepTable {
        let stepKey = "\(key).\(stepText)"
        guard let step = Int(stepText), FontWeight.ladderSteps.contains(step) else {
          throw fail(stepKey, "steps are the integers -3 to 3")
        }
        if let name = entry.string, isName(name) {
          ladder[step] = .style(name)
        } else if let weight = entry.integer, FontWeight.cssWeights.contains(weight) {
          ladder[step] = .weight(weight)
        } else {
          throw fail(stepKey, "must be a CSS weight in 100...1000 or a style name")
        }
      }
      ladders[family] = ladder
    }
    return ladders
  }

  private static func parseWeights(
    _ value: JSONValue?, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) -> [String: [String: Int]] {
    guard let value else { return [:] }
    guard case .object(let table) = value else { throw fail("weights", "must be an object") }
    var weights: [String: [String: Int]] = [:]
    try checkDistinct(table.keys, section: "weights", fail)
    for (family, styles) in table {
      let key = "weights.\(family)"
      guard isName(family) else { throw fail(key, "the family name is empty or too long") }
      guard case .object(let styleTable) = styles, !styleTable.isEmpty else {
        throw fail(key, "must be a non-empty object of style names")
      }
      var overrides: [String: Int] = [:]
      for (style, weight) in styleTable {
        guard isName(style), let weight = weight.integer, FontWeight.cssWeights.contains(weight)
        else {
          throw fail("\(key).\(style)", "must be a CSS weight in 100...1000")
        }
        overrides[style] = weight
      }
      weights[family] = overrides
    }
    return weights
  }

  /// Two keys that name the same family once normalized would make the result depend on
  /// dictionary order; refuse them.
  private static func checkDistinct(
    _ keys: some Collection<String>, section: String, _ fail: (String, String) -> FontSetError
  ) throws(FontSetError) {
    var seen: [String: String] = [:]
    for key in keys.sorted() {
      let normalized = normalized(key)
      if let earlier = seen[normalized] {
        throw fail("\(section).\(key)", "names the same family as '\(earlier)'")
      }
      seen[normalized] = key
    }
  }

  private static func isName(_ name: String) -> Bool {
    !name.allSatisfy(\.isWhitespace) && name.utf8.count <= FontSet.maximumFamilyNameBytes
  }

  /// The key family and style names are compared by: lower case, without spaces, hyphens and
  /// underscores, so `HelveticaNeue`, `Helvetica Neue` and `helvetica-neue` are one name.
  ///
  /// - Parameter name: A family or style name.
  /// - Returns: The comparison key.
  public static func normalized(_ name: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"): continue
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
      case 0x80...:
        // Not ASCII: let the standard library apply full Unicode case mapping.
        return String(
          name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" }
            .map(Character.init))
      default: bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
