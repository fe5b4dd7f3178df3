import GalleyStyle

/// The JSON form of ``FormattedText``, which `galley format --json` prints:
///
/// ```json
/// {"schemaVersion": 1, "text": "Hi you", "runs": [{"location": 0, "length": 6, "family": "sans-serif",
///   "size": 17, "weight": 0, "italic": false, "color": "#000000FF", "background": null,
///   "underline": "none", "strikethrough": false, "spacing": 0, "baselineShift": 0,
///   "link": null}], "links": []}
/// ```
///
/// A run with a span language (`%{de}G`) has `"language"`, one with span hyphenation
/// (`%{auto}H`) `"hyphens"`. A run with span features (`%{smcp}O`) has `"features"` in HarfBuzz's canonical form
/// (`"-liga,smcp"`), and one with span coordinates (`%{wght=550}V`) has `"variations"`
/// (`"wght=550"`); each key is absent when there are none.
///
/// `location` and `length` count UTF-16 code units. Decoding checks every invariant (the runs
/// partition the text, are coalesced and start on scalar boundaries; links are numbered in
/// order and agree with the runs' `link` values) and rejects a document that breaks one. A
/// document without `schemaVersion` is read as version 1.
extension FormattedText: Codable {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion, text, runs, links
  }

  /// The version of the JSON form; it changes only when a key changes meaning or goes away.
  public static let schemaVersion = 1

  /// Encodes the text, its runs and its links.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The encoder's error when it cannot write a value.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.schemaVersion, forKey: .schemaVersion)
    try container.encode(string, forKey: .text)
    try container.encode(runs.map(RunRecord.init), forKey: .runs)
    try container.encode(links.map(LinkRecord.init), forKey: .links)
  }

  /// Decodes and validates formatted text.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the first broken rule.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let version = try container.decodeIfPresent(Int.self, forKey: .schemaVersion),
      version != Self.schemaVersion
    {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription: "schema version \(version) is not \(Self.schemaVersion)")
    }
    let string = try container.decode(String.self, forKey: .text)
    let runRecords = try container.decode([RunRecord].self, forKey: .runs)
    let linkRecords = try container.decode([LinkRecord].self, forKey: .links)
    func fail(_ key: CodingKeys, _ message: String) -> DecodingError {
      .dataCorruptedError(forKey: key, in: container, debugDescription: message)
    }
    let offsets = UTF16Offsets(string)
    var runs: [Run] = []
    runs.reserveCapacity(runRecords.count)
    for (position, record) in runRecords.enumerated() {
      guard let range = offsets.range(location: record.location, length: record.length) else {
        throw fail(.runs, "run \(position) is not a range of whole scalars in the text")
      }
      guard let attributes = record.attributes else {
        throw fail(.runs, "run \(position) has an invalid attribute value")
      }
      runs.append(
        Run(
          range: range.indices, utf16Range: range.utf16, utf8Range: range.utf8,
          attributes: attributes))
    }
    var links: [Link] = []
    for (position, record) in linkRecords.enumerated() {
      guard record.index == position else {
        throw fail(.links, "link at position \(position) has index \(record.index)")
      }
      guard let range = offsets.range(location: record.location, length: record.length) else {
        throw fail(.links, "link \(position) is not a range of whole scalars in the text")
      }
      links.append(
        Link(
          index: position, range: range.indices, utf16Range: range.utf16, utf8Range: range.utf8,
          target: record.target))
    }
    let candidate = FormattedText(string: string, runs: runs, links: links)
    if let problem = candidate.invariantViolation() ?? candidate.linkCoverageViolation() {
      throw fail(.runs, problem)
    }
    self = candidate
  }

  /// Assembles parts without the debug check, for decoding, which reports problems instead.
  private init(string: String, runs: [Run], links: [Link]) {
    self.string = string
    self.runs = runs
    self.links = links
  }

  /// Describes the first disagreement between links and runs, or returns `nil`.
  ///
  /// Links must be in order without overlap, and each run's `link` must name the link that
  /// holds it. One merge pass over runs and links.
  func linkCoverageViolation() -> String? {
    for position in links.indices.dropFirst()
    where links[position].utf16Range.lowerBound < links[position - 1].utf16Range.upperBound {
      return "link \(position) overlaps or comes before link \(position - 1)"
    }
    var next = 0
    for run in runs {
      while next < links.count,
        links[next].utf16Range.isEmpty
          || links[next].utf16Range.upperBound <= run.utf16Range.lowerBound
      {
        next += 1
      }
      var expected: Int?
      if next < links.count, links[next].utf16Range.lowerBound <= run.utf16Range.lowerBound,
        run.utf16Range.upperBound <= links[next].utf16Range.upperBound
      {
        expected = next
      }
      if run.attributes.link != expected {
        let actual = run.attributes.link.map(String.init) ?? "null"
        return "run at \(run.utf16Range.lowerBound) has link \(actual)"
          + " but lies in link \(expected.map(String.init) ?? "null")"
      }
    }
    return nil
  }
}

/// One run as JSON.
private struct RunRecord: Codable {
  var location: Int
  var length: Int
  var family: String
  var size: Double
  var weight: Int
  var italic: Bool
  var color: TextColor
  var background: TextColor?
  var underline: UnderlineStyle
  var strikethrough: Bool
  var spacing: Double
  var baselineShift: Double
  /// The span features in HarfBuzz's canonical form, `nil` for none.
  var features: String?
  /// The span coordinates in HarfBuzz's form, `nil` for none.
  var variations: String?
  var link: Int?
  /// The span's language, `nil` for the layout's.
  var language: String?
  /// The span's hyphenation, `nil` for the layout's.
  var hyphens: Hyphens?

  init(_ run: FormattedText.Run) {
    let attributes = run.attributes
    location = run.utf16Range.lowerBound
    length = run.utf16Range.count
    family = attributes.family
    size = attributes.size
    weight = attributes.weight
    italic = attributes.isItalic
    color = attributes.color
    background = attributes.background
    underline = attributes.underline
    strikethrough = attributes.isStruckThrough
    spacing = attributes.characterSpacing
    baselineShift = attributes.baselineShift
    features = attributes.features.isEmpty ? nil : attributes.features.description
    variations = attributes.variations.isEmpty ? nil : attributes.variations.description
    link = attributes.link
    language = attributes.language
    hyphens = attributes.hyphens
  }

  private enum CodingKeys: String, CodingKey {
    case location, length, family, size, weight, italic, color, background, underline
    case strikethrough, spacing, baselineShift, features, variations, link, language, hyphens
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(location, forKey: .location)
    try container.encode(length, forKey: .length)
    try container.encode(family, forKey: .family)
    try container.encode(size, forKey: .size)
    try container.encode(weight, forKey: .weight)
    try container.encode(italic, forKey: .italic)
    try container.encode(color, forKey: .color)
    try container.encode(background, forKey: .background)  // null when absent
    try container.encode(underline, forKey: .underline)
    try container.encode(strikethrough, forKey: .strikethrough)
    try container.encode(spacing, forKey: .spacing)
    try container.encode(baselineShift, forKey: .baselineShift)
    try container.encodeIfPresent(features, forKey: .features)
    try container.encodeIfPresent(variations, forKey: .variations)
    try container.encode(link, forKey: .link)
    try container.encodeIfPresent(language, forKey: .language)
    try container.encodeIfPresent(hyphens, forKey: .hyphens)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    location = try container.decode(Int.self, forKey: .location)
    length = try container.decode(Int.self, forKey: .length)
    family = try container.decode(String.self, forKey: .family)
    size = try container.decode(Double.self, forKey: .size)
    weight = try container.decode(Int.self, forKey: .weight)
    italic = try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false
    color = try container.decode(TextColor.self, forKey: .color)
    background = try container.decodeIfPresent(TextColor.self, forKey: .background)
    underline = try container.decodeIfPresent(UnderlineStyle.self, forKey: .underline) ?? .none
    strikethrough = try container.decodeIfPresent(Bool.self, forKey: .strikethrough) ?? false
    spacing = try container.decodeIfPresent(Double.self, forKey: .spacing) ?? 0
    baselineShift = try container.decodeIfPresent(Double.self, forKey: .baselineShift) ?? 0
    features = try container.decodeIfPresent(String.self, forKey: .features)
    variations = try container.decodeIfPresent(String.self, forKey: .variations)
    link = try container.decodeIfPresent(Int.self, forKey: .link)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    hyphens = try container.decodeIfPresent(Hyphens.self, forKey: .hyphens)
  }

  /// The attributes, or `nil` when a value is outside what markup could have produced.
  var attributes: TextAttributes? {
    guard size > 0, size <= MarkupFormatter.maximumSize, FontWeight.isValid(weight),
      !family.isEmpty, abs(spacing) <= MarkupFormatter.maximumCharacterSpacing,
      abs(baselineShift) <= MarkupFormatter.maximumBaselineShift, (link ?? 0) >= 0,
      let features = try? FontFeatures(parsing: features ?? ""),
      features.features.count <= MarkupFormatter.maximumFeatureCount,
      let variations = try? FontVariations(parsing: variations ?? ""),
      variations.variations.count <= MarkupFormatter.maximumFeatureCount,
      language.map(MarkupFormatter.isLanguageTag) ?? true
    else { return nil }
    return TextAttributes(
      family: family, size: size, weight: weight, isItalic: italic, color: color,
      background: background, underline: underline, isStruckThrough: strikethrough,
      characterSpacing: spacing, baselineShift: baselineShift, features: features,
      variations: variations, link: link, language: language, hyphens: hyphens)
  }
}

/// One link as JSON.
private struct LinkRecord: Codable {
  var index: Int
  var location: Int
  var length: Int
  var target: String?

  init(_ link: FormattedText.Link) {
    index = link.index
    location = link.utf16Range.lowerBound
    length = link.utf16Range.count
    target = link.target
  }

  private enum CodingKeys: String, CodingKey {
    case index, location, length, target
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(index, forKey: .index)
    try container.encode(location, forKey: .location)
    try container.encode(length, forKey: .length)
    try container.encode(target, forKey: .target)  // null when absent
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    index = try container.decode(Int.self, forKey: .index)
    location = try container.decode(Int.self, forKey: .location)
    length = try container.decode(Int.self, forKey: .length)
    target = try container.decodeIfPresent(String.self, forKey: .target)
  }
}

/// Maps UTF-16 offsets of a string to indices, UTF-8 offsets, checking scalar boundaries.
private struct UTF16Offsets {
  let string: String
  let utf16Count: Int

  init(_ string: String) {
    self.string = string
    self.utf16Count = string.utf16.count
  }

  func range(
    location: Int, length: Int
  ) -> (indices: Range<String.Index>, utf16: Range<Int>, utf8: Range<Int>)? {
    guard location >= 0, length >= 0, location <= utf16Count, length <= utf16Count - location
    else { return nil }
    let utf16 = string.utf16
    let lower = utf16.index(utf16.startIndex, offsetBy: location)
    let upper = utf16.index(lower, offsetBy: length)
    guard let lowerScalar = lower.samePosition(in: string.unicodeScalars),
      let upperScalar = upper.samePosition(in: string.unicodeScalars)
    else { return nil }
    let utf8 = string.utf8
    let lower8 = utf8.distance(from: utf8.startIndex, to: lowerScalar)
    let upper8 = utf8.distance(from: utf8.startIndex, to: upperScalar)
    return (lowerScalar..<upperScalar, location..<location + length, lower8..<upper8)
  }
}
