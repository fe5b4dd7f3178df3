import ArgumentParser
import GalleyMarkup
import GalleyOptions
import GalleyRender

/// `galley render`'s inner shadow: any of its options turns it on, and the others keep
/// ``RenderOptions/Shadow/inner``'s values.
struct InnerShadowOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: "Inner shadow offset X,Y in points (turns it on; default 0,1).")
  var innerShadowOffset: NumberPair?
  @Option(
    parsing: .unconditional, help: "Inner shadow blur radius in points (turns it on; default 2).")
  var innerShadowBlur: Double?
  @Option(help: "Inner shadow color (turns it on; default #000000B0).")
  var innerShadowColor: TextColor?

  /// The inner shadow, or `nil` when no inner shadow option is given.
  var value: RenderOptions.Shadow? {
    RenderOptions.Shadow.inner.changing(
      offset: innerShadowOffset, blur: innerShadowBlur, color: innerShadowColor)
  }
}
