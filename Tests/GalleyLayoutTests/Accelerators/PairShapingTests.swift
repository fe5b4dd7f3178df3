import Foundation
import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Runs put together from pairs must be exactly what HarfBuzz gives for the run shaped whole:
/// glyphs, clusters, advances, offsets and unsafe-to-break flags.
@Suite("Shaping from pairs")
struct PairShapingTests {
  /// The glyphs of `text` shaped as one run, whole with HarfBuzz or through `words` and `pairs`
  /// (the word cache asked first, as in the engine).
  static func shaped(
    _ text: String, font: ShapingFont, language: String? = nil, words: WordShapes? = nil,
    pairs: PairShapes? = nil
  ) -> [ShapedGlyph] {
    let bytes = Array(text.utf8)
    let chain: [(any ShapingAccelerator)?] = [words, pairs]
    let shaper = Shaper(
      accelerators: AcceleratorChain(chain.compactMap { $0 }), language: ShapingLanguage(language))
    return bytes.withUnsafeBufferPointer { shaper.shape($0, range: 0..<bytes.count, font: font) }
  }

  static func font(_ file: String, size: Double = 13) throws -> ShapingFont {
    let face = try #require(ShapingFace(file: file, index: 0))
    return ShapingFont(face: face, size: size, namedInstance: 0)
  }

  /// The members of a face, as a string of characters.
  static func members(_ face: ShapingFace) -> String {
    let members = face.pairLocality.members
    return String(
      String.UnicodeScalarView(
        (0..<PairAlphabet.count).filter { members.contains($0) }.compactMap {
          Unicode.Scalar(PairAlphabet.scalar($0))
        }))
  }

  @Test(
    "Which characters shape pair by pair",
    arguments: [
      // The f ligatures are kept apart as pairs; the marks i and j take (ccmp) need a mark
      // after them.
      ("dejavu/DejaVuSans.ttf", "", "fijA V"), ("dejavu/DejaVuSerif.ttf", "", "fijA V"),
      // No ligatures at all: every character.
      ("dejavu/DejaVuSansMono.ttf", "", "fijA V"),
      // Lato kerns the space in GPOS, pair kerning: the space is a member.
      ("lato/Lato-Regular.ttf", "", " AVijf"),
      // A legacy kern table HarfBuzz applies (GPOS has no kern for latn), splitting each
      // pair's kerning between both glyphs: no member.
      ("liberation2/LiberationSans-Regular.ttf", " AVfi1", ""),
    ])
  func members(file: String, excluded: String, included: String) throws {
    let face = try #require(ShapingFace(file: HermeticFonts.fontPath(file), index: 0))
    let members = Self.members(face)
    for character in excluded { #expect(!members.contains(character), "\(character)") }
    for character in included { #expect(members.contains(character), "\(character)") }
    // The soft hyphen is a default ignorable: HarfBuzz hides it.
    #expect(!members.contains("\u{AD}"))
  }

  @Test(
    "Pairs that start a ligature are kept apart",
    arguments: [
      ("dejavu/DejaVuSans.ttf", ["ff", "fi", "fl"], ["fa", "if", "lf", "ft"]),
      ("dejavu/DejaVuSansMono.ttf", [], ["ff", "fi", "fl"]),
    ])
  func ligatureStarts(file: String, apart: [String], together: [String]) throws {
    let face = try #require(ShapingFace(file: HermeticFonts.fontPath(file), index: 0))
    let locality = face.pairLocality
    func pair(_ text: String) -> (Int, Int) {
      let scalars = text.unicodeScalars.map { Int($0.value) - 0x20 }
      return (scalars[0], scalars[1])
    }
    for text in apart { #expect(locality.keepsApart(pair(text).0, pair(text).1), "\(text)") }
    for text in together { #expect(!locality.keepsApart(pair(text).0, pair(text).1), "\(text)") }
  }

  /// Every character of the alphabet (members or not), a few others, and spaces.
  static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
    let others: [Character] = ["\u{AD}", "ſ", "€", "“", "—", "ı", "\u{301}", "ﬁ", "\t"]
    var text = ""
    for _ in 0..<length {
      switch Int.random(in: 0..<10, using: &random) {
      case 0...1: text.append(" ")
      case 2: text.append(others.randomElement(using: &random) ?? "x")
      case 3...6:
        text.append(Character(UnicodeScalar(UInt8.random(in: 0x61...0x7A, using: &random))))
      default:
        let index = Int.random(in: 0..<PairAlphabet.count, using: &random)
        text.unicodeScalars.append(Unicode.Scalar(PairAlphabet.scalar(index)) ?? "x")
      }
    }
    return text
  }

  /// Random runs in a font, shaped whole and from pairs (alone and with the word cache),
  /// twice (the second time from learned pairs), must be identical.
  static func expectPairsShapeAsRuns(
    _ font: ShapingFont, runs: Int, seed: UInt64, languages: [String?] = [nil],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var random = SeededGenerator(seed: seed)
    let pairs = PairShapes()
    let words = WordShapes()
    let texts = (0..<runs).map { _ in
      randomText(&random, length: Int.random(in: 1...60, using: &random))
    }
    for _ in 0..<2 {
      for text in texts {
        for language in languages {
          let whole = shaped(text, font: font, language: language)
          let paired = shaped(text, font: font, language: language, pairs: pairs)
          let both = shaped(text, font: font, language: language, words: words, pairs: pairs)
          #expect(paired == whole, "\(text.debugDescription)", sourceLocation: sourceLocation)
          #expect(both == whole, "\(text.debugDescription)", sourceLocation: sourceLocation)
        }
      }
    }
  }

  @Test(
    "Runs from pairs are the runs HarfBuzz shapes",
    arguments: [
      "dejavu/DejaVuSans.ttf", "dejavu/DejaVuSerif-Bold.ttf", "dejavu/DejaVuSansMono.ttf",
      "liberation2/LiberationSans-Regular.ttf", "liberation2/LiberationSerif-Italic.ttf",
      "lato/Lato-Regular.ttf", "lato/Lato-BoldItalic.ttf", "noto/NotoSans-Regular.ttf",
      "noto/NotoSerif-Regular.ttf", "droid/DroidSansFallbackFull.ttf",
    ])
  func runsFromPairs(file: String) throws {
    for (index, size) in [13.0, 17.3, 40].enumerated() {
      Self.expectPairsShapeAsRuns(
        try Self.font(HermeticFonts.fontPath(file), size: size), runs: 150, seed: UInt64(index + 1),
        languages: [nil, "tr", "nl"])
    }
  }

  /// Every pair of the alphabet and every character alone, in the fonts that kern most.
  @Test(arguments: ["dejavu/DejaVuSans.ttf", "liberation2/LiberationSans-Regular.ttf"])
  func everyPair(file: String) throws {
    let font = try Self.font(HermeticFonts.fontPath(file))
    let pairs = PairShapes()
    let words = WordShapes()
    let characters = (0..<PairAlphabet.count).compactMap {
      Unicode.Scalar(PairAlphabet.scalar($0)).map(Character.init)
    }
    for first in characters {
      for second in [nil] + characters {
        let text = String(first) + (second.map { String($0) } ?? "")
        let whole = Self.shaped(text, font: font)
        #expect(Self.shaped(text, font: font, pairs: pairs) == whole, "\(text.debugDescription)")
        #expect(
          Self.shaped(text, font: font, words: words, pairs: pairs) == whole,
          "\(text.debugDescription)")
      }
    }
  }

  /// Every face of every font file on the machine (the tests' Debian fonts and a desktop's
  /// others: variable, CFF, bitmap-only faces HarfBuzz reads as empty): pairs never differ
  /// from HarfBuzz.
  @Test func everyFaceOfTheMachine() throws {
    let enumerator = FileManager.default.enumerator(atPath: "/usr/share/fonts")
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if [".ttf", ".otf", ".ttc", ".otc"].contains(where: { path.lowercased().hasSuffix($0) }) {
        files.append("/usr/share/fonts/" + path)
      }
    }
    #expect(files.count >= 20)
    for (index, file) in files.sorted().enumerated() {
      guard let face = ShapingFace(file: file, index: 0) else { continue }
      Self.expectPairsShapeAsRuns(
        ShapingFont(face: face, size: 15, namedInstance: 0), runs: 25, seed: UInt64(index))
    }
  }

  /// Several threads learning and reading the same tables get HarfBuzz's glyphs.
  @Test func threadsShareTables() async throws {
    let font = try Self.font(HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"))
    let pairs = PairShapes()
    var random = SeededGenerator(seed: 99)
    let texts = (0..<200).map { _ in Self.randomText(&random, length: 40) }
    let expected = texts.map { Self.shaped($0, font: font) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask {
          zip(texts, expected).filter { Self.shaped($0, font: font, pairs: pairs) != $1 }.count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  /// The tables stay under their bound in rows, over many fonts.
  @Test func tablesAreBounded() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), index: 0))
    let pairs = PairShapes()
    let text = "The quick brown jog, AVAST! Wij zijn 123 ÀÉÎÕÜ ß ø"
    for size in stride(from: 6.0, through: 120, by: 0.5) {
      let font = ShapingFont(face: face, size: size, namedInstance: 0)
      #expect(Self.shaped(text, font: font, pairs: pairs) == Self.shaped(text, font: font))
      #expect(pairs.rowsHeld <= PairShapes.rowLimit)
    }
    #expect(pairs.rowsHeld > 0)
  }
}
