import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTestSupport
import Testing

/// OpenType features and variable-font instances, drawn: PNG goldens, ink that grows with the
/// weight, and one face per instance in vector documents.
@Suite("Typography, drawn")
struct TypographyImageGoldenTests {
  static let white = TextColor(red: 255, green: 255, blue: 255)

  static func layout(_ markup: String, family: String, width: Double? = nil) throws -> Layout {
    var formatter = RenderSupport.formatter
    formatter.defaultFamily = family
    formatter.defaultSize = 20
    return try RenderSupport.engine.get().layout(
      try formatter.format(markup), options: LayoutOptions(width: width))
  }

  /// Inter at five weights, three of them named instances and 550 between two.
  @Test func interAtFiveWeights() throws {
    let markup = [300, 400, 550, 600, 700].map { "%{\($0)}WHandgloves \($0)" }
      .joined(separator: "\n")
    let layout = try Self.layout(markup, family: "Inter")
    try RenderSupport.expectGolden(
      layout, options: RenderOptions(scale: 2, background: Self.white),
      named: "inter-weights.png")
  }

  /// The ink of Inter grows strictly with the weight: 550 is drawn at 550.
  @Test func inkGrowsWithTheWeight() throws {
    let counts = try [300, 400, 550, 600, 700].map { weight in
      let layout = try Self.layout("%{\(weight)}WHandgloves", family: "Inter")
      return RenderSupport.inkCount(try RenderSupport.renderer.rasterize(layout, options: .init()))
    }
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "\(counts)")
  }

  /// Two instances of one file in one paragraph are drawn each at its own coordinates in
  /// PNG: the same word at `wght=200` and at `wght=900` side by side, the second with more
  /// ink, and neither drawn as the other.
  @Test func instancesInOneParagraphDrawApartInPNG() throws {
    func ink(_ markup: String) throws -> (left: Int, right: Int) {
      let layout = try Self.layout(markup, family: "Inter")
      let bitmap = try RenderSupport.renderer.rasterize(layout, options: .init(scale: 2))
      var counts = (left: 0, right: 0)
      for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).alpha > 8 {
          if x < bitmap.width / 2 { counts.left += 1 } else { counts.right += 1 }
        }
      }
      return counts
    }
    let mixed = try ink("%{wght=200}VHHHH%{wght=900}VHHHH")
    let light = try ink("%{wght=200}VHHHHHHHH")
    let heavy = try ink("%{wght=900}VHHHHHHHH")
    #expect(mixed.right > mixed.left * 3 / 2, "\(mixed)")
    #expect(abs(mixed.left - light.left) < light.left / 10, "\(mixed) \(light)")
    #expect(mixed.right > light.right * 3 / 2, "\(mixed) \(light)")
    #expect(heavy.left > mixed.left * 3 / 2, "\(mixed) \(heavy)")
  }

  /// Noto Sans with its defaults, small capitals, old-style and tabular figures, fractions,
  /// ligatures off, and letter spacing (which turns the ligatures off by itself).
  @Test func featuresDrawn() throws {
    let markup = [
      "Office 1/2 2026", "%{smcp}OOffice 1/2 2026%o", "%{onum,tnum}OOffice 1/2 2026%o",
      "%{frac}OOffice 1/2 2026%o", "%{liga=0}OOffice 1/2 2026%o", "%10KOffice 1/2 2026%k",
    ].joined(separator: "\n")
    let layout = try Self.layout(markup, family: "Noto Sans")
    try RenderSupport.expectGolden(
      layout, options: RenderOptions(scale: 2, background: Self.white), named: "features.png")
  }

  /// Two instances of one file in one paragraph are two faces in SVG and PDF: their glyphs
  /// are drawn apart, not from one outline.
  @Test(arguments: [ImageFormat.svg, .pdf])
  func instancesAreFacesOfTheirOwn(format: ImageFormat) throws {
    func document(_ markup: String) throws -> String {
      let layout = try Self.layout(markup, family: "Inter")
      let image = try RenderSupport.renderer.render(
        layout, options: RenderOptions(), format: format)
      return String(decoding: image.data, as: UTF8.self)
    }
    let marker = format == .svg ? "<g id=\"glyph" : "/FontFile"
    func count(_ text: String) -> Int { text.components(separatedBy: marker).count - 1 }
    let one = try document("oo")
    let two = try document("%{wght=200}Vo%{wght=900}Vo")
    #expect(count(two) == 2 * count(one), "\(count(one)) \(count(two))")
  }
}
