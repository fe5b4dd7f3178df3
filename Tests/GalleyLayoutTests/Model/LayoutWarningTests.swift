import Foundation
import GalleyLayout
import GalleySupport
import Testing

/// ``Layout/warnings``: coordinates on axes a face lacks and automatic hyphenation without a
/// dictionary, each once, in the order met; absent from the document when there is none, and
/// the writer's bytes are `JSONEncoder`'s.
@Suite("Layout warnings")
struct LayoutWarningTests {
  static let cases: [(markup: String, family: String, options: LayoutOptions, expected: [String])] =
    [
      (
        "hi %{opsz=20}Vthere %{Inter}Fyou%v and %{Inter}Fme", "DejaVu Sans",
        {
          var options = LayoutOptions(width: 300)
          options.variations = (try? FontVariations(parsing: "wght=550")) ?? FontVariations()
          return options
        }(),
        [
          "missingAxis: 'DejaVu Sans Book' has no 'wght' axis; 'wght=550' is ignored",
          "missingAxis: 'DejaVu Sans Book' has no 'opsz' axis; 'opsz=20' is ignored",
          "missingAxis: 'Inter Regular' has no 'opsz' axis; 'opsz=20' is ignored",
        ]
      ),
      (
        "hyphenated words %{qaa}Gand more%g", "DejaVu Sans",
        {
          var options = LayoutOptions(width: 300)
          options.hyphens = .auto
          return options
        }(),
        [
          "missingHyphenationDictionary: hyphens auto needs a language; words break at soft "
            + "hyphens only"
        ]
      ),
      (
        "%{xx}Gwords%g and %{en-US}Gwords%g", "DejaVu Sans",
        {
          var options = LayoutOptions(width: 300, language: "en-US")
          options.hyphens = .auto
          return options
        }(),
        [
          "missingHyphenationDictionary: no hyphenation dictionary for 'xx'; words break at "
            + "soft hyphens only"
        ]
      ),
      (
        "hi", "Inter",
        {
          var options = LayoutOptions(width: 300)
          options.variations = (try? FontVariations(parsing: "wght=550")) ?? FontVariations()
          return options
        }(),
        []
      ),
    ]

  @Test(arguments: cases)
  func warningsNameWhatWasIgnored(
    markup: String, family: String, options: LayoutOptions, expected: [String]
  ) throws {
    let layout = try LayoutSupport.layout(markup, family: family, options: options)
    #expect(layout.warnings.map { "\($0.kind): \($0.message)" } == expected)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let json = try encoder.encode(layout)
    var writer = JSONWriter()
    try layout.writeJSON(into: &writer)
    #expect(writer.bytes == Array(json))
    #expect(String(decoding: json, as: UTF8.self).contains("\"warnings\"") == !expected.isEmpty)
    #expect(try JSONDecoder().decode(Layout.self, from: json) == layout)
  }
}
