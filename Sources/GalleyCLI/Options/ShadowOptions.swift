import ArgumentParser
import GalleyMarkup
import GalleyOptions
import GalleyRender

/// `galley render`'s drop shadow: any of its options turns it on, and the others keep
/// ``RenderOptions/Shadow/drop``'s values.
struct ShadowOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: "Shadow offset X,Y in points, such as 2,3 or -2,3 (turns the shadow on; default 0,1).")
  var shadowOffset: NumberPair?
  @Option(parsing: .unconditional, help: "Shadow blur radius in points (turns the shadow on).")
  var shadowBlur: Double?
  @Option(help: "Shadow color (turns the shadow on; default #00000080).")
  var shadowColor: TextColor?

  /// The shadow, or `nil` when no shadow option is given.
  var value: RenderOptions.Shadow? {
    RenderOptions.Shadow.drop.changing(offset: shadowOffset, blur: shadowBlur, color: shadowColor)
  }
}
