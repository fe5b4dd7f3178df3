import Foundation
import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleySupport
import GalleyTestSupport
import Testing

/// What cache keys are made of: the generation follows the fonts, the configuration, the
/// FontSets files and the version; stable descriptions are the same for equal values in every
/// process, and refuse what has no stable description.
@Suite struct CacheKeyPartsTests {
  /// A new directory named after `prefix`, for the caller to remove.
  static func temporaryDirectory(_ prefix: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func theGenerationFollowsTheFontsAndTheFontSetsFiles() throws {
    let directory = try Self.temporaryDirectory("galley-generation")
    defer { try? FileManager.default.removeItem(atPath: directory) }
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
    let directory = try Self.temporaryDirectory("galley-generation")
    defer { try? FileManager.default.removeItem(atPath: directory) }
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

  @Test func aFontChangedInPlaceWithItsTimeSetBackChangesTheGeneration() throws {
    let directory = try Self.temporaryDirectory("galley-generation")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let base = try HermeticFonts.fontSet()
    let font = try #require(base.fontFiles.first { $0.hasSuffix("DejaVuSans.ttf") })
    let copy = directory + "/fonts/extra.ttf"
    try FileManager.default.createDirectory(
      atPath: directory + "/fonts", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: font, toPath: copy)
    var options = HermeticFonts.options()
    options.fontDirectories = [directory + "/fonts"]
    let fonts = try FontSet(options: options)
    let cache = directory + "/cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let first = CacheGeneration.make(fonts: fonts, definitionFiles: [], cacheDirectory: cache)
    #expect(FileManager.default.fileExists(atPath: cache + "/" + FontFingerprints.fileName))
    #expect(
      CacheGeneration.make(fonts: fonts, definitionFiles: [], cacheDirectory: cache) == first)
    #expect(CacheGeneration.make(fonts: fonts, definitionFiles: []) == first)

    // One byte changed, the size and the modification time kept (as `cp -p` or a package
    // built twice leaves them): the key follows the bytes.
    var raw = stat()
    try #require(stat(copy, &raw) == 0)
    let modified = try FileStatus.of(copy).modified
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy)))
    bytes[bytes.count / 2] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: copy))
    let times = [raw.st_atim, raw.st_mtim]
    try #require(utimensat(AT_FDCWD, copy, times, 0) == 0)
    #expect(try FileStatus.of(copy).modified == modified)
    let second = CacheGeneration.make(fonts: fonts, definitionFiles: [], cacheDirectory: cache)
    #expect(second != first)
    #expect(CacheGeneration.make(fonts: fonts, definitionFiles: []) == second)
  }

  @Test func fingerprintsAreRememberedAndAMemoThatDoesNotReadIsIgnored() throws {
    let directory = try Self.temporaryDirectory("galley-fingerprints")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/a b.ttf"
    try Data("font bytes".utf8).write(to: URL(fileURLWithPath: file))
    var fingerprints = FontFingerprints(directory: directory)
    let hash = fingerprints.fingerprint(of: file)
    #expect(hash == StableHash.hex(Array("font bytes".utf8)))
    #expect(fingerprints.fingerprint(of: directory + "/none.ttf") == "missing")
    fingerprints.save()
    let memo = directory + "/" + FontFingerprints.fileName
    let text = try String(contentsOfFile: memo, encoding: .utf8)
    #expect(text.hasSuffix(" \(hash) \(file)\n"), "\(text)")
    // The memo's hash is used while the file's identity holds: a forged one shows it.
    let forged = String(repeating: "0", count: 32)
    try Data(text.replacingOccurrences(of: hash, with: forged).utf8)
      .write(to: URL(fileURLWithPath: memo))
    var again = FontFingerprints(directory: directory)
    #expect(again.fingerprint(of: file) == forged)
    // Lines that do not read are skipped; the file is hashed again.
    try Data("garbage\n1 2 3\n\u{0}\n".utf8).write(to: URL(fileURLWithPath: memo))
    var fresh = FontFingerprints(directory: directory)
    #expect(fresh.fingerprint(of: file) == hash)
    fresh.save()
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(Set(names) == [FontFingerprints.fileName, "a b.ttf"])
  }

  @Test func contentHashesOfFilesEqualThoseOfTheirBytes() throws {
    let directory = try Self.temporaryDirectory("galley-content-hash")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var seen: Set<String> = []
    for count in [0, 1, 7, 8, 9, 31, 32, 33, 64, 1 << 20 - 1, 1 << 20, 1 << 20 + 33, 3_000_001] {
      let bytes = (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
      }
      let path = directory + "/\(count)"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let hash = try StableHash.hex(ofFile: path)
      #expect(hash == StableHash.hex(bytes), "\(count) bytes")
      #expect(hash.count == 32)
      seen.insert(hash)
      guard count > 0 else { continue }
      var flipped = bytes
      flipped[count - 1] ^= 1
      #expect(StableHash.hex(flipped) != hash, "\(count) bytes, last bit")
    }
    #expect(seen.count == 13)
    // Stable across processes, machines and versions: keys written by one Galley are read by
    // another.
    #expect(StableHash.hex(Array("Galley".utf8)) == "36750e0c7e23228316b094729493f451")
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
