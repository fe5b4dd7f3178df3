import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport

/// The engine and formatter the layout tests share: hermetic fonts, DejaVu Sans 13 px.
enum LayoutSupport {
  static func engine() throws -> LayoutEngine { LayoutEngine(fonts: try HermeticFonts.fontSet()) }

  static var formatter: MarkupFormatter {
    var formatter = MarkupFormatter(fontFamilies: ["DejaVu Sans", "DejaVu Serif", "Lato"])
    formatter.defaultFamily = "DejaVu Sans"
    formatter.defaultSize = 13
    formatter.colors = [TextColor(red: 0x1A, green: 0x5F, blue: 0xB4)]
    return formatter
  }

  static func layout(
    _ markup: String, width: Double? = nil, options: LayoutOptions = LayoutOptions()
  ) throws -> (FormattedText, Layout) {
    let text = try formatter.format(markup)
    var options = options
    if let width { options.width = width }
    return (text, try engine().layout(text, options: options))
  }

  /// Each line's text.
  static func lineTexts(_ layout: Layout, _ text: FormattedText) -> [String] {
    let utf16 = Array(text.string.utf16)
    return layout.lines.map {
      String(decoding: utf16[$0.location..<$0.location + $0.length], as: UTF16.self)
    }
  }
}
