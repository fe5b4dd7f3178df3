import GalleyFonts
import Testing

@Suite struct SmokeTests {
  @Test func resolvesLato() throws {
    let fonts = try HermeticFonts.fontSet()
    let bold = try fonts.resolve(family: "Lato", weight: 1)
    #expect(bold.face.style == "Bold")
  }
}
