import GalleyStyle

/// Pango's style words, as ``FontDescription`` documents them.
enum PangoWords {
  /// Weight words and their CSS weights (the first name of each weight is the canonical one).
  static let weights: [(name: String, weight: Int)] = [
    ("Thin", 100), ("Ultra-Light", 200), ("Extra-Light", 200), ("Light", 300),
    ("Semi-Light", 350), ("Demi-Light", 350), ("Book", 380), ("Regular", 400),
    ("Medium", 500), ("Semi-Bold", 600), ("Demi-Bold", 600), ("Bold", 700),
    ("Ultra-Bold", 800), ("Extra-Bold", 800), ("Heavy", 900), ("Black", 900),
    ("Ultra-Heavy", 1000), ("Ultra-Black", 1000), ("Extra-Black", 1000),
  ]
  /// Width words and their widths in percent.
  static let widths: [(name: String, width: Double)] = [
    ("Ultra-Condensed", 50), ("Extra-Condensed", 62.5), ("Condensed", 75),
    ("Semi-Condensed", 87.5), ("Semi-Expanded", 112.5), ("Expanded", 125),
    ("Extra-Expanded", 150), ("Ultra-Expanded", 200),
  ]
  /// Pango's gravities, which Galley refuses.
  static let gravities = [
    "Not-Rotated", "South", "Upside-Down", "North", "Rotated-Left", "East", "Rotated-Right",
    "West",
  ]

  /// A word as compared: lowercase, without hyphens.
  static func key(_ word: some StringProtocol) -> String {
    String(word.lowercased().filter { $0 != "-" })
  }

  /// The canonical name of a weight, or `nil` when no word has it.
  static func weightName(_ weight: Int) -> String? {
    weights.first { $0.weight == weight }?.name
  }

  /// The canonical name of a width, or `nil` when no word has exactly it.
  static func widthName(_ width: Double) -> String? {
    widths.first { $0.width == width }?.name
  }

  /// A named width within half a percent of `width` (fontconfig gives Semi-Condensed as 87),
  /// else `width`.
  static func namedWidth(near width: Double) -> Double {
    widths.first { abs($0.width - width) <= 0.5 }?.width ?? width
  }

  /// What a style word sets, or `nil` when it is not one.
  enum Setting: Equatable {
    case weight(Int)
    case slant(FaceDescriptor.Slant)
    case width(Double)
    case variant(FontDescription.Variant)
    case normal
    case gravity
  }

  /// The setting of a word (or of two words written apart, such as `Semi Bold`), with the
  /// prefixed forms `weight=`, `style=`, `stretch=` and `variant=`.
  static func setting(_ word: String) -> Setting? {
    if let equals = word.firstIndex(of: "=") {
      return prefixed(
        String(word[..<equals]).lowercased(), String(word[word.index(after: equals)...]))
    }
    let key = key(word)
    if key == "normal" { return .normal }
    if let weight = weights.first(where: { self.key($0.name) == key }) {
      return .weight(weight.weight)
    }
    if let slant = slant(key) { return .slant(slant) }
    if let width = widths.first(where: { self.key($0.name) == key }) { return .width(width.width) }
    if let variant = FontDescription.Variant.allCases.first(where: { self.key($0.rawValue) == key })
    {
      return .variant(variant)
    }
    if gravities.contains(where: { self.key($0) == key }) { return .gravity }
    return nil
  }

  private static func slant(_ key: String) -> FaceDescriptor.Slant? {
    switch key {
    case "roman": .upright
    case "italic": .italic
    case "oblique": .oblique
    default: nil
    }
  }

  /// `weight=550`, `style=italic`, `stretch=condensed`, `variant=small-caps`.
  private static func prefixed(_ prefix: String, _ value: String) -> Setting? {
    switch prefix {
    case "weight":
      if let number = Int(value), FontWeight.cssWeights.contains(number) { return .weight(number) }
      guard case .weight(let weight)? = setting(value) else { return nil }
      return .weight(weight)
    case "style":
      return slant(key(value)).map(Setting.slant) ?? (key(value) == "normal" ? .normal : nil)
    case "stretch":
      if let percent = PangoDescriptionParser.decimal(value), percent > 0, percent <= 1000 {
        return .width(percent)
      }
      guard case .width(let width)? = setting(value) else { return nil }
      return .width(width)
    case "variant":
      guard case .variant(let variant)? = setting(value) else { return nil }
      return .variant(variant)
    default:
      return nil
    }
  }
}

/// Reads Pango's font description grammar from the right (see ``FontDescription``).
enum PangoDescriptionParser {
  /// A word of the description and where it starts.
  struct Word {
    var text: String
    var offset: Int
    /// Whether a comma comes right after it (before the next word).
    var endsWithComma: Bool
  }

  static let maximumSize = 1000.0

  static func parse(_ text: String) throws(FontDescriptionError) -> FontDescription {
    let words = Self.words(text)
    var end = words.count
    var description = FontDescription()
    // A word a comma ends is a family's, as in Pango: `Sans 12,` names the family "Sans 12".
    func isOption(_ end: Int) -> Bool { end > 0 && !words[end - 1].endsWithComma }
    if isOption(end), words[end - 1].text.hasPrefix("#") {
      description.features = try features(words[end - 1])
      end -= 1
    }
    if isOption(end), words[end - 1].text.hasPrefix("@") {
      description.variations = try variations(words[end - 1])
      end -= 1
    }
    if isOption(end), let size = try size(words[end - 1], words: words[..<(end - 1)]) {
      description.size = size
      end -= 1
    }
    end = try styleWords(words[..<end], into: &description)
    description.families = try families(text, words: words[..<end], rest: words[end...])
    return description
  }

  /// The words of `text`: runs of characters other than white space and commas, but a word
  /// that starts with `@` or `#` (a list) keeps its commas.
  static func words(_ text: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start = 0
    var offset = 0
    func finish(comma: Bool) {
      if !current.isEmpty {
        words.append(Word(text: current, offset: start, endsWithComma: comma))
        current = ""
      } else if comma, !words.isEmpty {
        words[words.count - 1].endsWithComma = true
      }
    }
    // Scalars, not characters: a comma or a space that a grapheme cluster would join to the
    // character before it (after U+070F, a prepended mark) still separates words, as in Pango.
    for scalar in text.unicodeScalars {
      let length = UTF8.width(scalar)
      let inList = current.first == "@" || current.first == "#"
      if scalar == ",", !inList {
        finish(comma: true)
      } else if scalar.properties.isWhitespace {
        finish(comma: false)
      } else {
        if current.isEmpty { start = offset }
        current.unicodeScalars.append(scalar)
      }
      offset += length
    }
    finish(comma: false)
    return words
  }

  private static func features(_ word: Word) throws(FontDescriptionError) -> FontFeatures {
    do throws(FontFeatureError) {
      return try FontFeatures(parsing: String(word.text.dropFirst()))
    } catch {
      throw FontDescriptionError(
        word: word.text, offset: word.offset, reason: error.description, suggestion: nil)
    }
  }

  private static func variations(_ word: Word) throws(FontDescriptionError) -> FontVariations {
    do throws(FontVariationError) {
      return try FontVariations(parsing: String(word.text.dropFirst()))
    } catch {
      throw FontDescriptionError(
        word: word.text, offset: word.offset, reason: error.description, suggestion: nil)
    }
  }

  /// The size the word gives (a decimal, with `px` or none), or `nil` when it is not one.
  private static func size(
    _ word: Word, words: ArraySlice<Word>
  ) throws(FontDescriptionError) -> Double? {
    var digits = Substring(word.text)
    if digits.lowercased().hasSuffix("px") { digits = digits.dropLast(2) }
    guard let number = decimal(digits) else {
      // A word that starts like a number is a size that does not read: `12pt`, `1e3`.
      let numeric = word.text.prefix { ($0.isASCII && $0.isNumber) || $0 == "." }
      guard !numeric.isEmpty, decimal(numeric) != nil else { return nil }
      let unit = word.text.dropFirst(numeric.count)
      let corrected =
        unit.allSatisfy(\.isLetter)
        ? (words.map(\.text) + [String(numeric)]).joined(separator: " ") : nil
      throw FontDescriptionError(
        word: word.text, offset: word.offset,
        reason: "a size is a decimal number of points, or of pixels with 'px' (the same in Galley)",
        suggestion: corrected)
    }
    guard number > 0, number <= maximumSize else {
      throw FontDescriptionError(
        word: word.text, offset: word.offset,
        reason: "a size must be above 0 and at most \(Int(maximumSize))", suggestion: nil)
    }
    return number
  }

  /// A decimal without sign or exponent: digits with at most one point.
  static func decimal(_ text: some StringProtocol) -> Double? {
    let digits = text.filter { $0 != "." }
    guard !digits.isEmpty, text.filter({ $0 == "." }).count <= 1,
      digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Double(String(text))
  }
}
