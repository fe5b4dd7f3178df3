import Foundation
import GalleyCheck
import GalleyJobs
import GalleyTestSupport
import Testing

/// Real catalogs of ten open-source apps (Tests/Catalogs), read and checked with the spec
/// beside them in hermetic fonts: every format's reader on real files, and the reports as
/// goldens.
@Suite struct FixtureTests {
  static let folder = HermeticFonts.packageRoot + "/Tests/Catalogs"

  static let fixtures = [
    "actual-budget", "deltachat-ios", "etar-calendar", "focus-ios", "heroic-games-launcher",
    "icecubesapp", "linearmouse", "sparkle", "transmission", "wikipedia-android",
  ]

  static func checker() throws -> CatalogChecker {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/spec.json")))
    return try CatalogChecker(
      spec: try CheckSpec(json: bytes), runner: JobRunner(fonts: try HermeticFonts.fontSet()))
  }

  /// Each fixture read: its locales, and strings in every one of them.
  @Test(
    arguments: zip(
      fixtures,
      [
        ["ar", "de", "fi", "he", "ja", "th"], ["ar", "de", "fi", "he", "ja"],
        ["ar", "de", "fi", "he", "hi", "ja", "th"],
        ["ar", "de", "en-US", "fi", "he", "hi-IN", "ja", "th"],
        ["ar", "de", "fi", "he", "ja", "th"], ["de", "en-GB", "ja", "ko", "pl", "uk", "zh-Hans"],
        ["ar", "de", "fi", "he", "ja"], ["ar", "de", "fi", "he", "ja", "th"],
        ["ar", "de", "fi", "he", "hi", "ja", "th"], ["ar", "de", "fi", "he", "hi", "ja", "th"],
      ]))
  func reads(fixture: String, locales: [String]) throws {
    let set = try CatalogLoader.load([Self.folder + "/" + fixture], sourceLocale: "en")
    #expect(set.locales == locales)
    #expect(set.source.count >= 40)
    for locale in locales where !(fixture == "deltachat-ios" && locale == "ar") {
      #expect(!(set.translations[locale] ?? []).isEmpty, "\(fixture) \(locale)")
    }
  }

  /// The terminal report of every fixture, pseudo-locales included, as one golden; the JSON
  /// report of two.
  @Test func reports() throws {
    let checker = try Self.checker()
    var text = ""
    for fixture in Self.fixtures {
      let set = try CatalogLoader.load([Self.folder + "/" + fixture], sourceLocale: "en")
      let report = try checker.check(set, pseudoLocales: PseudoLocale.allCases)
      text += "== \(fixture)\n" + TerminalReport.render(report) + "\n"
      if fixture == "wikipedia-android" || fixture == "deltachat-ios" {
        try expectGolden(CheckReportJSON.encode(report), named: "\(fixture).json")
      }
    }
    try expectGolden(text, named: "fixtures.txt")
  }
}
