import GalleyLayout
import GalleyStyle

/// The colors ``RenderOptions`` puts in place of the layout's own: one for all the text
/// (``RenderOptions/textColor``) and one for links (``RenderOptions/linkColor``), which wins
/// inside links.
struct ColorOverrides: Hashable, Sendable {
  /// The color of all text and decorations, or `nil` to keep their own.
  var text: TextColor?
  /// The color of text inside links, or `nil` to keep the text color.
  var link: TextColor?

  /// The overrides of some render options.
  init(_ options: RenderOptions) {
    text = options.textColor
    link = options.linkColor
  }

  /// The overrides given one by one.
  init(text: TextColor? = nil, link: TextColor? = nil) {
    self.text = text
    self.link = link
  }

  /// The color a run's glyphs are drawn in: a run is inside one link or none.
  func color(of run: Layout.GlyphRun) -> TextColor {
    run.link != nil ? link ?? text ?? run.color : text ?? run.color
  }

  /// The color an underline or strikethrough is drawn in.
  func color(of decoration: Layout.Decoration) -> TextColor {
    text ?? decoration.color
  }
}
