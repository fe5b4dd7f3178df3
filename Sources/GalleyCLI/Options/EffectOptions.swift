import ArgumentParser
import GalleyMarkup
import GalleyOptions
import GalleyRender

/// The canvas and effect options of `galley render`, which make its ``RenderOptions``.
///
/// Each effect has its own group; an effect is on when one of its options is given, and the
/// options not given keep the library's defaults (``RenderOptions/Shadow/drop``,
/// ``RenderOptions/Shadow/glow``, ``RenderOptions/Shadow/inner``, and the defaults of
/// ``RenderOptions/Gradient`` and ``RenderOptions/Outline``).
struct EffectOptions: ParsableArguments {
  /// The library's defaults, which the canvas options show and start from.
  private static let defaults = RenderOptions()

  @Option(parsing: .unconditional, help: "Pixels per point (2 for @2x).")
  var scale: Double = defaults.scale

  @Option(help: "The canvas color, or 'transparent'.")
  var background = CanvasBackground(color: defaults.background)

  @Option(parsing: .unconditional, help: "Points of empty space around the text and its effects.")
  var padding: Double = defaults.padding

  @OptionGroup var shadow: ShadowOptions

  @OptionGroup var glow: GlowOptions

  @OptionGroup var innerShadow: InnerShadowOptions

  @OptionGroup var gradient: GradientOptions

  @OptionGroup var outline: OutlineOptions

  @Option(
    parsing: .unconditional,
    help: "Draw at N times the resolution and scale down (1…4), for small text.")
  var oversample: Int = defaults.oversampling

  @Option(help: "The color of text inside links.")
  var linkColor: TextColor?

  @Option(
    help: """
      The color of all the text and its underlines (a disabled look); --link-color still \
      colors links.
      """)
  var textColor: TextColor?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      """
      Move the drawing X,Y points (a pressed look), rounded to whole pixels; the canvas holds \
      it moved and unmoved.
      """, valueName: "x,y"))
  var offset: NumberPair?

  @Flag(help: "Draw line boxes, baselines, link rectangles and glyph boxes over the text.")
  var annotate = false

  @Option(
    help: """
      The order glyphs are drawn in, which shows where transformed glyphs overlap: logical       (text order), reverse, or random (shuffled with --seed).
      """)
  var drawOrder: DrawOrderName = .logical

  /// The options for ``Renderer``, without the draw order's seed (see
  /// ``renderOptions(seed:)``).
  var renderOptions: RenderOptions { renderOptions(seed: 0) }

  /// The options for ``Renderer``.
  ///
  /// - Parameter seed: The seed of a random draw order (`--seed`).
  /// - Returns: The options.
  func renderOptions(seed: UInt64) -> RenderOptions {
    var options = RenderOptions(
      scale: scale, background: background.color, padding: padding, shadow: shadow.value,
      glow: glow.value, innerShadow: innerShadow.value, gradient: gradient.value,
      outline: outline.value, oversampling: oversample, linkColor: linkColor,
      annotates: annotate)
    options.drawOrder = drawOrder.drawOrder(seed: seed)
    options.textColor = textColor
    options.offsetX = offset?.x ?? 0
    options.offsetY = offset?.y ?? 0
    return options
  }

  /// Refuses options the renderer cannot use, such as a scale of 100.
  ///
  /// - Throws: `ValidationError`.
  func validate() throws {
    if let problem = renderOptions.problem {
      throw ValidationError("Invalid render option: \(problem).")
    }
  }
}
