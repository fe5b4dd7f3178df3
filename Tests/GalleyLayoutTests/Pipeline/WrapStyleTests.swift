import Foundation
import GalleyLayout
import GalleyMarkup
import GalleyTestSupport
import Testing

/// The wrap styles on real paragraphs: balance against an exhaustive search, optimal's score
/// against greedy's, pretty's promises, and each style in the label box.
@Suite("Wrap styles")
struct WrapStyleTests {
  /// Paragraphs of real prose (the first lines of the benchmark corpus, and two of our own).
  static let paragraphs: [String] = {
    let corpus =
      (try? String(
        contentsOfFile: HermeticFonts.packageRoot + "/corpus/prose-2000.txt", encoding: .utf8))
      ?? ""
    return [
      "Typography is the art and technique of arranging type to make written language legible, "
        + "readable and appealing when displayed. The arrangement of type involves selecting "
        + "typefaces, point sizes, line lengths, line spacing, and letter spacing.",
      "A headline that wraps should not leave a single short word alone on its last line.",
    ] + corpus.split(separator: "\n").prefix(6).map(String.init)
  }()

  static let widths: [Double] = [120, 180, 260, 400]

  static func layout(
    _ text: String, width: Double, style: LayoutOptions.WrapStyle,
    hyphens: LayoutOptions.Hyphens = .manual, alignment: LayoutOptions.Alignment = .natural
  ) throws -> Layout {
    var options = LayoutOptions(width: width, alignment: alignment, language: "en-US")
    options.wrapStyle = style
    options.hyphens = hyphens
    return try LayoutSupport.layout(text, options: options).1
  }

  /// The score the layout rules give optimal's lines (ragged): each line but the last the
  /// square of its slack, `2·H` per line, `H` per hyphen, `H` more for a hyphenated line after
  /// a hyphenated one, `3·H` more for a hyphenated line before the last; `H = 2·S·R`.
  static func demerits(_ layout: Layout, width: Double, size: Double = 13) -> Double {
    let hyphen = 2 * size * width
    var total = 0.0
    for (index, line) in layout.lines.enumerated() {
      let isLast = index == layout.lines.count - 1
      if !isLast { total += (width - line.width) * (width - line.width) }
      total += 2 * hyphen
      let previousHyphenated = index > 0 && layout.lines[index - 1].isHyphenated
      if line.isHyphenated {
        total += hyphen + (previousHyphenated ? hyphen : 0)
      }
      if isLast && previousHyphenated { total += 3 * hyphen }
    }
    return total
  }

  @Test("Balance: greedy's line count, the smallest widest line", arguments: [120.0, 160, 220])
  func balanceAgainstExhaustiveSearch(width: Double) throws {
    let sentences = [
      "A headline that wraps should not leave a single short word alone on its last line.",
      "Balanced lines make short paragraphs easier to read at a glance.",
      "The quick brown fox jumps over the lazy dog near the old river bank.",
    ]
    for sentence in sentences {
      let greedy = try Self.layout(sentence, width: width, style: .greedy)
      let balanced = try Self.layout(sentence, width: width, style: .balance)
      guard greedy.lines.count > 1 else { continue }
      #expect(balanced.lines.count == greedy.lines.count, "\(sentence)")
      let widest = try #require(balanced.lines.map(\.width).max())
      let best = try Self.smallestWidest(sentence, lines: greedy.lines.count, width: width)
      #expect(abs(widest - best) < 0.001, "\(sentence) at \(width): \(widest) vs \(best)")
    }
  }

  /// The smallest widest line over every way to break `text` at its spaces into `lines` lines
  /// that fit `width`, each line measured alone.
  static func smallestWidest(_ text: String, lines: Int, width: Double) throws -> Double {
    let words = text.split(separator: " ").map(String.init)
    var measured: [String: Double] = [:]
    func measure(_ line: String) throws -> Double {
      if let known = measured[line] { return known }
      let value = try LayoutSupport.layout(line).1.lines[0].width
      measured[line] = value
      return value
    }
    var best = Double.infinity
    for mask in 0..<(1 << (words.count - 1)) where mask.nonzeroBitCount == lines - 1 {
      var widest = 0.0
      var current: [String] = []
      for (index, word) in words.enumerated() {
        current.append(word)
        if index == words.count - 1 || mask & (1 << index) != 0 {
          widest = max(widest, try measure(current.joined(separator: " ")))
          current = []
        }
      }
      if widest <= width { best = min(best, widest) }
    }
    return best
  }

  @Test("Optimal never scores above greedy", arguments: [LayoutOptions.Hyphens.manual, .auto])
  func optimalScoresNoWorseThanGreedy(hyphens: LayoutOptions.Hyphens) throws {
    var better = 0
    for paragraph in Self.paragraphs {
      for width in Self.widths {
        let greedy = try Self.layout(paragraph, width: width, style: .greedy, hyphens: hyphens)
        let optimal = try Self.layout(paragraph, width: width, style: .optimal, hyphens: hyphens)
        let (greedyScore, optimalScore) = (
          Self.demerits(greedy, width: width), Self.demerits(optimal, width: width)
        )
        #expect(optimalScore <= greedyScore + 1, "\(width): \(paragraph.prefix(40))")
        if optimalScore < greedyScore - 1 { better += 1 }
        #expect(optimal.lines.allSatisfy { $0.width <= width + 1e-9 })
      }
    }
    #expect(better >= 4)
  }

  @Test func prettyNeverAddsLinesAndKeepsTheLastWordCompany() throws {
    for paragraph in Self.paragraphs {
      for width in Self.widths {
        let greedy = try Self.layout(paragraph, width: width, style: .greedy)
        let pretty = try Self.layout(paragraph, width: width, style: .pretty)
        #expect(pretty.lines.count <= greedy.lines.count)
        #expect(pretty.lines.allSatisfy { $0.width <= width + 1e-9 })
      }
    }
    // Greedy leaves "line." alone; pretty brings a word down with it.
    let text = "A headline that wraps should not leave a single short word alone on its last line."
    let width = try Self.widthLeavingAnOrphan(text)
    let greedy = try Self.layout(text, width: width, style: .greedy)
    let pretty = try Self.layout(text, width: width, style: .pretty)
    let utf16 = Array(text.utf16)
    let lastText = { (layout: Layout) -> String in
      let line = layout.lines[layout.lines.count - 1]
      return String(decoding: utf16[line.location..<(line.location + line.length)], as: UTF16.self)
    }
    #expect(lastText(greedy) == "line.")
    #expect(lastText(pretty).contains(" "))
    #expect(pretty.lines.count == greedy.lines.count)
  }

  /// A width at which greedy breaking leaves the text's last word alone on its line.
  static func widthLeavingAnOrphan(_ text: String) throws -> Double {
    for width in stride(from: 150.0, through: 400, by: 2) {
      let layout = try Self.layout(text, width: width, style: .greedy)
      let last = layout.lines[layout.lines.count - 1]
      if last.length == 5, layout.lines.count > 1 { return width }
    }
    Issue.record("no width leaves an orphan")
    return 200
  }

  @Test func justifiedOptimalShrinksSpacesByAThirdAtMost() throws {
    for paragraph in Self.paragraphs.prefix(4) {
      for width in [180.0, 260] {
        let layout = try Self.layout(
          paragraph, width: width, style: .optimal, hyphens: .auto, alignment: .justify)
        for line in layout.lines.dropLast() {
          #expect(abs(line.width - width) < 0.05, "\(line)")
        }
        #expect(try #require(layout.lines.last).width <= width)
      }
    }
  }

  @Test func justifiedOptimalShrinksOnlyTheSpacesTheJustifierShrinks() throws {
    // Wrapping between characters, lines may start with a space, which justification leaves
    // alone: optimal counts only the spaces between a line's other characters.
    for width in stride(from: 60.0, through: 200, by: 7) {
      var options = LayoutOptions(width: width, alignment: .justify, wrap: .char)
      options.wrapStyle = .optimal
      let layout = try LayoutSupport.layout(Self.paragraphs[0], options: options).1
      #expect(layout.lines.allSatisfy { $0.width <= width + 1.0 / 64 }, "\(width)")
    }
  }

  @Test("Every style in the label box", arguments: LayoutOptions.WrapStyle.allCases)
  func inTheLabelBox(style: LayoutOptions.WrapStyle) throws {
    let text = Self.paragraphs[0]
    var options = LayoutOptions(width: 200, language: "en-US", indent: 12)
    options.wrapStyle = style
    options.hyphens = .auto
    let indented = try LayoutSupport.layout(text, options: options).1
    #expect(indented.lines.allSatisfy { $0.width <= 200 - ($0.location == 0 ? 12 : 0) + 1e-9 })
    options.maximumLines = 3
    let truncated = try LayoutSupport.layout(text, options: options).1
    #expect(truncated.lines.count == 3 && truncated.truncation != nil)
    options.maximumLines = 4
    options.minimumScaleFactor = 0.5
    let shrunk = try LayoutSupport.layout(text, options: options).1
    #expect(shrunk.lines.count <= 4)
    // Right to left, and a tab.
    var plain = LayoutOptions(width: 160)
    plain.wrapStyle = style
    let hebrew = "שלום עולם זהו משפט ארוך בעברית כדי לבדוק איזון שורות בכיוון ימין לשמאל היום"
    let rtl = try LayoutSupport.layout(hebrew, family: "Noto Sans Hebrew", options: plain)
    #expect(rtl.lines.allSatisfy { $0.width <= 160 + 1e-9 && $0.direction == .rightToLeft })
    #expect(rtl.lines.reduce(0) { $0 + $1.length } == hebrew.utf16.count)
    let tabbed = try LayoutSupport.layout("Name:\t" + Self.paragraphs[1], options: plain).1
    #expect(tabbed.lines.allSatisfy { $0.width <= 160 + 1e-9 })
  }

  @Test func greedyIsTheDefaultAndUnchanged() {
    #expect(LayoutOptions().wrapStyle == .greedy)
  }
}
