import GalleyMarkup
import GalleyStyle

/// The last stage: what a layout could not do as asked (``Layout/warnings``).
///
/// It reads the finished layout, its text and options. A layout whose options set no
/// coordinates and no automatic hyphenation, and whose spans set none of their typography,
/// costs one look at each run's attributes.
enum LayoutWarnings {
  /// The warnings of a layout, each once, in the order met: the axes, then the dictionaries.
  ///
  /// - Parameters:
  ///   - layout: The finished layout.
  ///   - text: Its text.
  ///   - options: The options it was asked with.
  ///   - hyphenation: Where the engine finds hyphenation dictionaries.
  /// - Returns: The warnings.
  static func of(
    _ layout: Layout, text: FormattedText, options: LayoutOptions,
    hyphenation: HyphenationDictionaries
  ) -> [Layout.Warning] {
    let spans = text.runs.contains { $0.attributes.setsTypography }
    guard spans || !options.variations.isEmpty || options.hyphens == .auto else { return [] }
    return missingAxes(layout, text: text, options: options)
      + missingDictionaries(text, options: options, hyphenation: hyphenation)
  }

  /// The coordinates each run asks (the layout's, then its span's) on axes its face lacks,
  /// each face and axis once.
  private static func missingAxes(
    _ layout: Layout, text: FormattedText, options: LayoutOptions
  ) -> [Layout.Warning] {
    let anySpan = text.runs.contains { !$0.attributes.variations.isEmpty }
    guard !options.variations.isEmpty || anySpan else { return [] }
    var seen = Set<String>()
    var warnings: [Layout.Warning] = []
    for run in layout.lines.flatMap(\.runs) where !run.isToken {
      let span = text.run(atUTF16Offset: run.location)?.attributes.variations ?? FontVariations()
      for variation in options.variations.merging(span).variations
      where run.font.variations.value(forTag: variation.tag) == nil {
        let face = "\(run.font.family) \(run.font.style)"
        let written = FontVariations([variation]).description
        let tag = written.prefix { $0 != "=" }
        let message = "'\(face)' has no '\(tag)' axis; '\(written)' is ignored"
        if seen.insert(message).inserted { warnings.append(.init(.missingAxis, message)) }
      }
    }
    return warnings
  }

  /// The languages automatic hyphenation asks for (the layout's, and spans' `%{…}G` where
  /// their hyphenation is `auto`) that have no dictionary, each once.
  private static func missingDictionaries(
    _ text: FormattedText, options: LayoutOptions, hyphenation: HyphenationDictionaries
  ) -> [Layout.Warning] {
    var seen: Set<String> = []
    var warnings: [Layout.Warning] = []
    for run in text.runs where (run.attributes.hyphens ?? options.hyphens) == .auto {
      let language = run.attributes.language ?? options.language ?? ""
      guard seen.insert(language).inserted else { continue }
      if language.isEmpty {
        warnings.append(
          .init(
            .missingHyphenationDictionary,
            "hyphens auto needs a language; words break at soft hyphens only"))
      } else if hyphenation.file(for: language) == nil {
        warnings.append(
          .init(
            .missingHyphenationDictionary,
            "no hyphenation dictionary for '\(language)'; words break at soft hyphens only"))
      }
    }
    return warnings
  }
}
