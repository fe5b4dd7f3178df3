/// Families per language, from the FontSets files' `"languages"` tables.
extension FontSet {
  /// Whether a FontSets file names families per language (`"languages"`): when not, the
  /// language of a text never changes its family, and callers need not pass it.
  public var hasLanguageFamilies: Bool { !rules.languages.isEmpty }

  /// The family a FontSets file names to draw `family` in a language: the first installed
  /// family (or alias or generic) of the language's list, or `nil` when there is none.
  ///
  /// Tags match as RFC 4647's lookup does: the whole tag, then with its last subtag dropped,
  /// and so on (`zh-Hant-HK`, `zh-Hant`, `zh`), ignoring case and `-` or `_`.
  ///
  /// - Parameters:
  ///   - family: The family asked for.
  ///   - language: The text's BCP 47 tag.
  /// - Returns: The family to draw with, or `nil` for the family itself.
  public func languageFamily(for family: String, language: String) -> String? {
    guard let table = rules.languages[FontSetDefinition.normalized(family)],
      var tag = FontSetDefinition.normalizedLanguageTag(language)
    else { return nil }
    while true {
      if let families = table[tag],
        let known = families.first(where: { name in
          (try? locate(name, strict: true)).map { $0.matchedBy != .substitute } ?? false
        })
      {
        return known
      }
      guard let cut = tag.lastIndex(of: "-") else { return nil }
      tag = String(tag[..<cut])
      // A singleton (an extension's start) left at the end goes with its subtag.
      if let last = tag.lastIndex(of: "-"), tag.distance(from: last, to: tag.endIndex) == 2 {
        tag = String(tag[..<last])
      }
    }
  }
}
