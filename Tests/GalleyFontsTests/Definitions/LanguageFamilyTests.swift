import Foundation
import GalleyFonts
import GalleyTestSupport
import Testing

/// A FontSets file's families per language (DHSGlyphText's fonts per locale): the language's
/// families first, by RFC 4647 lookup, then the family itself (the default), then fontconfig's
/// fallback (the system font).
@Suite("Families per language")
struct LanguageFamilyTests {
  static let definition = Result {
    try FontSetDefinition(
      json: Data(
        #"""
        {"schemaVersion": 1,
         "aliases": {"Brand": ["DejaVu Sans"]},
         "languages": {"Brand": {"ja": ["Missing Family", "Droid Sans Fallback"],
                                 "en": ["Lato"], "en-GB": ["DejaVu Serif"],
                                 "sr_Latn": ["Lato"], "zh-Hant": ["Nope"]}}}
        """#.utf8), source: "test")
  }

  static let fonts = Result {
    try FontSet(options: HermeticFonts.options(definitions: [try definition.get()]))
  }

  @Test(
    arguments: [
      ("ja", "Droid Sans Fallback", true), ("ja-JP", "Droid Sans Fallback", true),
      ("JA_jp", "Droid Sans Fallback", true), ("en-US", "Lato", true), ("en", "Lato", true),
      ("en-GB", "DejaVu Serif", true), ("en-GB-x-test", "DejaVu Serif", true),
      ("en-u-ca-gregory", "Lato", true), ("sr-Latn-RS", "Lato", true), ("sr", "DejaVu Sans", false),
      ("de", "DejaVu Sans", false), ("zh-Hant-HK", "DejaVu Sans", false),
    ])
  func theLanguagesFamilyComesFirst(language: String, family: String, byLanguage: Bool) throws {
    let fonts = try Self.fonts.get()
    let resolved = try fonts.resolve(family: "Brand", weight: 1, language: language)
    #expect(resolved.face.family == family)
    #expect(resolved.requestedFamily == "Brand")
    #expect(resolved.matchedBy == (byLanguage ? .language : .alias))
    #expect(fonts.hasLanguageFamilies)
  }

  @Test func withoutALanguageTheFamilyIsItsOwn() throws {
    let fonts = try Self.fonts.get()
    #expect(try fonts.resolve(family: "Brand").face.family == "DejaVu Sans")
    #expect(try fonts.resolve(family: "Lato", language: "ja").face.family == "Lato")
    #expect(try !HermeticFonts.fontSet().hasLanguageFamilies)
  }

  @Test(
    arguments: [
      (#"{"languages": {"Brand": {"j a": ["Lato"]}}}"#, "languages.Brand.j a"),
      (#"{"languages": {"Brand": {"ja": []}}}"#, "languages.Brand.ja"),
      (#"{"languages": {"Brand": {}}}"#, "languages.Brand"),
      (#"{"languages": {"Brand": {"ja": ["Lato"], "JA": ["Lato"]}}}"#, "languages.Brand."),
      (#"{"languages": ["Lato"]}"#, "languages"),
      (#"{"languages": {"Brand": {"toolongsubtag": ["Lato"]}}}"#, "languages.Brand.toolongsubtag"),
    ])
  func badLanguageTablesNameTheKey(json: String, key: String) {
    let document = #"{"schemaVersion": 1, "# + json.dropFirst()
    let error = #expect(throws: FontSetError.self) {
      try FontSetDefinition(json: Data(document.utf8), source: "test")
    }
    #expect(error?.description.contains("key '\(key)") == true, "\(error?.description ?? "")")
  }
}
