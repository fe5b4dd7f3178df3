import GalleyTestSupport
import GalleyTools
import Testing

@testable import GalleyCLI

/// `--accelerators` chooses the fast paths, and every choice gives the same output.
@Suite("--accelerators")
struct AcceleratorOptionTests {
  static let configuration = Result { try HermeticFonts.configurationFile() }

  static let settings = [
    "all", "none", "word-cache", "pair-shaping", "shaping-plans", "glyph-masks",
    "word-cache, pair-shaping",
  ]

  @Test("The layout JSON is the same under every setting", arguments: settings)
  func layoutIsTheSame(_ setting: String) throws {
    let arguments = [
      "--fontconfig", try Self.configuration.get(), "--json", "--width", "140", "--",
      "Different %Boffice%b flows, AVA Wave: שלום عربي 日本語.\nAgain: of%{smcp}Ofi%oce flows.",
    ]
    let reference = try LayoutCommand.parse(arguments).execute()
    let accelerated = try LayoutCommand.parse(["--accelerators", setting] + arguments).execute()
    #expect(reference.status == 0)
    #expect(accelerated.status == reference.status)
    #expect(accelerated.standardOutput == reference.standardOutput)
  }

  @Test(
    "A bad setting names the item, its offset and the names",
    arguments: [
      ("fast", "'fast' at offset 0"), ("word-cache,,glyph-masks", "an empty item at offset 11"),
    ])
  func badSettingIsAnError(_ setting: String, _ expected: String) throws {
    let message = try #require(layoutUsageError(["--accelerators", setting, "--", "Hi"]))
    #expect(message.contains(expected), "\(message)")
    #expect(message.contains("word-cache, pair-shaping, shaping-plans, glyph-masks"), "\(message)")
  }
}
