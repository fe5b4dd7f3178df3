import Foundation
import GalleyFonts
import Testing

/// Han unification on the machine's Noto CJK collections (`fonts-noto-cjk`, which
/// `scripts/setup.sh` installs), skipped when the machine does not have them: the same
/// characters fall back to the Simplified Chinese, Traditional Chinese, Hong Kong, Japanese or
/// Korean face by the language, as `fc-match 'sans-serif:lang=zh-cn'` picks them.
///
/// The collections (some 100 MB) stay out of the repository; each is one file with a face per
/// region, so the test also checks that a collection's faces are told apart.
@Suite("Noto CJK fonts of the machine")
struct MachineNotoCJKTests {
  /// Debian's Noto OpenType directory, which holds the CJK collections.
  static let directory = "/usr/share/fonts/opentype/noto"

  /// Whether the machine has the sans collection.
  static let isInstalled = FileManager.default.fileExists(
    atPath: directory + "/NotoSansCJK-Regular.ttc")

  /// The machine's fonts, through its own fontconfig configuration: Noto CJK's rules in
  /// `/etc/fonts/conf.d` rank each region's face first for its language, as `fc-match` shows.
  static let fonts = Result { () throws(FontSetError) in try FontSet() }

  @Test(
    .enabled(if: MachineNotoCJKTests.isInstalled, "needs fonts-noto-cjk"),
    arguments: [
      ("zh-Hans", "Noto Sans CJK SC"), ("zh-Hant", "Noto Sans CJK TC"),
      ("zh-HK", "Noto Sans CJK HK"), ("zh-TW", "Noto Sans CJK TC"), ("ja", "Noto Sans CJK JP"),
      ("ko", "Noto Sans CJK KR"), ("zh-Hant-HK", "Noto Sans CJK HK"),
    ])
  func hanUnifiedCharactersFallBackByLanguage(language: String, family: String) throws {
    let fonts = try Self.fonts.get()
    let primary = try fonts.resolve(family: "DejaVu Sans", weight: 0, italic: false)
    // 直 and 骨 are drawn differently in each region.
    let runs = fonts.fallbackRuns(for: "直骨", primary: primary, language: language)
    #expect(runs.count == 1)
    #expect(runs.first?.face?.family == family, "\(runs.first?.face?.family ?? "none")")
  }
}
