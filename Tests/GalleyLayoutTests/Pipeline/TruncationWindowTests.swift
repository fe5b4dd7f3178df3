import GalleyMarkup
import Testing

@testable import GalleyLayout

/// Truncation's first window: a long text in a small box should cost about what the box's
/// lines cost, so the window should hold not many more lines than the box shows and the two
/// that the cut needs.
@Suite("Truncation's window")
struct TruncationWindowTests {
  @Test(
    "A 3-line box at width 300 assembles a window of a few lines, not dozens",
    arguments: [13.0, 9.0])
  func windowIsSmall(_ size: Double) throws {
    let sentence = "The quick brown fox jumps over the lazy dog, and then it runs away. "
    var formatter = LayoutSupport.formatter
    formatter.defaultSize = size
    let text = FormattedText(
      plain: String(repeating: sentence, count: 2000), attributes: formatter.defaultAttributes)
    let options = LayoutOptions(width: 300, maximumLines: 3)
    let truncator = Truncator(
      engine: try LayoutSupport.engine().engines[0], text: text, options: options)
    let window = try truncator.window()
    #expect(window.visible == 3)
    // The prefix is estimated at three bytes per em of the width (about 69 bytes a line at
    // 13 points, 345 in all): about twice the lines the box needs, not dozens.
    #expect(window.assembled.lines.count <= 2 * (3 + 2))
  }
}
