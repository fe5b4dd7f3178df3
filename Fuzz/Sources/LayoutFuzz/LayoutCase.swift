import FuzzSupport
import GalleyLayout
import GalleyMarkup

/// One layout to check, decoded from a fuzzer input.
///
/// The input's first six bytes (seven when byte 2 says so) choose the options, the rest is
/// markup (invalid UTF-8 becomes U+FFFD):
///
/// | Bytes | Meaning |
/// |---|---|
/// | 0–1 | Width: 0 for none, else 1 + (n − 1) mod 7997 quarter points, so 1…2000 |
/// | 2 | Default size: 1 + b mod 128 points |
/// | 3 | Bits 0–1 alignment; bit 2 font leading; bits 3–5 language; bits 6–7 line spacing |
/// | 4 | Bits 0–2 default family; bit 3 wrap between characters; bits 4–5 line height multiple; bit 6 no orphans; bit 7 justify (instead of byte 3's alignment) |
/// | 5 | Bits 0–1 maximum lines (none, 1, 2, 3); bits 2–3 truncation (tail, head, middle, clip); bit 4 a token with a link; bit 5 autoshrink to 0.5; bit 6 a height of 2.5 lines |
/// | 6 | Only when bit 7 of byte 2 is set: bits 0–1 wrap style (greedy, balance, pretty, optimal); bits 2–3 hyphens (manual, auto, none, auto); bit 4 glyph scale 1.6 × 0.8; bit 5 arc of radius 90 (−90 with bit 4); bit 6 glyph rotation 25°; bit 7 glyph jitter 2, 3, 15° seeded by byte 2 |
///
/// `Fuzz/Corpus/layout/` files start with these bytes; `printf '\x00\xa0\x0c\x00\x00\x00Text'`
/// writes one for a width of 40.75 at 13 points.
struct LayoutCase {
  /// The families the default family and `%xF` choose from.
  static let families = [
    "DejaVu Sans", "DejaVu Serif", "Inter", "Lato", "Liberation Serif", "Noto Sans",
    "Droid Sans Fallback", "sans-serif",
  ]
  /// The languages byte 3 chooses from.
  static let languages: [String?] = [nil, "en", "th", "ja", "ar", "he", "zh", "tr"]

  /// The layout options.
  let options: LayoutOptions
  /// The formatter, with the chosen default family and size.
  let formatter: MarkupFormatter
  /// The markup.
  let markup: String

  /// Decodes a case from the front of an input.
  ///
  /// - Parameter input: The fuzzer input; all of it is read.
  init(_ input: inout FuzzInput) {
    let width = input.uint16()
    let size = input.byte()
    let flags = input.byte()
    let style = input.byte()
    let label = input.byte()
    var options = LayoutOptions()
    options.width = width == 0 ? nil : 1 + Double((Int(width) - 1) % 7997) / 4
    options.alignment = [.natural, .left, .right, .center][Int(flags & 3)]
    options.usesFontLeading = flags & 4 != 0
    options.language = Self.languages[Int(flags >> 3 & 7)]
    options.lineSpacing = [0, 2, 7.5, -1][Int(flags >> 6)]
    options.lineHeightMultiple = [1, 1.5, 0.75, 2][Int(style >> 4 & 3)]
    options.wrap = style & 8 != 0 ? .char : .word
    options.allowsOrphans = style & 64 == 0
    if style & 128 != 0 { options.alignment = .justify }
    var formatter = MarkupFormatter(
      fontFamilies: Self.families,
      colors: [
        TextColor(red: 0x1A, green: 0x5F, blue: 0xB4), TextColor(red: 0xC0, green: 0, blue: 0),
      ])
    formatter.defaultFamily = Self.families[Int(style & 7)]
    formatter.defaultSize = Double(1 + Int(size) % 128)
    Self.applyLabel(label, to: &options, formatter: formatter)
    if size & 128 != 0 {
      let typography = input.byte()
      options.wrapStyle = [.greedy, .balance, .pretty, .optimal][Int(typography & 3)]
      options.hyphens = [.manual, .auto, .none, .auto][Int(typography >> 2 & 3)]
      Self.applyGlyphs(typography, seed: size, to: &options)
    }
    self.options = options
    self.formatter = formatter
    markup = input.text
  }
}

extension LayoutCase {
  /// Sets the glyph scale and typesetters bits 4–7 of byte 6 choose.
  static func applyGlyphs(_ byte: UInt8, seed: UInt8, to options: inout LayoutOptions) {
    if byte & 16 != 0 { options.glyphScale = LayoutOptions.GlyphScale(width: 1.6, height: 0.8) }
    if byte & 32 != 0 { options.setTypesetter(ArcTypesetter(radius: byte & 16 != 0 ? -90 : 90)) }
    if byte & 64 != 0 { options.setTypesetter(RotationTypesetter(degrees: 25)) }
    if byte & 128 != 0 {
      options.setTypesetter(RandomShiftTypesetter(x: 2, y: 3, degrees: 15, seed: UInt64(seed)))
    }
  }

  /// Sets the label options byte 5 chooses.
  static func applyLabel(
    _ label: UInt8, to options: inout LayoutOptions, formatter: MarkupFormatter
  ) {
    options.maximumLines = Int(label & 3)
    options.truncationMode = [.tail, .head, .middle, .clip][Int(label >> 2 & 3)]
    if label & 16 != 0 {
      options.truncationToken = .init(markup: "… %{more}Lmore%l", formatter: formatter)
    }
    if label & 32 != 0 { options.minimumScaleFactor = 0.5 }
    if label & 64 != 0 { options.height = formatter.defaultSize * 2.5 }
    if label & 128 != 0 { options.direction = .rightToLeft }
  }
}

extension LayoutCase: CustomStringConvertible {
  /// The options and markup, for failure reports.
  var description: String {
    let width = options.width.map { "\($0)" } ?? "none"
    return "width \(width), size \(formatter.defaultSize), family \(formatter.defaultFamily), "
      + "alignment \(options.alignment), language \(options.language ?? "none"), "
      + "line spacing \(options.lineSpacing), line height multiple \(options.lineHeightMultiple), "
      + "font leading \(options.usesFontLeading), wrap \(options.wrap), "
      + "orphans \(options.allowsOrphans), maximum lines \(options.maximumLines), "
      + "truncation \(options.truncationMode), token \(options.truncationToken.markup), "
      + "minimum scale \(options.minimumScaleFactor), height \(options.height ?? 0), "
      + "direction \(options.direction), wrap style \(options.wrapStyle), "
      + "hyphens \(options.hyphens), glyph scale \(options.glyphScale), "
      + "typesetters \(options.glyphTypesetters.map { "\($0.base)" }), "
      + "markup \(markup.debugDescription)"
  }
}
