import GalleyStyle

// The keys later versions added to schema 1 are read when present, so documents written
// before them still decode; what they would say is then taken from the keys that were there.

extension Layout {
  private enum CodingKeys: String, CodingKey {
    case schemaVersion, size, lines, links, decorations, backgrounds, truncation, scale
    case inkBounds, warnings
  }

  /// Decodes a layout; without `truncation` nothing was truncated, and without `scale` it is 1.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's errors.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      schemaVersion: try container.decode(Int.self, forKey: .schemaVersion),
      size: try container.decode(Size.self, forKey: .size),
      lines: try container.decode([Line].self, forKey: .lines),
      links: try container.decode([LinkRegion].self, forKey: .links),
      decorations: try container.decode([Decoration].self, forKey: .decorations),
      backgrounds: try container.decode([Background].self, forKey: .backgrounds),
      truncation: try container.decodeIfPresent(Truncation.self, forKey: .truncation),
      scale: try container.decodeIfPresent(Double.self, forKey: .scale) ?? 1,
      inkBounds: try container.decodeIfPresent(Rect.self, forKey: .inkBounds),
      warnings: try container.decodeIfPresent([Warning].self, forKey: .warnings) ?? [])
  }

  /// Encodes the layout with every key, `truncation` as `null` when nothing was truncated,
  /// and `inkBounds` and `warnings` only when the layout has them.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(size, forKey: .size)
    try container.encode(lines, forKey: .lines)
    try container.encode(links, forKey: .links)
    try container.encode(decorations, forKey: .decorations)
    try container.encode(backgrounds, forKey: .backgrounds)
    try container.encode(truncation, forKey: .truncation)
    try container.encode(scale, forKey: .scale)
    try container.encodeIfPresent(inkBounds, forKey: .inkBounds)
    if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
  }
}

extension Layout.Line {
  private enum CodingKeys: String, CodingKey {
    case location, length, visibleLength, ligatureCarets, x, y, width, height, baseline
    case breakReason, runs, direction
    case isHyphenated = "hyphenated"
  }

  /// Decodes a line; `visibleLength` defaults to `length`, `ligatureCarets` to none,
  /// `direction` to left to right and `hyphenated` to `false`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's errors.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let length = try container.decode(Int.self, forKey: .length)
    self.init(
      location: try container.decode(Int.self, forKey: .location), length: length,
      visibleLength: try container.decodeIfPresent(Int.self, forKey: .visibleLength),
      ligatureCarets: try container.decodeIfPresent([Int].self, forKey: .ligatureCarets) ?? [],
      x: try container.decode(Double.self, forKey: .x),
      y: try container.decode(Double.self, forKey: .y),
      width: try container.decode(Double.self, forKey: .width),
      height: try container.decode(Double.self, forKey: .height),
      baseline: try container.decode(Double.self, forKey: .baseline),
      breakReason: try container.decode(Layout.BreakReason.self, forKey: .breakReason),
      runs: try container.decode([Layout.GlyphRun].self, forKey: .runs),
      direction: try container.decodeIfPresent(Layout.Direction.self, forKey: .direction)
        ?? .leftToRight,
      isHyphenated: try container.decodeIfPresent(Bool.self, forKey: .isHyphenated) ?? false)
  }

  /// Encodes the line with every key but `hyphenated`, which only a hyphenated line has.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(location, forKey: .location)
    try container.encode(length, forKey: .length)
    try container.encode(visibleLength, forKey: .visibleLength)
    try container.encode(ligatureCarets, forKey: .ligatureCarets)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(baseline, forKey: .baseline)
    try container.encode(breakReason, forKey: .breakReason)
    try container.encode(runs, forKey: .runs)
    try container.encode(direction, forKey: .direction)
    if isHyphenated { try container.encode(true, forKey: .isHyphenated) }
  }
}

extension Layout.GlyphRun {
  private enum CodingKeys: String, CodingKey {
    case font, color, link, location, length, glyphs, level, range
    case isToken = "token"
    case isInserted = "inserted"
  }

  /// Decodes a run; without `location` and `length` (or `range`), the run's text is taken to
  /// span its glyphs' clusters (the last cluster counted as one code unit), without `link`,
  /// none, and without `level`, 0.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's errors.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let coded = try container.decode([CodedGlyph].self, forKey: .glyphs)
    let glyphs = coded.map(\.glyph)
    let transforms =
      coded.contains { $0.transform != nil } ? coded.map { $0.transform ?? .identity } : []
    let clusters = glyphs.map(\.cluster)
    let first = clusters.min() ?? 0
    let range = try container.decodeIfPresent([Int].self, forKey: .range)
    let location =
      try container.decodeIfPresent(Int.self, forKey: .location) ?? range?.first ?? first
    let length =
      try container.decodeIfPresent(Int.self, forKey: .length) ?? range?.dropFirst().first
      ?? clusters.max().map { $0 + 1 - first } ?? 0
    self.init(
      font: try container.decode(Layout.FontReference.self, forKey: .font),
      color: try container.decode(TextColor.self, forKey: .color),
      link: try container.decodeIfPresent(Int.self, forKey: .link), location: location,
      length: length, glyphs: glyphs,
      isToken: try container.decodeIfPresent(Bool.self, forKey: .isToken) ?? false,
      level: try container.decodeIfPresent(Int.self, forKey: .level) ?? 0,
      isInserted: try container.decodeIfPresent(Bool.self, forKey: .isInserted) ?? false,
      transforms: transforms)
  }

  /// A glyph's object: the glyph's fields and its transform, absent for the identity.
  private struct CodedGlyph: Codable {
    var glyph: Layout.PositionedGlyph
    var transform: Layout.GlyphTransform?

    private enum CodingKeys: String, CodingKey { case transform }

    init(glyph: Layout.PositionedGlyph, transform: Layout.GlyphTransform?) {
      self.glyph = glyph
      self.transform = transform
    }

    init(from decoder: any Decoder) throws {
      glyph = try Layout.PositionedGlyph(from: decoder)
      let container = try decoder.container(keyedBy: CodingKeys.self)
      transform = try container.decodeIfPresent(Layout.GlyphTransform.self, forKey: .transform)
    }

    func encode(to encoder: any Encoder) throws {
      try glyph.encode(to: encoder)
      guard let transform, !transform.isIdentity else { return }
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(transform, forKey: .transform)
    }
  }

  /// Encodes the run, writing `null` for a run outside every link, `token` only for a run of
  /// the truncation token, and `inserted` only for an inserted hyphen's.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(font, forKey: .font)
    try container.encode(color, forKey: .color)
    try container.encode(link, forKey: .link)
    try container.encode(location, forKey: .location)
    try container.encode(length, forKey: .length)
    if transforms.isEmpty {
      try container.encode(glyphs, forKey: .glyphs)
    } else {
      try container.encode(
        glyphs.indices.map { CodedGlyph(glyph: glyphs[$0], transform: transform(at: $0)) },
        forKey: .glyphs)
    }
    try container.encode(level, forKey: .level)
    try container.encode([location, length], forKey: .range)
    if isToken { try container.encode(true, forKey: .isToken) }
    if isInserted { try container.encode(true, forKey: .isInserted) }
  }
}

extension Layout.FontReference {
  private enum CodingKeys: String, CodingKey {
    case file, index, family, style, size, synthesizedItalic, synthesizedBold, features
    case variations, instance, horizontalScale
  }

  /// An axis tag as a coding key, for the `variations` object.
  private struct AxisKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes a font reference; without `features` or `variations`, none.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's errors, and `DecodingError.dataCorrupted` for features that do
  ///   not read.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let featureList = try container.decodeIfPresent(String.self, forKey: .features) ?? ""
    let features: FontFeatures
    do {
      features = try FontFeatures(parsing: featureList)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .features, in: container, debugDescription: error.description)
    }
    var variations = FontVariations()
    if container.contains(.variations) {
      let axes = try container.nestedContainer(keyedBy: AxisKey.self, forKey: .variations)
      // The model keeps axes sorted by tag.
      for key in axes.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        let value = try axes.decode(Double.self, forKey: key)
        guard let variation = FontVariations.Variation(tag: key.stringValue, value: value) else {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: axes, debugDescription: "not an axis tag and value")
        }
        variations.set(variation)
      }
    }
    self.init(
      file: try container.decode(String.self, forKey: .file),
      index: try container.decode(Int.self, forKey: .index),
      family: try container.decode(String.self, forKey: .family),
      style: try container.decode(String.self, forKey: .style),
      size: try container.decode(Double.self, forKey: .size),
      synthesizedItalic: try container.decode(Bool.self, forKey: .synthesizedItalic),
      synthesizedBold: try container.decode(Bool.self, forKey: .synthesizedBold),
      features: features, variations: variations,
      instance: try container.decodeIfPresent(String.self, forKey: .instance))
    horizontalScale = try container.decodeIfPresent(Double.self, forKey: .horizontalScale) ?? 1
  }

  /// Encodes the font reference, with `features`, `variations` and `instance` only when it has
  /// them.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(index, forKey: .index)
    try container.encode(family, forKey: .family)
    try container.encode(style, forKey: .style)
    try container.encode(size, forKey: .size)
    try container.encode(synthesizedItalic, forKey: .synthesizedItalic)
    try container.encode(synthesizedBold, forKey: .synthesizedBold)
    if !features.isEmpty { try container.encode(features.description, forKey: .features) }
    if !variations.isEmpty {
      var axes = container.nestedContainer(keyedBy: AxisKey.self, forKey: .variations)
      for variation in variations.variations {
        try axes.encode(variation.value, forKey: AxisKey(stringValue: variation.tagName))
      }
    }
    try container.encodeIfPresent(instance, forKey: .instance)
    if horizontalScale != 1 { try container.encode(horizontalScale, forKey: .horizontalScale) }
  }
}
