import GalleyMarkup
import GalleyTestSupport
import Testing

@testable import GalleyLayout

/// Layout-wide OpenType features reach HarfBuzz, and every accelerator setting gives the
/// reference path's layout with them (`CheckedEngine`).
@Suite("Layout-wide OpenType features")
struct FeatureShapingTests {
  /// The glyph ids of `markup` laid out on one line with `features`.
  static func glyphs(
    _ markup: String, features: String, family: String = "DejaVu Sans"
  ) throws -> [Layout.PositionedGlyph] {
    var options = LayoutOptions()
    options.features = try FontFeatures(parsing: features)
    let layout = try LayoutSupport.layout(markup, family: family, options: options)
    return layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
  }

  @Test func ligaturesTurnOff() throws {
    let defaults = try Self.glyphs("office fly", features: "")
    let off = try Self.glyphs("office fly", features: "liga=0")
    // DejaVu Sans makes "ffi" and "fl" one glyph each by default.
    #expect(defaults.count == 7)
    #expect(off.count == 10)
    #expect(try Self.glyphs("office fly", features: "\"liga\" 0") == off)
    #expect(try Self.glyphs("office fly", features: "liga=0,liga") == defaults)
  }

  @Test func kerningTurnsOff() throws {
    let kerned = try Self.glyphs("AVAVA To", features: "kern")
    let plain = try Self.glyphs("AVAVA To", features: "-kern")
    #expect(kerned.map(\.id) == plain.map(\.id))
    let width = { (glyphs: [Layout.PositionedGlyph]) in glyphs.reduce(0) { $0 + $1.advance } }
    #expect(width(plain) > width(kerned) + 4)
    #expect(try Self.glyphs("AVAVA To", features: "") == kerned)
  }

  /// Lato kerns pairs with the space, so pairs shape its runs whole: with features they go to
  /// HarfBuzz, and every setting still agrees.
  @Test(arguments: ["-kern", "liga=0,kern", "smcp", "tnum,onum", "ss01", "calt=0", "frac"])
  func everySettingAgrees(features: String) throws {
    for family in ["DejaVu Sans", "Lato", "DejaVu Serif"] {
      _ = try Self.glyphs(
        "Affluent office AVA 1/2 12:30 “quoted” and more words", features: features,
        family: family)
    }
  }

  /// Fira Code's `calt` draws "->" and "!=" as ligature-like alternates, and its contextual
  /// lookups reach across spaces: the features reach HarfBuzz, and with the accelerators on
  /// (they decline styles with features) the glyphs are HarfBuzz's.
  @Test func contextualAlternatesTurnOff() throws {
    let face = try #require(
      ShapingFace(file: HermeticFonts.fontPath("firacode/FiraCode-Regular.ttf"), index: 0))
    let font = ShapingFont(face: face, size: 13, namedInstance: 0)
    let text = Array("a -> b != c www".utf8)
    func shape(_ features: String, accelerated: Bool) throws -> [ShapedGlyph] {
      let chain: [any ShapingAccelerator] = accelerated ? [WordShapes(), PairShapes()] : []
      let shaper = Shaper(accelerators: AcceleratorChain(chain), language: .none)
      let shaping = ShapingFeatures.interned(try FontFeatures(parsing: features))
      return text.withUnsafeBufferPointer {
        shaper.shape($0, range: 0..<text.count, font: font, features: shaping)
      }
    }
    let defaults = try shape("", accelerated: false)
    let off = try shape("calt=0", accelerated: false)
    #expect(defaults.map(\.glyph) != off.map(\.glyph))
    #expect(try shape("calt=0", accelerated: true) == off)
    #expect(try shape("calt", accelerated: true) == defaults)
  }

  /// Fira Code's arrows: with `calt` (the default) "->" and "!=" are drawn by alternates; with
  /// `calt=0` each character is its own glyph, the one it has alone.
  @Test func firaCodeArrowsAreItsLettersWithoutContextualAlternates() throws {
    let family = "Fira Code"
    let alone = try ["-", ">", "!", "="].map {
      try #require(try Self.glyphs($0, features: "", family: family).first?.id)
    }
    let off = try Self.glyphs("->!=", features: "calt=0", family: family)
    #expect(off.map(\.id) == alone)
    let defaults = try Self.glyphs("->!=", features: "", family: family)
    #expect(defaults.count == 4)
    #expect(Set(defaults.map(\.id)).isDisjoint(with: alone), "\(defaults.map(\.id)) \(alone)")
  }

  /// Inter's figures: proportional by default ("1" narrower than "0"), all one width with
  /// `tnum`; `zero` gives "0" another glyph.
  @Test func interFiguresFollowTheirFeatures() throws {
    let family = "Inter"
    let proportional = try Self.glyphs("1000", features: "", family: family)
    let tabular = try Self.glyphs("1000", features: "tnum", family: family)
    #expect(proportional[0].advance < proportional[1].advance)
    #expect(Set(tabular.map(\.advance)).count == 1, "\(tabular.map(\.advance))")
    let slashed = try Self.glyphs("0", features: "zero", family: family)
    #expect(slashed.first?.id != proportional[1].id)
  }
}
