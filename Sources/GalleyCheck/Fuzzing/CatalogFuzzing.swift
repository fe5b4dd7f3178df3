import GalleyMarkup

/// What the catalog fuzzing harness (Fuzz/Sources/CatalogFuzz) calls: not API (`@_spi`, and
/// the product that carries it is `_GalleyCheckFuzzing`).
@_spi(Fuzzing) public enum CatalogFuzzing {
  /// One path per reader (and locale source) the harness chooses among.
  public static let paths = [
    "res/values-de/strings.xml", "res/values/strings.xml", "de.lproj/Localizable.strings",
    "Base.lproj/Main.strings", "de.lproj/Localizable.stringsdict", "App/Localizable.xcstrings",
    "de.xliff", "po/de.po", "po/app.pot", "locales/de/common.json", "fi.json",
  ]

  /// Reads bytes as a catalog at a path, then fills, pseudo-translates and merges what it
  /// read, and returns the first property that does not hold, or `nil`.
  ///
  /// The properties: an error names the file and a line in it; every entry's line and
  /// column are in the file; filled placeholders map every offset back inside the string, in
  /// order; pseudo-locales keep the string's codes; the set answers every source and missing
  /// question.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's name (one of ``paths``).
  /// - Returns: The broken property, or `nil`.
  public static func check(_ bytes: [UInt8], path: String) -> String? {
    let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    let set: CatalogSet
    do {
      set = try CatalogLoader.load(files: [(path, bytes)], sourceLocale: "en")
    } catch {
      guard error.file == path else { return "the error names \(error.file), not \(path)" }
      guard (0...lines).contains(error.line) else {
        return "the error's line \(error.line) is not in the file's \(lines) lines"
      }
      return nil
    }
    let all = set.source + set.locales.flatMap { set.translations[$0] ?? [] }
    for located in all {
      let entry = located.entry
      // A value's line may be one past the last newline's line (UTF-16 files count their own).
      guard (0...lines + 1).contains(entry.line), entry.column >= 0 else {
        return "\(entry.name): line \(entry.line), column \(entry.column) outside the file"
      }
      if let problem = checkValue(entry.value) { return "\(entry.name): \(problem)" }
      _ = set.source(for: entry.identity, format: located.format)
    }
    for locale in set.locales { _ = set.missing(in: locale) }
    return nil
  }

  /// The filler's offsets and the pseudo-locales' codes for one value.
  static func checkValue(_ value: String) -> String? {
    let filler = PlaceholderFiller(samples: ["%@": "A%", "%d": "9", "{n}": "x", "%": "p"])
    let filled = filler.fill(value)
    var previous = 0
    for offset in 0...filled.markup.utf8.count {
      let original = filled.originalOffset(ofFilled: offset)
      guard original >= previous, original <= value.utf8.count else {
        return "filled offset \(offset) maps to \(original) (after \(previous))"
      }
      previous = original
    }
    let codes = Markup.codeRanges(in: value).count
    for pseudo in PseudoLocale.allCases {
      let translated = pseudo.translate(value, placeholders: filler)
      let kept = Markup.codeRanges(in: translated).count
      guard kept == codes else {
        return
          "\(pseudo.tag) has \(kept) codes, the string \(codes): \(translated.debugDescription)"
      }
    }
    return nil
  }
}
