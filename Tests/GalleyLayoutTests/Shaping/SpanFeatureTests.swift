import Foundation
import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Features of markup spans (`%{…}O`), shaping across paint and feature changes, and what
/// letter spacing does to ligatures and to cursive scripts.
///
/// Every layout is checked under every accelerator setting (``CheckedEngine``).
@Suite("Span features and letter spacing")
struct SpanFeatureTests {
  /// One line of `markup` in `family` at 13 px.
  static func layout(
    _ markup: String, family: String = "DejaVu Sans", options: LayoutOptions = LayoutOptions()
  ) throws -> Layout {
    try LayoutSupport.layout(markup, family: family, options: options)
  }

  static func glyphs(_ layout: Layout) -> [Layout.PositionedGlyph] {
    layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
  }

  static func width(_ layout: Layout) -> Double {
    glyphs(layout).reduce(0) { $0 + $1.advance }
  }

  /// A span's features reach its glyphs only, and its runs say them.
  @Test func spanFeaturesApplyToTheirSpan() throws {
    let plain = try Self.layout("abc abc abc", family: "Noto Sans")
    let spanned = try Self.layout("abc %{smcp}Oabc%o abc", family: "Noto Sans")
    let before = Self.glyphs(plain).map(\.id)
    let after = Self.glyphs(spanned).map(\.id)
    #expect(before.count == after.count)
    #expect(before[0..<4] == after[0..<4])
    #expect(before[4..<7] != after[4..<7])
    #expect(before[7...] == after[7...])
    let runs = spanned.lines[0].runs
    #expect(runs.map(\.font.features.description) == ["", "smcp", ""])
  }

  /// The span's features go over the layout's: a later setting of a tag wins, `%o` goes back
  /// to the layout's, and `%N` resets them too.
  @Test func spanFeaturesGoOverTheLayouts() throws {
    var options = LayoutOptions()
    options.features = try FontFeatures(parsing: "liga=0,tnum")
    let layout = try Self.layout(
      "fi %{liga}Ofi %{smcp}Ofi%o fi %{onum}Ofi%Nfi", family: "Noto Sans", options: options)
    let features = layout.lines[0].runs.map(\.font.features.description)
    #expect(
      features == [
        "-liga,tnum", "liga,tnum", "liga,smcp,tnum", "-liga,tnum", "-liga,onum,tnum", "-liga,tnum",
      ])
    // "fi" is one glyph where liga is on.
    let counts = layout.lines[0].runs.map(\.glyphs.count)
    // "fi " unligated, "fi " ligated, small caps "fi", " fi " unligated, then "fi" twice.
    #expect(counts == [3, 2, 2, 4, 2, 2])
  }

  /// A color change inside "ffi" keeps the ligature, which goes to the run of its first
  /// character (and is drawn in that run's color); a color change inside "AV" keeps the
  /// kerning; a weight change splits shaping.
  @Test func paintChangesDoNotCutShaping() throws {
    let whole = try Self.layout("office AVA")
    let colored = try Self.layout("of%0Cf%ci%0Cce A%cVA")
    #expect(Self.glyphs(colored).map(\.id) == Self.glyphs(whole).map(\.id))
    #expect(Self.width(colored) == Self.width(whole))
    let runs = colored.lines[0].runs
    // "o" and the ligature of "ffi" (its first "f" is black), the colored "f" and the black
    // "i" without glyphs, then "ce A" and "VA".
    #expect(runs.map(\.glyphs.count) == [2, 0, 0, 4, 2])
    #expect(runs[0].color == .black)
    let bold = try Self.layout("of%Bf%bice AVA")
    #expect(Self.glyphs(bold).count == Self.glyphs(whole).count + 2)
  }

  /// A feature change inside a word shapes in one buffer, the features as ranges: a span
  /// that turns kerning off keeps the ligature across its edge, and one that turns ligatures
  /// off on the last letter stops it.
  @Test func featureChangesShapeAsRanges() throws {
    let whole = try Self.layout("office")
    let kernOff = try Self.layout("of%{kern=0}Ofi%oce")
    #expect(Self.glyphs(kernOff).map(\.id) == Self.glyphs(whole).map(\.id))
    #expect(kernOff.lines[0].runs.map(\.font.features.description) == ["", "-kern", ""])
    let ligaOff = try Self.layout("off%{liga=0}Oi%oce")
    // "o", the "ff" ligature, "i", "c", "e": the "ffi" ligature needs liga on the "i".
    #expect(Self.glyphs(whole).count == 4)
    #expect(Self.glyphs(ligaOff).count == 5)
    // Kerning reaches across a span of other features: "AV" with smcp on the V.
    let kerned = try Self.layout("A%{ss01}OV", family: "Lato")
    let unkerned = try Self.layout("A%{ss01}OV", family: "Lato", options: Self.kernOff)
    #expect(Self.width(kerned) < Self.width(unkerned))
  }

  /// Kept shaping plans (``ShapingPlans``) give `hb_shape`'s glyphs: the same span features
  /// at other ranges reuse a plan, and more distinct lists than a font keeps (72 against
  /// ``ShapingPlans/limit``) are shaped with plans made for the call; each layout is checked
  /// against the reference path (``CheckedEngine``), which makes a plan every time.
  @Test(arguments: ["DejaVu Sans", "Lato", "Noto Sans", "Fira Code"])
  func keptPlansShapeAsHarfBuzz(family: String) throws {
    for markup in ["of%{smcp}Ofi%oce", "o%{smcp}Offi%oce", "A%{kern=0}OV%oA ->", "ffi%{liga=0}Oi"] {
      _ = try Self.layout(markup, family: family)
    }
    for tag in 1...9 {
      for value in 0..<8 {
        _ = try Self.layout("Wave %{ss0\(tag)=\(value),smcp}Oof%ofice 1/2", family: family)
      }
    }
  }

  static var kernOff: LayoutOptions {
    var options = LayoutOptions()
    options.features = FontFeatures([FontFeatures.Feature(tag: "kern", value: 0)].compactMap { $0 })
    return options
  }

  /// Letter spacing turns the optional ligatures off, unless the features ask for them.
  @Test func letterSpacingTurnsLigaturesOff() throws {
    #expect(Self.glyphs(try Self.layout("fly office")).count == 7)
    let spaced = try Self.layout("fly office", options: LayoutOptions(characterSpacing: 0.1))
    #expect(Self.glyphs(spaced).count == 10)
    #expect(spaced.lines[0].runs[0].font.features.description == "-clig,-dlig,-hlig,-liga")
    var asked = LayoutOptions(characterSpacing: 0.1)
    asked.features = try FontFeatures(parsing: "liga")
    #expect(Self.glyphs(try Self.layout("fly office", options: asked)).count == 7)
    // A spaced span only.
    let span = try Self.layout("fly %10Koffice%k fly")
    #expect(span.lines[0].runs.map(\.glyphs.count) == [3, 6, 3])
    #expect(Self.glyphs(try Self.layout("fly %10K%{liga}Ooffice")).count == 7)
  }

  /// Arabic letters get no letter spacing (their joins would break); the spaces between
  /// Arabic words and Latin letters do.
  @Test func cursiveScriptsGetNoLetterSpacing() throws {
    let arabic = "كتاب مرحبا"
    let plain = try Self.layout(arabic)
    let spaced = try Self.layout(arabic, options: LayoutOptions(characterSpacing: 0.5))
    #expect(Self.glyphs(spaced).map(\.id) == Self.glyphs(plain).map(\.id))
    // One space: half of 13 px more.
    #expect(Self.width(spaced) == Self.width(plain) + 6.5)
    let latin = try Self.layout("abc", options: LayoutOptions(characterSpacing: 0.5))
    #expect(Self.width(latin) == Self.width(try Self.layout("abc")) + 3 * 6.5)
  }

  /// The features of a run survive the layout's JSON both ways.
  @Test func runFeaturesRoundTrip() throws {
    let layout = try Self.layout("a%{smcp,-liga,aalt=2}Ob", family: "Noto Sans")
    let data = try JSONEncoder().encode(layout)
    #expect(String(decoding: data, as: UTF8.self).contains(#""features":"aalt=2,-liga,smcp""#))
    #expect(try JSONDecoder().decode(Layout.self, from: data) == layout)
  }
}
