import Testing

@testable import GalleyFonts

/// BCP 47 tags become the tags fontconfig's `lang` matches: Chinese by region, then script.
@Suite("fontconfig language tags")
struct FontconfigLanguageTests {
  @Test(
    arguments: [
      ("zh-Hans", "zh-cn"), ("zh-Hant", "zh-tw"), ("zh-HK", "zh-hk"), ("zh-Hant-HK", "zh-hk"),
      ("zh-TW", "zh-tw"), ("zh-CN", "zh-cn"), ("zh-Hans-SG", "zh-sg"), ("zh-MO", "zh-mo"),
      ("zh_TW", "zh-tw"), ("zh", "zh"), ("zh-Hant-u-co-stroke", "zh-tw"), ("ZH-HANS", "zh-cn"),
      ("sr-Latn", "sh"), ("sr-Cyrl", "sr"), ("sr", "sr"), ("ja", "ja"), ("ko-KR", "ko-kr"),
      ("de-CH-1996", "de-ch"), ("ja-u-lb-strict", "ja"), ("es-419", "es-419"),
      ("en-x-private", "en"), ("pt-BR", "pt-br"), ("ar", "ar"),
    ])
  func tagsMapAsPangoDoes(bcp47: String, fontconfig: String) {
    #expect(FontconfigLanguage.tag(for: bcp47) == fontconfig)
  }
}
