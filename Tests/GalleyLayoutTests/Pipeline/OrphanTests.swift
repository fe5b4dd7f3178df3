import GalleyLayout
import GalleyMarkup
import Testing

/// FXLabel's `allowOrphans = NO`: a paragraph's last line keeps two words where they fit.
@Suite("Orphans")
struct OrphanTests {
  static let markup =
    "The quick brown fox jumps over dogs\nA second paragraph that wraps and ends with one word"
    + "\nShort\n%BBold%b words that wrap before a final supercalifragilistic"

  @Test("No one-word last line where two words fit", arguments: [90.0, 110, 130, 150, 200])
  func lastLinesKeepTwoWords(width: Double) throws {
    let (text, allowed) = try LayoutSupport.layout(Self.markup, width: width)
    let (_, avoided) = try LayoutSupport.layout(
      Self.markup, options: LayoutOptions(width: width, allowsOrphans: false))
    let allowedTexts = LayoutSupport.lineTexts(allowed, text)
    let avoidedTexts = LayoutSupport.lineTexts(avoided, text)
    #expect(allowedTexts.joined() == avoidedTexts.joined())
    #expect(avoided.lines.count == allowed.lines.count)
    for (index, line) in avoided.lines.enumerated() {
      #expect(line.width <= width)
      let isLast = line.breakReason == .explicit || line.breakReason == .end
      let paragraphHasTwoLines = index > 0 && avoided.lines[index - 1].breakReason == .wrap
      guard isLast, paragraphHasTwoLines else {
        // Lines that are not a paragraph's last two do not move.
        let nextIsLast =
          index + 1 < avoided.lines.count
          && [.explicit, .end].contains(avoided.lines[index + 1].breakReason)
        if !nextIsLast { #expect(avoidedTexts[index] == allowedTexts[index]) }
        continue
      }
      let words = avoidedTexts[index].split(whereSeparator: \.isWhitespace)
      if words.count < 2 {
        // Only when the word before could not join it: together they are wider than the line.
        let before = allowedTexts[index - 1].split(whereSeparator: \.isWhitespace)
        let joined = try LayoutSupport.layout("\(before.last ?? "") \(words.first ?? "")").1
        #expect(
          joined.lines[0].width > width || before.count < 2,
          "\(avoidedTexts[index]) at \(width)")
      }
    }
  }

  @Test func orphansAreAllowedByDefault() throws {
    #expect(LayoutOptions().allowsOrphans)
    let (text, layout) = try LayoutSupport.layout(
      "The quick brown fox jumps over dogs", options: LayoutOptions(width: 130))
    #expect(LayoutSupport.lineTexts(layout, text).last == "dogs")
  }
}
