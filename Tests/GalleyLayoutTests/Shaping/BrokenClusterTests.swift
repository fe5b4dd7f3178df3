import GalleyLayout
import Testing

/// A mark with no base to sit on is drawn on a dotted circle where HarfBuzz draws one.
///
/// The cluster goes to a face of the mark's script (fallback per cluster), whose shaper draws
/// it on a dotted circle (U+25CC), as HarfBuzz does for the scripts it shapes by syllables.
/// Elsewhere the mark stays on what precedes it, as in HarfBuzz and Pango.
@Suite("Marks without a base")
struct BrokenClusterTests {
  /// Texts in DejaVu Sans with a mark after a space or at the start, the face that draws the
  /// mark, and whether its cluster gets a dotted circle.
  static let cases: [(text: String, family: String, circled: Bool)] = [
    (" \u{093F}", "Noto Sans Devanagari", true),
    ("\u{093F}", "Noto Sans Devanagari", true),
    ("a \u{0901}b", "Noto Sans Devanagari", true),
    ("\u{17B6}", "Noto Sans Khmer", true),
    ("x \u{102C}", "Noto Sans Myanmar", true),
    ("a \u{0301}b", "DejaVu Sans", false),
  ]

  @Test(arguments: cases)
  func aMarkWithoutABaseIsDrawnOnADottedCircle(text: String, family: String, circled: Bool)
    throws
  {
    let circle = try LayoutSupport.layout("\u{25CC}", family: family)
    let circleGlyph = try #require(circle.lines.first?.runs.first?.glyphs.first?.id)
    let layout = try LayoutSupport.layout(text, family: "DejaVu Sans")
    let runs = layout.lines.flatMap(\.runs).filter { $0.font.family == family }
    try #require(!runs.isEmpty, "no run in \(family)")
    let ids = runs.flatMap(\.glyphs).map(\.id)
    #expect(ids.contains(circleGlyph) == circled, "\(family): \(ids)")
    // The mark is drawn: no glyph of the cluster is the face's missing glyph.
    #expect(!ids.contains(0), "\(family): \(ids)")
  }
}
