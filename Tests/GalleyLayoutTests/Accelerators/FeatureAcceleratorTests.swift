import Foundation
import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// The accelerators take styles with OpenType features: the feature set is in every cache key,
/// and the lookups of the features a style turns on join the analysis that decides where its
/// runs may be cut into words and which characters shape pair by pair.
@Suite("Accelerators with OpenType features")
struct FeatureAcceleratorTests {
  /// The first lines of the benchmark corpora, each a paragraph.
  static func corpusParagraphs() throws -> [String] {
    let corpora = [("prose-2000.txt", 4), ("unseen-2000.txt", 3), ("markup-2000.txt", 3)]
    return try corpora.flatMap { name, count in
      let path = HermeticFonts.packageRoot + "/corpus/" + name
      let text = try String(contentsOfFile: path, encoding: .utf8)
      return text.split(separator: "\n").prefix(count).map(String.init)
    }
  }

  /// Feature sets that turn default lookups off, add lookups (single, contextual and
  /// alternate substitutions), or say the defaults.
  static let featureSets = [
    "liga=0", "kern=0", "smcp", "tnum", "onum", "frac", "ss01", "calt=0", "dlig",
    "liga=0,smcp,tnum", "kern,liga", "aalt=2", "zero,cv01",
  ]

  /// Fonts with kerning, ligatures, and contextual lookups (Lato, Inter and Fira Code's
  /// `calt`; Fira Code's reach across spaces).
  static let families = [
    "DejaVu Sans", "Noto Sans", "Lato", "Inter", "Fira Code", "Liberation Sans",
  ]

  /// For every feature set and font, engines with each accelerator setting lay the corpus
  /// paragraphs out as the reference path does, twice (the second time from warm caches).
  @Test(arguments: families)
  func corporaShapeAsWholeRuns(family: String) throws {
    let fonts = try HermeticFonts.fontSet()
    let engines = [.wordCache, .pairShaping, .all].map {
      LayoutEngine(fonts: fonts, accelerators: $0)
    }
    let whole = LayoutEngine(fonts: fonts, accelerators: [])
    var formatter = MarkupFormatter(
      fontFamilies: [family, "DejaVu Serif", "Lato"],
      colors: [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)])
    formatter.defaultFamily = family
    formatter.defaultSize = 13
    let texts = try Self.corpusParagraphs().map { try formatter.format($0) }
    for features in Self.featureSets {
      var options = LayoutOptions(width: 300)
      options.features = try FontFeatures(parsing: features)
      for text in texts {
        let expected = try whole.layout(text, options: options)
        for engine in engines + engines {
          #expect(
            try engine.layout(text, options: options) == expected,
            "\(family) \(features) \(engine.accelerators): \(text.string.prefix(40))")
        }
      }
    }
  }

  /// A style with features that turn lookups on reads another analysis than the defaults:
  /// Noto Sans's `smcp` substitutes every lowercase letter, so those no longer shape pair by
  /// pair; features that only turn lookups off keep the default analysis.
  @Test func featuresJoinTheAnalysis() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("noto/NotoSans-Regular.ttf"), index: 0))
    let font = ShapingFont(face: face, size: 13, namedInstance: 0)
    func style(_ features: String) throws -> ShapingStyle {
      ShapingStyle(
        font: font, script: .latin, isRightToLeft: false, language: .none,
        features: ShapingFeatures.interned(try FontFeatures(parsing: features)))
    }
    // ASCII characters are numbered from the space.
    let letter = Int(Character("a").asciiValue! - 0x20)
    let digit = Int(Character("1").asciiValue! - 0x20)
    #expect(try style("").pairLocality.members.contains(letter))
    #expect(try style("liga=0,kern=0").analysis === face.analysis.defaults)
    let smallCaps = try style("smcp").pairLocality
    #expect(!smallCaps.members.contains(letter))
    #expect(smallCaps.members.contains(digit))
    #expect(try !style("onum").pairLocality.members.contains(digit))
  }

  /// Equal lists in any order are one interned list, with one serial in the style's key.
  @Test func equalListsShareASerial() throws {
    let first = try #require(ShapingFeatures.interned(try FontFeatures(parsing: "tnum,-liga")))
    let second = try #require(ShapingFeatures.interned(try FontFeatures(parsing: "liga=0,tnum")))
    let other = try #require(ShapingFeatures.interned(try FontFeatures(parsing: "tnum")))
    #expect(first === second)
    #expect(first.serial != nil && first.serial != other.serial)
    #expect(first.addedTags == [ShapingFace.tag("tnum")])
    #expect(ShapingFeatures.interned(FontFeatures()) == nil)
  }

  /// Styles with features reach the accelerators: the word cache keeps their words and pair
  /// shaping learns their pairs, apart from the same text without features.
  @Test func cachesHoldFeatureStyles() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), index: 0))
    let font = ShapingFont(face: face, size: 13, namedInstance: 0)
    let text = Array("Wavy AVATAR To the river".utf8)
    let words = WordShapes()
    let pairs = PairShapes()
    func shape(_ features: String, _ accelerators: [any ShapingAccelerator]) throws
      -> [ShapedGlyph]
    {
      let shaper = Shaper(accelerators: AcceleratorChain(accelerators), language: .none)
      let shaping = ShapingFeatures.interned(try FontFeatures(parsing: features))
      return text.withUnsafeBufferPointer {
        shaper.shape($0, range: 0..<text.count, font: font, features: shaping)
      }
    }
    let kerned = try shape("", [])
    let unkerned = try shape("kern=0", [])
    #expect(kerned != unkerned)
    #expect(try shape("kern=0", [pairs]) == unkerned)
    let rows = pairs.rowsHeld
    #expect(rows > 0)
    #expect(try shape("", [pairs]) == kerned)
    #expect(pairs.rowsHeld > rows)
    #expect(try shape("kern=0", [words]) == unkerned)
    let held = words.wordsHeld
    #expect(held == 5)
    #expect(try shape("", [words]) == kerned)
    #expect(words.wordsHeld == 2 * held)
  }

  /// A face analyses at most ``FaceAnalysis/featureSetLimit`` sets of added features; a style
  /// with one more gets no analysis, and its runs go to HarfBuzz with the same glyphs.
  @Test func analysedSetsAreBounded() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), index: 0))
    let analyses = (0..<FaceAnalysis.featureSetLimit).map { index in
      face.analysis.analysis(adding: [ShapingFace.tag(String(format: "x%03d", index))])
    }
    #expect(analyses.allSatisfy { $0 != nil })
    #expect(face.analysis.analysis(adding: [ShapingFace.tag("smcp")]) == nil)
    #expect(face.analysis.analysis(adding: [ShapingFace.tag("x000")]) === analyses[0])
    #expect(face.analysis.analysis(adding: []) === face.analysis.defaults)
    let font = ShapingFont(face: face, size: 13, namedInstance: 0)
    let text = Array("Affluent office AVA".utf8)
    func shape(_ accelerated: Bool) -> [ShapedGlyph] {
      let chain: [any ShapingAccelerator] = accelerated ? [WordShapes(), PairShapes()] : []
      let shaper = Shaper(accelerators: AcceleratorChain(chain), language: .none)
      let shaping = ShapingFeatures.interned(FontFeatures([.init(tag: "smcp")!]))
      return text.withUnsafeBufferPointer {
        shaper.shape($0, range: 0..<text.count, font: font, features: shaping)
      }
    }
    #expect(shape(true) == shape(false))
  }
}
