import GalleyStyle

/// The scanner's working copy of ``TextAttributes``: the family and the features are interned
/// numbers, so the struct is plain data that copies and compares without reference counting.
///
/// Interning keeps equality exact: two family ids are equal exactly when their names are.
struct ScanAttributes: Equatable {
  var family: Int
  var size: Double
  var weight: Int
  var isItalic = false
  var color: TextColor
  var background: TextColor?
  var underline = UnderlineStyle.none
  var isStruckThrough = false
  var characterSpacing = 0.0
  var baselineShift = 0.0
  /// The features' number in the scanner's ``FeatureTable``; 0 for none.
  var features = 0
  /// The variations' number in the scanner's ``VariationTable``; 0 for none.
  var variations = 0
  var link: Int?
  /// The language's number in the scanner's ``LanguageTable``; 0 for none (the layout's).
  var language = 0
  /// The span's hyphenation, or `nil` for the layout's.
  var hyphens: Hyphens?

  func resolved(
    families: [String], features featureSets: [FontFeatures],
    variations variationSets: [FontVariations], languages: [String?]
  ) -> TextAttributes {
    TextAttributes(
      family: families[family], size: size, weight: weight, isItalic: isItalic, color: color,
      background: background, underline: underline, isStruckThrough: isStruckThrough,
      characterSpacing: characterSpacing, baselineShift: baselineShift,
      features: featureSets[features], variations: variationSets[variations], link: link,
      language: languages[language], hyphens: hyphens)
  }
}

/// The language tags of one scan, each once, numbered in order; number 0 is none.
struct LanguageTable {
  private(set) var tags: [String?] = [nil]

  /// The number of `tag`, added if it is new; texts name few languages, so a linear search
  /// is fastest.
  mutating func intern(_ tag: String?) -> Int {
    if let existing = tags.firstIndex(of: tag) { return existing }
    tags.append(tag)
    return tags.count - 1
  }
}

/// The feature lists of one scan, each once, numbered in order; number 0 is the empty list.
///
/// Bounded: at most ``MarkupFormatter/maximumFeatureLists`` lists of at most
/// ``MarkupFormatter/maximumFeatureCount`` features each.
struct FeatureTable {
  private(set) var lists: [FontFeatures] = [FontFeatures()]
  private var numbers: [FontFeatures: Int] = [FontFeatures(): 0]

  /// The number of `features`, numbered now if new; `nil` when the table is full.
  mutating func intern(_ features: FontFeatures) -> Int? {
    if let known = numbers[features] { return known }
    guard lists.count < MarkupFormatter.maximumFeatureLists else { return nil }
    lists.append(features)
    numbers[features] = lists.count - 1
    return lists.count - 1
  }
}

/// The coordinate lists of one scan, each once, numbered in order; number 0 is the empty list.
///
/// Bounded: at most ``MarkupFormatter/maximumFeatureLists`` lists of at most
/// ``MarkupFormatter/maximumFeatureCount`` coordinates each.
struct VariationTable {
  private(set) var lists: [FontVariations] = [FontVariations()]
  private var numbers: [FontVariations: Int] = [FontVariations(): 0]

  /// The number of `variations`, numbered now if new; `nil` when the table is full.
  mutating func intern(_ variations: FontVariations) -> Int? {
    if let known = numbers[variations] { return known }
    guard lists.count < MarkupFormatter.maximumFeatureLists else { return nil }
    lists.append(variations)
    numbers[variations] = lists.count - 1
    return lists.count - 1
  }
}
