import GalleyFonts
import GalleyStyle
import GalleyTestSupport
import Testing

/// A variable face's axes, read from its `fvar` table, and what its axes do for a weight and
/// italic (``FaceStyling``).
@Suite("Variable faces")
struct VariableFaceTests {
  static let inter = FaceDescriptor(
    file: HermeticFonts.fontPath("inter/Inter.var.ttf"), families: ["Inter"], style: "Regular",
    weight: 400)

  @Test func axesComeFromTheFontFile() throws {
    let fonts = try HermeticFonts.fontSet()
    #expect(
      fonts.axes(of: Self.inter) == [
        FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900),
        FontAxis(tag: "slnt", minimum: -10, defaultValue: 0, maximum: 0),
      ])
    let dejaVu = FaceDescriptor(
      file: HermeticFonts.fontPath("dejavu/DejaVuSans.ttf"), families: ["DejaVu Sans"],
      style: "Book", weight: 400)
    #expect(fonts.axes(of: dejaVu).isEmpty)
    let notAFont = FaceDescriptor(
      file: HermeticFonts.fontPath("README.md"), families: ["x"], style: "x", weight: 400)
    #expect(fonts.axes(of: notAFont).isEmpty)
    let missing = FaceDescriptor(file: "/nonexistent.ttf", families: ["x"], style: "x", weight: 400)
    #expect(fonts.axes(of: missing).isEmpty)
  }

  static let weight = FontAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900)
  static let slant = FontAxis(tag: "slnt", minimum: -12, defaultValue: 0, maximum: 0)
  static let italicAxis = FontAxis(tag: "ital", minimum: 0, defaultValue: 0, maximum: 1)

  @Test(
    "What a face's axes do for a weight and italic",
    arguments: [
      // No axes: synthesis, as CSS does.
      ([], 700, false, "", true, false), ([], 400, true, "", false, true),
      ([], 500, false, "", false, false),
      // wght: the weight, clamped, and never synthesized bold.
      ([weight], 550, false, "wght=550", false, false), ([weight], 400, false, "", false, false),
      ([weight], 1000, false, "wght=900", false, false),
      ([weight], 100, false, "wght=100", false, false),
      // Italic on an upright face: slnt's negative end, ital 1.
      ([weight, slant], 400, true, "slnt=-12", false, false),
      ([italicAxis], 400, true, "ital=1", false, false),
      ([weight, italicAxis, slant], 700, true, "wght=700,ital=1,slnt=-12", false, false),
    ] as [([FontAxis], Int, Bool, String, Bool, Bool)])
  func styling(
    axes: [FontAxis], weight: Int, italic: Bool, variations: String, bold: Bool, slanted: Bool
  ) {
    let styling = FaceStyling(face: Self.inter, axes: axes, weight: weight, italic: italic)
    #expect(styling.variations.description == variations)
    #expect(styling.synthesizesBold == bold)
    #expect(styling.synthesizesItalic == slanted)
  }

  /// Inter in the test fonts: a weight between named instances sets `wght`; an italic
  /// instance is found as a face of its own.
  @Test func resolvingInterSetsTheAxis() throws {
    let fonts = try HermeticFonts.fontSet()
    let semibold = try fonts.resolve(family: "Inter", weight: 550)
    #expect(semibold.variations.description == "wght=550")
    #expect(!semibold.synthesizedBold)
    let bold = try fonts.resolve(family: "Inter", weight: 700)
    #expect(bold.variations.isEmpty)
    #expect(bold.face.weight == 700)
    let instances = fonts.namedInstances(of: semibold.face)
    #expect(instances.count == 18)
    #expect(instances.first?.name == "Thin")
    #expect(instances.first?.coordinates.description == "wght=100,slnt=0")
    let italic = try fonts.resolve(family: "Inter", weight: 400, italic: true)
    #expect(italic.face.slant != .upright)
    #expect(!italic.synthesizedItalic)
  }
}
