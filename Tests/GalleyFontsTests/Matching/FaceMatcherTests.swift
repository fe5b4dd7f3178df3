import GalleyFonts
import Testing

@Suite("CSS font matching, without fontconfig")
struct FaceMatcherTests {
  static let latoWeights = [100, 200, 300, 400, 500, 600, 700, 800, 900]
  static let dejaVuWeights = [200, 400, 700]

  @Test(arguments: [
    // Exact weights win.
    (400, [300, 400, 500], 400), (700, dejaVuWeights, 700),
    // 400–500: up to 500 first, then lighter, then heavier.
    (400, [300, 500, 600], 500), (450, [300, 500], 500), (400, [300, 600], 300),
    (500, [300, 600], 300), (400, [600, 700], 600),
    // Below 400: lighter first, then heavier.
    (300, dejaVuWeights, 200), (100, dejaVuWeights, 200), (300, [400, 700], 400),
    // Above 500: heavier first, then lighter.
    (600, dejaVuWeights, 700), (800, dejaVuWeights, 700), (900, [400, 700], 700),
    (600, [500, 700], 700), (550, [400, 500], 500),
  ])
  func weightRule(desired: Int, available: [Int], expected: Int) {
    #expect(FaceMatcher.preferredWeight(desired, among: available) == expected)
  }

  private func face(
    _ style: String, _ weight: Int, _ slant: FaceDescriptor.Slant = .upright, width: Int = 100
  ) -> FaceDescriptor {
    FaceDescriptor(
      file: "/f/\(style).ttf", families: ["Test"], style: style, weight: weight, slant: slant,
      width: width)
  }

  @Test func styleOrderForItalicAndUpright() throws {
    let upright = face("Regular", 400)
    let italic = face("Italic", 400, .italic)
    let oblique = face("Oblique", 400, .oblique)
    #expect(
      FaceMatcher.bestFace(in: [upright, italic, oblique], weight: 400, isItalic: true) == italic)
    #expect(FaceMatcher.bestFace(in: [upright, oblique], weight: 400, isItalic: true) == oblique)
    #expect(FaceMatcher.bestFace(in: [upright], weight: 400, isItalic: true) == upright)
    #expect(FaceMatcher.bestFace(in: [italic, oblique], weight: 400, isItalic: false) == oblique)
    #expect(FaceMatcher.bestFace(in: [italic], weight: 400, isItalic: false) == italic)
  }

  @Test func styleBeatsWeight() {
    // An italic at the wrong weight beats an upright at the right one.
    let faces = [face("Bold", 700), face("Light Italic", 300, .italic)]
    #expect(FaceMatcher.bestFace(in: faces, weight: 700, isItalic: true)?.style == "Light Italic")
  }

  @Test func normalWidthBeatsEverything() {
    let faces = [
      face("Condensed Bold", 700, width: 75), face("Regular", 400), face("Wide", 700, width: 125),
    ]
    #expect(FaceMatcher.bestFace(in: faces, weight: 700, isItalic: false)?.style == "Regular")
    let noNormal = [
      face("Condensed", 400, width: 75), face("Semi", 400, width: 87),
      face("Wide", 400, width: 125),
    ]
    #expect(FaceMatcher.bestFace(in: noNormal, weight: 400, isItalic: false)?.style == "Semi")
    #expect(
      FaceMatcher.bestFace(in: [face("Wide", 400, width: 125)], weight: 400, isItalic: false) != nil
    )
    #expect(FaceMatcher.bestFace(in: [], weight: 400, isItalic: false) == nil)
  }
}
