import Foundation
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender
import Testing

/// Smoke tests on the machine's own fonts (the system fontconfig configuration).
///
/// Users run Galley there: desktop sets hold Type 1, bitmap and variable fonts that the hermetic set does
/// not. They check that nothing fails, not what the results are, which depend on the machine.
@Suite("Smoke tests on the machine's fonts")
struct SystemFontsSmokeTests {
  static let sample = "Hello, world! Ünïcödé 123 — “quotes” ½ fi fl"

  /// Every installed family lays out and draws, upright and bold italic.
  @Test func everyInstalledFamilyLaysOutAndDraws() throws {
    let fonts = try FontSet()
    let engine = LayoutEngine(fonts: fonts)
    let renderer = Renderer()
    #expect(!fonts.familyNames.isEmpty)
    for family in fonts.familyNames {
      for markup in [Markup.escape(Self.sample), "%B%I" + Markup.escape(Self.sample)] {
        var formatter = MarkupFormatter()
        formatter.defaultFamily = family
        let text = try formatter.format(markup)
        let layout = try engine.layout(text, options: LayoutOptions(width: 300))
        #expect(!layout.lines.isEmpty, "\(family)")
        let bitmap = try renderer.rasterize(layout, options: RenderOptions())
        #expect(bitmap.width >= 1, "\(family)")
      }
    }
  }

  /// The commands users try first, on the system's fonts, with no `--fontconfig`.
  @Test(arguments: [
    ["layout", "--family", "Helvetica", "--", "Hello"],
    ["layout", "--family", "Courier", "--", "Hello"],
    ["layout", "--family", "Times", "--", "%{Comic Sans MS}FHello %BWorld%b"],
    ["layout", "--width", "120", "--", "ภาษาไทยไม่มีช่องว่าง\nx 男孩和世界各地的女孩 مرحبا שלום"],
    ["hit", "--at", "-5,5", "--at", "10,10", "--", "Tap %Lhere%l"],
    ["font", "serif"], ["font", "Helvetica", "--weight", "bold"], ["fonts"],
    ["format", "--", "50%% off"],
    [
      "layout", "--family", "Inter", "--variations", "wght=550", "--features", "tnum,ss01", "--",
      "%{smcp}OCaps%o %{wght=250}Vthin%v %B%Ibold italic%N %20Kspaced fi",
    ],
    ["layout", "--family", "Fira Code", "--features", "calt=0", "--", "a -> b != c"],
    ["font", "--json", "Inter", "--weight", "550"],
    [
      "layout", "--width", "90", "--max-lines", "2", "--truncate", "middle",
      "--truncation-token", "… %Lmore%l", "--", "ภาษาไทยไม่มีช่องว่าง 男孩和世界各地的女孩 and more words",
    ],
    [
      "hit", "--width", "120", "--height", "30", "--min-scale", "0.5", "--at", "100,10", "--",
      "A label that shrinks to fit its box, then is truncated",
    ],
  ])
  func commandsRunOnTheMachinesFonts(arguments: [String]) throws {
    let result = try GalleyBinary().run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    #expect(!result.standardOutput.isEmpty)
  }

  @Test(arguments: ["png", "svg", "pdf"])
  func renderRunsOnTheMachinesFonts(format: String) throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-smoke-\(UUID().uuidString).\(format)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let result = try GalleyBinary().run([
      "render", "-o", output, "--width", "200", "--scale", "2", "--shadow-blur", "2",
      "--outline-width", "1", "--",
      "Tap %{https://example.com}Lhere%l for %Bmore%b 👍🏽 %{Inter}F%{wght=300}Vthin%{wght=800}Vheavy",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: output))
  }
}
