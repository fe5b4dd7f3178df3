import GalleyLayout
import GalleyMarkup
import GalleyRender
import Testing

/// One small golden image per effect, compared by pixels.
@Suite("Effects against golden images")
struct EffectGoldenTests {
  static let word = "%{Lato}F%{30}S%BGalley%b %Itext%i%s%f"
  static let white = TextColor(red: 255, green: 255, blue: 255)
  static let ink = TextColor(red: 0x20, green: 0x30, blue: 0x40)

  /// Golden name, markup and options.
  static let cases: [(String, String, RenderOptions)] = {
    var cases: [(String, String, RenderOptions)] = []
    cases.append(
      (
        "plain.png",
        "Plain %1Ccolor%c, %1Uunder%u %2Utwice%u %Xstruck%x %{#FFE080}Dbox%d %Llink%l 😀",
        RenderOptions(background: white)
      ))
    cases.append(
      (
        "synthesized.png", "%{Droid Sans Fallback}F%{24}S文字 %B文字%b %I文字%i%s%f",
        RenderOptions(background: white)
      ))
    cases.append(
      (
        "shadow.png", word,
        RenderOptions(shadow: RenderOptions.Shadow(offsetX: 2, offsetY: 3, blur: 4))
      ))
    cases.append(
      (
        "glow.png", "%{#FFFFFF}C\(word)%c",
        RenderOptions(
          background: ink,
          glow: RenderOptions.Shadow(
            blur: 8, color: TextColor(red: 0x66, green: 0xCC, blue: 0xFF)))
      ))
    cases.append(
      (
        "inner-shadow.png", "%{#4488CC}C\(word)%c",
        RenderOptions(
          background: white,
          innerShadow: RenderOptions.Shadow(
            offsetX: 0, offsetY: 2, blur: 2, color: TextColor(red: 0, green: 0, blue: 0, alpha: 200)
          ))
      ))
    let stops = RenderOptions.Gradient.evenStops([
      TextColor(red: 0xFF, green: 0x88, blue: 0), TextColor(red: 0xCC, green: 0, blue: 0x44),
    ])
    cases.append(
      ("gradient-linear.png", word, RenderOptions(gradient: RenderOptions.Gradient(stops: stops))))
    cases.append(
      (
        "gradient-radial.png", word,
        RenderOptions(
          gradient: RenderOptions.Gradient(
            kind: .radial,
            stops: RenderOptions.Gradient.evenStops([
              TextColor(red: 0xFF, green: 0xEE, blue: 0x00),
              TextColor(red: 0x00, green: 0x66, blue: 0xCC),
            ]), start: (0.5, 0.5), end: (1, 1)))
      ))
    cases.append(
      (
        "outline-round.png", "%{#FFD700}C\(word)%c",
        RenderOptions(outline: RenderOptions.Outline(width: 2.5, color: ink))
      ))
    cases.append(
      (
        "outline-glyphs-miter.png", "%{#FFD700}C\(word)%c",
        RenderOptions(
          outline: RenderOptions.Outline(width: 2, color: ink, join: .miter, mode: .glyphs))
      ))
    cases.append(
      (
        "oversampled.png", "Small text, %Bfour%b times over",
        RenderOptions(background: white, oversampling: 4)
      ))
    cases.append(
      (
        "annotated.png", "Tap %Lthis link%l or %Lthat one%l.",
        RenderOptions(
          scale: 2, background: white, linkColor: TextColor(red: 0, green: 0x66, blue: 0xCC),
          annotates: true)
      ))
    return cases
  }()

  @Test("Each effect matches its golden", arguments: cases.indices)
  func effectMatchesGolden(_ index: Int) throws {
    let (name, markup, options) = Self.cases[index]
    let layout = try RenderSupport.layout(markup, width: name == "annotated.png" ? 140 : nil)
    try RenderSupport.expectGolden(layout, options: options, named: name)
  }
}
