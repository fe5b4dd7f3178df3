import ArgumentParser
import GalleyMarkup
import GalleyRender

/// `galley render`'s outline: `--outline-width` turns it on, and the other options change
/// ``RenderOptions/Outline``'s defaults.
struct OutlineOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: "Outline width in points, drawn outside the glyphs (turns the outline on).")
  var outlineWidth: Double?
  @Option(help: "Outline color (default black).")
  var outlineColor: TextColor?
  @Option(help: "Outline corners: round, miter or bevel (default round).")
  var outlineJoin: RenderOptions.Outline.Join?
  @Option(
    help:
      "Outline shapes: connected (one outline) or glyphs (each glyph in turn; default connected).")
  var outlineMode: RenderOptions.Outline.Mode?

  /// The outline, or `nil` without `--outline-width`.
  var value: RenderOptions.Outline? {
    guard let outlineWidth else { return nil }
    var value = RenderOptions.Outline(width: outlineWidth)
    if let outlineColor { value.color = outlineColor }
    if let outlineJoin { value.join = outlineJoin }
    if let outlineMode { value.mode = outlineMode }
    return value
  }

  /// Refuses the outline's other options without `--outline-width`.
  ///
  /// - Throws: `ValidationError`.
  func validate() throws {
    if outlineWidth == nil, outlineColor != nil || outlineJoin != nil || outlineMode != nil {
      throw ValidationError(
        "'--outline-color', '--outline-join' and '--outline-mode' need '--outline-width'.")
    }
  }
}
