import Foundation

/// BCP 47 language tags as catalogs spell them: `de`, `pt_BR`, `zh-Hans`, Android's
/// `values-pt-rBR` and `values-b+sr+Latn`, Apple's `zh-Hans.lproj`, and the old codes `iw`,
/// `in` and `ji`.
package enum LocaleTag {
  /// A tag in its canonical form: language in lower case (`iw` as `he`, `in` as `id`, `ji`
  /// as `yi`), script in title case, region in upper case, `-` between; or `nil` when `text`
  /// is not a language tag.
  ///
  /// - Parameters:
  ///   - text: A tag with `-` or `_` between its parts.
  ///   - knownLanguage: Whether its first part must be an ISO 639 code Foundation knows (as
  ///     for a file or folder name, where `app` or `common` is no locale); otherwise any two
  ///     or three letters (a tag the user gives).
  /// - Returns: The canonical tag, or `nil`.
  package static func canonical(_ text: some StringProtocol, knownLanguage: Bool = true)
    -> String?
  {
    let parts = String(text).split(
      omittingEmptySubsequences: false,
      whereSeparator: { (character: Character) in character == "-" || character == "_" }
    ).map(String.init)
    guard let first = parts.first, first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    var language = first.lowercased()
    language = legacy[language] ?? language
    guard language.count >= 2, language.count <= 3, !knownLanguage || languages.contains(language)
    else {
      return nil
    }
    var tag = [language]
    for part in parts.dropFirst() {
      guard part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), !part.isEmpty,
        part.count <= 8
      else { return nil }
      if part.count == 4, part.allSatisfy({ $0.isLetter }) {
        tag.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
      } else if part.count == 2 || (part.count == 3 && part.allSatisfy({ $0.isNumber })) {
        tag.append(part.uppercased())
      } else {
        tag.append(part.lowercased())
      }
    }
    return tag.joined(separator: "-")
  }

  /// The tag of an Android resource folder's qualifiers (`values-de`, `values-pt-rBR`,
  /// `values-b+sr+Latn`), `""` for `values` itself (the default resources), or `nil` for a
  /// folder whose qualifiers are not a locale (`values-night`, `values-v21`, `values-de-land`).
  ///
  /// - Parameter folder: The folder's name.
  /// - Returns: The tag, `""`, or `nil`.
  package static func android(folder: some StringProtocol) -> String? {
    guard folder != "values" else { return "" }
    guard folder.hasPrefix("values-") else { return nil }
    let qualifiers = folder.dropFirst("values-".count)
    if qualifiers.hasPrefix("b+") {
      return canonical(qualifiers.dropFirst(2).replacingOccurrences(of: "+", with: "-"))
    }
    let parts = qualifiers.split(separator: "-")
    switch parts.count {
    case 1: return canonical(parts[0])
    case 2 where parts[1].count == 3 && parts[1].first == "r":
      return canonical("\(parts[0])-\(parts[1].dropFirst())")
    default: return nil
    }
  }

  /// The tag of an Apple `.lproj` folder (`de.lproj`, `zh-Hans.lproj`), `""` for
  /// `Base.lproj`, or `nil`.
  ///
  /// - Parameter folder: The folder's name.
  /// - Returns: The tag, `""`, or `nil`.
  package static func lproj(folder: some StringProtocol) -> String? {
    guard folder.hasSuffix(".lproj") else { return nil }
    let name = folder.dropLast(".lproj".count)
    return name == "Base" ? "" : canonical(name)
  }

  /// Whether two tags name the same language (their first parts are equal): `de` and
  /// `de-CH`.
  package static func sameLanguage(_ tag: String, _ other: String) -> Bool {
    tag.split(separator: "-").first == other.split(separator: "-").first
  }

  /// ISO 639 codes that were replaced, and their replacements.
  private static let legacy = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]

  /// The two- and three-letter language codes Foundation knows.
  private static let languages = Set(
    Locale.LanguageCode.isoLanguageCodes.map(\.identifier) + ["fil", "yue", "ckb", "iw", "in"])
}
