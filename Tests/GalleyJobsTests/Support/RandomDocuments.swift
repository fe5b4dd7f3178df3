import Foundation
import GalleyMarkup
import GalleyRender
import GalleyTestSupport

@testable import GalleyLayout

/// Seeded random layouts and formatted texts full of odd strings and odd numbers, for
/// comparing ``JSONWriter`` with `JSONEncoder`.
enum RandomDocuments {
  /// Pieces of strings: quotes, backslashes, slashes, control characters, DEL, C1, emoji,
  /// line and paragraph separators, a BOM, combining marks and CJK.
  static let stringPieces = [
    "a", "Z", " ", "%", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}",
    "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "é", "e\u{301}", "😀", "👨‍👩‍👧",
    "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "男孩", "\u{10FFFF}", "{", "}", ":", ",",
  ]

  /// A string of zero to eight random pieces.
  static func string(using generator: inout SeededGenerator) -> String {
    let count = Int.random(in: 0...8, using: &generator)
    return (0..<count).map { _ in stringPieces.randomElement(using: &generator) ?? "" }.joined()
  }

  /// Mostly multiples of 1/64 as layouts hold, sometimes anything a `Double` can be.
  static func double(using generator: inout SeededGenerator) -> Double {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<6:
      return Double(Int.random(in: -(1 << 20)...(1 << 20), using: &generator)) / 64
    case 6:
      return Double(Int64.random(in: -(1 << 40)...(1 << 40), using: &generator)) / 64
    case 7:
      return Double.random(in: -1e6...1e6, using: &generator)
    case 8:
      return [
        0, -0.0, 1e-7, 0.0001, 0.00001, 1e20, 0x1p31, 0x1p53, 0x1p54, .leastNonzeroMagnitude, 0.1,
      ][
        Int.random(in: 0..<11, using: &generator)]
    default:
      let bits = generator.next()
      let value = Double(bitPattern: bits)
      return value.isFinite ? value : 1.5
    }
  }

  /// Mostly small counts and offsets, sometimes any `Int`.
  static func int(using generator: inout SeededGenerator) -> Int {
    Int.random(in: 0..<4, using: &generator) == 0
      ? Int(truncatingIfNeeded: generator.next()) : Int.random(in: 0...5000, using: &generator)
  }

  /// A rectangle of random numbers.
  static func rect(using generator: inout SeededGenerator) -> Layout.Rect {
    Layout.Rect(
      x: double(using: &generator), y: double(using: &generator),
      width: double(using: &generator), height: double(using: &generator))
  }

  /// A count in `0...limit`.
  static func count(_ limit: Int, using generator: inout SeededGenerator) -> Int {
    Int.random(in: 0...limit, using: &generator)
  }

  /// A layout of up to four lines, with empty arrays now and then.
  static func layout(using generator: inout SeededGenerator) -> Layout {
    Layout(
      schemaVersion: Int.random(in: 0...2, using: &generator),
      size: Layout.Size(width: double(using: &generator), height: double(using: &generator)),
      lines: (0..<count(4, using: &generator)).map { _ in line(using: &generator) },
      links: (0..<count(3, using: &generator)).map { _ in link(using: &generator) },
      decorations: (0..<count(3, using: &generator)).map { _ in
        Layout.Decoration(
          kind: [.underline, .doubleUnderline, .strikethrough].randomElement(using: &generator)
            ?? .underline,
          rect: rect(using: &generator), color: color(using: &generator))
      },
      backgrounds: (0..<count(2, using: &generator)).map { _ in
        Layout.Background(rect: rect(using: &generator), color: color(using: &generator))
      },
      truncation: Bool.random(using: &generator)
        ? Layout.Truncation(location: int(using: &generator), length: int(using: &generator))
        : nil,
      scale: double(using: &generator))
  }

  /// A line of up to three runs.
  static func line(using generator: inout SeededGenerator) -> Layout.Line {
    Layout.Line(
      location: int(using: &generator), length: int(using: &generator),
      visibleLength: int(using: &generator),
      ligatureCarets: (0..<count(2, using: &generator)).map { _ in int(using: &generator) },
      x: double(using: &generator), y: double(using: &generator),
      width: double(using: &generator), height: double(using: &generator),
      baseline: double(using: &generator),
      breakReason: [.explicit, .wrap, .emergency, .end].randomElement(using: &generator) ?? .end,
      runs: (0..<count(3, using: &generator)).map { _ in run(using: &generator) })
  }

  /// A run of up to five glyphs in a font of odd names.
  static func run(using generator: inout SeededGenerator) -> Layout.GlyphRun {
    let font = Layout.FontReference(
      file: string(using: &generator), index: int(using: &generator),
      family: string(using: &generator), style: string(using: &generator),
      size: double(using: &generator), synthesizedItalic: Bool.random(using: &generator),
      synthesizedBold: Bool.random(using: &generator))
    return Layout.GlyphRun(
      font: font, color: color(using: &generator),
      link: Bool.random(using: &generator) ? int(using: &generator) : nil,
      location: int(using: &generator), length: int(using: &generator),
      glyphs: (0..<count(5, using: &generator)).map { _ in
        Layout.PositionedGlyph(
          id: UInt32.random(in: 0...UInt32.max, using: &generator), x: double(using: &generator),
          y: double(using: &generator), advance: double(using: &generator),
          cluster: int(using: &generator))
      }, isToken: Bool.random(using: &generator))
  }

  /// A link with or without a target, with up to three rectangles.
  static func link(using generator: inout SeededGenerator) -> Layout.LinkRegion {
    Layout.LinkRegion(
      index: int(using: &generator), location: int(using: &generator),
      length: int(using: &generator),
      target: Bool.random(using: &generator) ? string(using: &generator) : nil,
      rects: (0..<count(3, using: &generator)).map { _ in rect(using: &generator) },
      isToken: Bool.random(using: &generator))
  }

  /// An image geometry of random numbers.
  static func image(using generator: inout SeededGenerator) -> ImageGeometry {
    ImageGeometry(
      width: int(using: &generator), height: int(using: &generator),
      scale: double(using: &generator), originX: double(using: &generator),
      originY: double(using: &generator))
  }

  /// Plain text of odd strings with odd attributes: any family, size and spacing.
  static func plainText(using generator: inout SeededGenerator) -> FormattedText {
    let attributes = TextAttributes(
      family: string(using: &generator), size: double(using: &generator),
      weight: int(using: &generator), isItalic: Bool.random(using: &generator),
      color: color(using: &generator),
      background: Bool.random(using: &generator) ? color(using: &generator) : nil,
      underline: UnderlineStyle.allCases.randomElement(using: &generator) ?? .none,
      isStruckThrough: Bool.random(using: &generator),
      characterSpacing: double(using: &generator), baselineShift: double(using: &generator))
    return FormattedText(plain: string(using: &generator), attributes: attributes)
  }

  /// Any color.
  static func color(using generator: inout SeededGenerator) -> TextColor {
    TextColor(
      red: UInt8.random(in: 0...255, using: &generator),
      green: UInt8.random(in: 0...255, using: &generator),
      blue: UInt8.random(in: 0...255, using: &generator),
      alpha: UInt8.random(in: 0...255, using: &generator))
  }

  /// Markup of odd text, codes and links (and, now and then, mistakes that lenient mode
  /// turns into warnings).
  static func markup(using generator: inout SeededGenerator) -> String {
    let codes = [
      "%B", "%b", "%I", "%i", "%0F", "%1F", "%f", "%0C", "%c", "%1U", "%2U", "%u", "%X", "%x",
      "%{12.5}S", "%s", "%{-2.5}R", "%r", "%10K", "%k", "%{#FF8800}D", "%d", "%N", "%%",
      "%{https://e.com/\"q\"\\}L", "%L", "%l", "%Q", "%9C", "%{",
    ]
    var markup = ""
    for _ in 0..<count(12, using: &generator) {
      if Bool.random(using: &generator) {
        markup += codes.randomElement(using: &generator) ?? ""
      } else {
        markup += string(using: &generator).replacingOccurrences(of: "%", with: "%%")
      }
    }
    return markup
  }
}
