import Foundation
import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTestSupport
import Testing

/// What cache keys are made of: the generation follows the fonts, the configuration, the
/// FontSets files and the version; stable descriptions are the same for equal values in every
/// process, and refuse what has no stable description.
@Suite struct CacheKeyPartsTests {
  @Test func theGenerationFollowsTheFontsAndTheFontSetsFiles() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-generation-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let definitions = directory + "/aliases.json"
    try Data(#"{"aliases": {"ui": ["DejaVu Sans"]}}"#.utf8)
      .write(to: URL(fileURLWithPath: definitions))
    let fonts = try HermeticFonts.fontSet()
    #expect(fonts.fontFiles.count > 10)
    #expect(fonts.fontFiles == fonts.fontFiles.sorted())
    let first = CacheGeneration.make(fonts: fonts, definitionFiles: [definitions])
    #expect(first.hasPrefix("galley-server/"))
    #expect(CacheGeneration.make(fonts: fonts, definitionFiles: [definitions]) == first)
    #expect(
      CacheGeneration.make(tool: "galley-render", fonts: fonts, definitionFiles: [definitions])
        .hasPrefix("galley-render/"))
    try Data(#"{"aliases": {"ui": ["DejaVu Serif"]}}"#.utf8)
      .write(to: URL(fileURLWithPath: definitions))
    #expect(CacheGeneration.make(fonts: fonts, definitionFiles: [definitions]) != first)
    #expect(CacheGeneration.make(fonts: fonts, definitionFiles: []) != first)
    #expect(
      CacheGeneration.make(fonts: fonts, definitionFiles: [], settings: "masks off")
        != CacheGeneration.make(fonts: fonts, definitionFiles: []))
  }

  @Test func aFontFileAddedChangesTheGeneration() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-generation-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let base = try HermeticFonts.fontSet()
    let font = try #require(base.fontFiles.first { $0.hasSuffix(".ttf") })
    try FileManager.default.copyItem(atPath: font, toPath: directory + "/extra.ttf")
    var options = HermeticFonts.options()
    options.fontDirectories = [directory]
    let more = try FontSet(options: options)
    #expect(more.fontFiles.contains(directory + "/extra.ttf"))
    #expect(
      CacheGeneration.make(fonts: more, definitionFiles: [])
        != CacheGeneration.make(fonts: base, definitionFiles: []))
  }

  struct Sample: Hashable {
    var name = "a"
    var table: [String: Double] = ["x": 1, "y": 2.5, "z": -0.0]
    var tags: Set<Int> = [3, 1, 2]
    var choice: LayoutOptions.Alignment = .center
    var optional: Int? = nil
  }

  final class Reference {}

  @Test func stableDescriptionsAreCanonicalAndRefuseClassesAndFunctions() throws {
    let description = try #require(StableDescription.of(Sample()))
    #expect(description == StableDescription.of(Sample()))
    #expect(description.contains(#"name: "a""#))
    let keys = ["x", "y", "z"].compactMap { description.range(of: "key: \"\($0)\"")?.lowerBound }
    #expect(keys.count == 3 && keys == keys.sorted())
    #expect(description.contains("value: -0.0"))
    #expect(description.contains("1, 2, 3"))
    #expect(StableDescription.of(Sample(name: "b")) != description)
    #expect(StableDescription.of(Reference()) == nil)
    #expect(StableDescription.of([Reference()]) == nil)
    let function: @Sendable (Int) -> Int = { $0 }
    #expect(StableDescription.of(function) == nil)
    var options = LayoutOptions(width: 120)
    options.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 10))]
    let job = TextJob(source: "Hi", formatter: MarkupFormatter(), layoutOptions: options)
    let jobDescription = try #require(StableDescription.of(job))
    #expect(!jobDescription.contains("0x"))
    var other = job
    other.layoutOptions.glyphTypesetters = [AnyGlyphTypesetter(RotationTypesetter(degrees: 11))]
    #expect(StableDescription.of(other) != jobDescription)
  }
}
