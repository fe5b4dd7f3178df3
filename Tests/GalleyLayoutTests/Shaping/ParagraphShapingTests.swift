import GalleyLayout
import Testing

/// Every paragraph is shaped as if it stood alone, whatever paragraph comes before it.
///
/// HarfBuzz guesses a buffer's script from its first letter: shaped in one buffer with the
/// paragraph before it, a Latin paragraph after a Cyrillic one was shaped as Cyrillic and lost
/// its ligatures.
@Suite("Paragraphs shaped alone")
struct ParagraphShapingTests {
  /// One paragraph of each script the hermetic fonts cover, and one of Common characters only.
  static let paragraphs: [(script: String, text: String)] = [
    ("Latin", "Different office flows"),
    ("Cyrillic", "Мальчики и девочки"),
    ("Greek", "Καλημέρα κόσμε"),
    ("Hebrew", "שלום עולם"),
    ("Arabic", "مرحبا بالعالم"),
    ("Han and kana", "日本語のテキスト"),
    ("Common", "123 – 456!"),
  ]

  /// Every ordered pair of ``paragraphs``, the same script twice included.
  static let pairs: [(String, String)] = paragraphs.flatMap { first in
    paragraphs.map { second in (first.script, second.script) }
  }

  /// The glyphs of a line in logical order: ids and advances, and clusters from the line's
  /// start. (A paragraph without strong characters takes the direction of the one before it,
  /// as in Pango, which changes the order its runs are shown in, not their glyphs.)
  static func glyphs(of line: Layout.Line) -> [[Double]] {
    let glyphs = line.runs.flatMap { run in
      run.glyphs.map { [Double($0.id), $0.advance, Double($0.cluster - line.location)] }
    }
    return glyphs.enumerated().sorted { ($0.element[2], $0.offset) < ($1.element[2], $1.offset) }
      .map(\.element)
  }

  static func text(of script: String) -> String {
    paragraphs.first { $0.script == script }?.text ?? ""
  }

  @Test("A paragraph's glyphs equal the paragraph's alone", arguments: pairs)
  func pairInSequence(first: String, second: String) throws {
    let firstText = Self.text(of: first)
    let secondText = Self.text(of: second)
    for separator in ["\n", "\r\n", "\u{2029}", "\u{85}"] {
      let (_, together) = try LayoutSupport.layout(firstText + separator + secondText)
      let (_, alone) = try LayoutSupport.layout(secondText)
      try #require(together.lines.count == 2)
      #expect(
        Self.glyphs(of: together.lines[1]) == Self.glyphs(of: alone.lines[0]),
        "\(second) after \(first), separated by U+\(separator.unicodeScalars.last!.value)")
      let (_, firstAlone) = try LayoutSupport.layout(firstText)
      #expect(Self.glyphs(of: together.lines[0]) == Self.glyphs(of: firstAlone.lines[0]))
    }
  }

  @Test("Office keeps its ligature after a Cyrillic paragraph")
  func ligatureAfterCyrillic() throws {
    let (_, alone) = try LayoutSupport.layout("Different office")
    let (_, together) = try LayoutSupport.layout("Мальчики и девочки\nDifferent office")
    let ids = Self.glyphs(of: together.lines[1]).map { $0[0] }
    #expect(ids == Self.glyphs(of: alone.lines[0]).map { $0[0] })
    // DejaVu Sans draws "ff" with one ligature glyph: fewer glyphs than characters.
    #expect(ids.count < "Different office".count)
  }
}
