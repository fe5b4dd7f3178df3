import Foundation
import GalleyFonts
import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Faces built to break the fast paths' assumptions.
///
/// Each probe in `Tests/Fonts/Probes/` (with its source) is DejaVu Sans cut to ASCII with one
/// feature added. The accelerators must decline what they cannot shape exactly, so every
/// setting lays the text out as HarfBuzz alone does.
@Suite("Probe fonts")
struct ProbeFontTests {
  static let directory = HermeticFonts.fontsDirectory + "/Probes"

  /// Each probe's file and family.
  static let probes: [(file: String, family: String)] = [
    // `rand`: random alternates of "a"; HarfBuzz's random state runs through the buffer.
    ("ProbeRand.ttf", "Galley Probe Rand"),
    // A kern between the space and "A" under HarfBuzz's private `Buzz` and `HARF` features.
    ("ProbeBuzzKern.ttf", "Galley Probe Buzz Kern"),
    ("ProbeHARFKern.ttf", "Galley Probe HARF Kern"),
    // "x" after "o" and a space becomes "x.alt", under `Harf` and `BUZZ`.
    ("ProbeHarfContext.ttf", "Galley Probe Harf Context"),
    ("ProbeBUZZContext.ttf", "Galley Probe BUZZ Context"),
  ]

  static let fonts = Result {
    try FontSet(
      options: FontSet.Options(
        source: .directories(
          [directory], generics: ["sans-serif": ["Galley Probe Rand"]],
          cacheDirectory: HermeticFonts.cacheDirectory)))
  }

  /// Paragraphs of the words the probes' lookups act on, words coming again (so the word cache
  /// hits), with spaces between them.
  static func paragraphs() -> [String] {
    var random = SeededGenerator(seed: 25)
    let words = ["A", "Ava", "AAA", "o", "x", "ox", "xo", "aaaa", "banana", "Oaxaca", "a", "box"]
    return (0..<60).map { _ in
      (0..<Int.random(in: 3...24, using: &random)).map { _ in
        words.randomElement(using: &random) ?? "a"
      }.joined(separator: " ")
    }
  }

  @Test("Words are never cut from a probe's runs", arguments: probes.map(\.file))
  func wordsAreNotCut(file: String) throws {
    let face = try #require(ShapingFace(file: Self.directory + "/" + file, index: 0))
    #expect(face.wordSplitting(rightToLeft: false) == .never)
  }

  @Test("A face with random alternates has no pair members")
  func randomAlternatesHaveNoPairs() throws {
    let face = try #require(ShapingFace(file: Self.directory + "/ProbeRand.ttf", index: 0))
    #expect(face.pairLocality.members.isEmpty)
  }

  @Test("Every accelerator setting lays a probe out as HarfBuzz alone", arguments: probes)
  func acceleratorsMatchTheReference(file: String, family: String) throws {
    let fonts = try Self.fonts.get()
    var formatter = MarkupFormatter()
    formatter.defaultFamily = family
    formatter.defaultSize = 13
    let reference = LayoutEngine(fonts: fonts, accelerators: [])
    let engines = [.wordCache, .pairShaping, .all].map {
      LayoutEngine(fonts: fonts, accelerators: $0)
    }
    let paragraphs = Self.paragraphs()
    for paragraph in paragraphs + paragraphs {
      let text = FormattedText(plain: paragraph, attributes: formatter.defaultAttributes)
      let expected = try reference.layout(text, options: LayoutOptions(width: 300))
      #expect(expected.lines.first?.runs.first?.font.family == family)
      for engine in engines {
        #expect(
          try engine.layout(text, options: LayoutOptions(width: 300)) == expected,
          "\(family), \(engine.accelerators): \(paragraph)")
      }
    }
  }
}
