/// BCP 47 language tags in the form fontconfig's `lang` property knows, so fallback picks the
/// faces a language's readers expect (Pango's `pango_fc_convert_language_to_fc` does the same).
///
/// fontconfig's tags are a language and sometimes a territory (`zh-cn`, `zh-tw`, `pt-br`) and
/// never a script, and it compares a tag it does not know by its language alone: `zh-Hans` as
/// given matches every Chinese and Japanese face alike, and the first wins. So:
///
/// - Chinese takes its territory from the region (`zh-TW`, `zh-HK`, `zh-MO`, `zh-SG`,
///   `zh-CN`) or, without one, from the script: `zh-Hans` is `zh-cn`, `zh-Hant` is `zh-tw`.
///   `zh` alone stays `zh`.
/// - Serbian in Latin script (`sr-Latn`) is fontconfig's `sh`; Cyrillic stays `sr`.
/// - Any other tag keeps its language and region and drops its script and the rest
///   (`de-CH-1996` is `de-ch`, `ja-u-lb-strict` is `ja`).
enum FontconfigLanguage {
  /// The fontconfig tag of a BCP 47 (or fontconfig) language tag.
  ///
  /// - Parameter tag: The tag, in any case, with `-` or `_` between subtags.
  /// - Returns: The tag fontconfig matches, lowercase.
  static func tag(for tag: String) -> String {
    let subtags = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = subtags.first.map(String.init), !language.isEmpty else { return tag }
    var script: String?
    var region: String?
    for subtag in subtags.dropFirst() {
      // A singleton starts an extension or a private use part: what follows is not a region.
      if subtag.count == 1 { break }
      if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(\.isLetter) {
        script = String(subtag)
      } else if region == nil,
        (subtag.count == 2 && subtag.allSatisfy(\.isLetter))
          || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
      {
        region = String(subtag)
      }
    }
    switch language {
    case "zh":
      if let region, ["cn", "sg", "tw", "hk", "mo"].contains(region) { return "zh-" + region }
      switch script {
      case "hans": return "zh-cn"
      case "hant": return "zh-tw"
      default: return "zh"
      }
    case "sr" where script == "latn":
      return "sh"
    default:
      return region.map { language + "-" + $0 } ?? language
    }
  }
}
