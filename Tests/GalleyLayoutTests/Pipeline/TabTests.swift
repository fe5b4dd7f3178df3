import GalleyLayout
import GalleyMarkup
import Testing

/// Tabs advance to tab stops: explicit ones, then every eight spaces of the tab's font.
@Suite("Tabs")
struct TabTests {
  /// The advance of a space in the layout tests' font (DejaVu Sans 13).
  static func spaceAdvance() throws -> Double {
    let (_, layout) = try LayoutSupport.layout("a b")
    return layout.lines[0].runs.flatMap(\.glyphs)[1].advance
  }

  /// The x of each glyph after a tab in "a\tb\tc".
  static func stops(_ tabStops: [Double], width: Double? = nil) throws -> [Double] {
    let options = LayoutOptions(width: width, tabStops: tabStops)
    let (_, layout) = try LayoutSupport.layout("a\tb\tc", options: options)
    let glyphs = layout.lines.flatMap { $0.runs.flatMap(\.glyphs) }
    return [glyphs[2].x, glyphs[4].x]
  }

  @Test func defaultStopsFallEveryEightSpaces() throws {
    let interval = 8 * (try Self.spaceAdvance())
    #expect(try Self.stops([]) == [interval, 2 * interval])
  }

  @Test func explicitStopsComeFirstThenTheDefaultInterval() throws {
    let interval = 8 * (try Self.spaceAdvance())
    #expect(try Self.stops([50]) == [50, 50 + interval])
    #expect(try Self.stops([30, 35]) == [30, 35 + interval])
    #expect(try Self.stops([30, 40.5]) == [30, 40.5])
    #expect(try Self.stops([30, 70]) == [30, 70])
  }

  /// Combining marks after a tab join its cluster: the tab still reaches one stop (it reached
  /// one per glyph of its cluster, and line breaking measured something else: the fuzzer's
  /// `line-width` finding, a 20.5-point line in an 11.5-point box).
  @Test func marksAfterATabDoNotMoveTheStop() throws {
    let (_, plain) = try LayoutSupport.layout("a\tb")
    let (_, marked) = try LayoutSupport.layout("a\t\u{301}\u{301}b")
    #expect(marked.lines[0].width == plain.lines[0].width)
    var formatter = LayoutSupport.formatter
    formatter.defaultSize = 2
    let text = try formatter.format("\u{0}A`V To \u{FFFD}\t\u{301}\u{301} ")
    let layout = try LayoutSupport.engine().layout(text, options: LayoutOptions(width: 11.5))
    for line in layout.lines { #expect(line.width <= 11.5) }
  }

  @Test func aTabIsDrawnBlank() throws {
    let (_, layout) = try LayoutSupport.layout("a\tb")
    let (_, spaced) = try LayoutSupport.layout("a b")
    let tab = layout.lines[0].runs.flatMap(\.glyphs)[1]
    #expect(tab.id == spaced.lines[0].runs.flatMap(\.glyphs)[1].id)
    #expect(tab.id != 0)
  }

  @Test("Lines break where tabs make them too wide", arguments: [90.0, 120, 150])
  func tabsCountInLineBreaking(width: Double) throws {
    let options = LayoutOptions(width: width)
    let (text, layout) = try LayoutSupport.layout(
      "one\ttwo\tthree\tfour five\tsix", options: options)
    #expect(LayoutSupport.lineTexts(layout, text).joined() == text.string)
    for line in layout.lines {
      #expect(line.width <= width)
      // Each line starts its stops again at its start.
      #expect(line.runs.first?.glyphs.first?.x == line.x)
    }
    // Greedy: a wrapped line could not take its next word.
    let (_, unlimited) = try LayoutSupport.layout("one\ttwo\tthree\tfour five\tsix")
    #expect(layout.lines.count > 1 || unlimited.lines[0].width <= width)
  }

  /// Found by the layout fuzzer: a tab in a right-to-left item was placed in reversed glyph
  /// order, so the line came out wider than line breaking had measured it.
  @Test("A tab in right-to-left text is measured as it is placed", arguments: [40.0, 80, 825.5])
  func tabsInRightToLeftText(width: Double) throws {
    for markup in ["\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\tם", "שלום\tעולם\tו", "ab\tשלום\tcd"] {
      for size in [13.0, 128] {
        var formatter = LayoutSupport.formatter
        formatter.defaultSize = size
        let text = try formatter.format(markup)
        let options = LayoutOptions(width: width, wrap: .char)
        let layout = try LayoutSupport.engine().layout(text, options: options)
        let (_, unlimited) = (text, try LayoutSupport.engine().layout(text))
        for line in layout.lines {
          #expect(
            line.width <= width || line.breakReason == .emergency,
            "\(markup) at \(size): \(line.width) in \(width)")
        }
        #expect(unlimited.lines.count == 1)
      }
    }
  }

  /// Stops that cannot be used.
  static let problems: [[Double]] = [[0], [-5], [40, 30], [40, 40], [.nan], [2e6]]

  @Test("Bad tab stops are refused", arguments: problems)
  func badStops(_ stops: [Double]) throws {
    let problem = try #require(LayoutOptions(tabStops: stops).problem)
    #expect(problem.contains("tab stops"))
  }
}
