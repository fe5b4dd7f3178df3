import ArgumentParser
import GalleyMarkup
import GalleyOptions
import GalleyRender

/// `galley render`'s glow: either option turns it on, and the other keeps
/// ``RenderOptions/Shadow/glow``'s value.
struct GlowOptions: ParsableArguments {
  @Option(
    parsing: .unconditional, help: "Glow blur radius in points (turns the glow on; default 4).")
  var glowBlur: Double?
  @Option(help: "Glow color (turns the glow on; default #FFFFFF).")
  var glowColor: TextColor?

  /// The glow, or `nil` when no glow option is given.
  var value: RenderOptions.Shadow? {
    RenderOptions.Shadow.glow.changing(offset: nil, blur: glowBlur, color: glowColor)
  }
}
