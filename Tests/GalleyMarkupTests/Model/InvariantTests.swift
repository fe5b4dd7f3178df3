import GalleyMarkup
import GalleyTestSupport
import Testing

@Suite("Run invariants hold for any markup")
struct InvariantTests {
  /// Pieces that random markup is made of: text, valid codes and faulty ones.
  static let pieces = [
    "a", "bc", " ", "é", "😀", "👨‍👩‍👧", "\n", "%%", "%B", "%b", "%I", "%i", "%0C", "%1C", "%c", "%0D",
    "%d", "%1U", "%2U", "%u", "%0F", "%1F", "%f", "%-1W", "%600W", "%w", "%24S", "%{12.5}S", "%s",
    "%X", "%x", "%10K", "%k", "%{-2}R", "%r", "%N", "%L", "%l", "%{https://e.com}L",
    "%{#F80}C", "%{Lato}F", "%Q", "%9C", "%5B", "%", "%{", "%-S", "%1-W", "%3U", "%0S", "%9W",
  ]

  @Test func randomMarkupKeepsEveryInvariant() throws {
    var generator = SeededGenerator(seed: 2026)
    var strictSuccesses = 0
    for _ in 0..<3000 {
      let count = Int.random(in: 0..<24, using: &generator)
      let markup = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }
        .joined()
      let lenient = testFormatter.formatLeniently(markup)
      try checkInvariants(lenient.text, markup: markup)
      for warning in lenient.warnings {
        #expect(warning.offset >= 0 && warning.offset <= markup.utf16.count)
      }
      do {
        let strict = try testFormatter.format(markup)
        strictSuccesses += 1
        #expect(lenient.warnings.isEmpty)
        #expect(lenient.text == strict)
      } catch {
        // Strict mode stops at the first problem met in scan order. Lenient mode sorts its
        // warnings by position, and an unterminated link is only met at the end.
        let metFirst =
          lenient.warnings.first { $0.kind != .unterminatedLink } ?? lenient.warnings.first
        #expect(metFirst == error, "\(markup)")
      }
    }
    #expect(strictSuccesses > 300)
  }

  @Test func randomBytesNeverCrash() {
    var generator = SeededGenerator(seed: 99)
    let bytes: [UInt8] = Array("%{}-0123456789BbCcDdFfIiLlNnSsUuWwXxKkRrQ é\n".utf8)
    for _ in 0..<3000 {
      let count = Int.random(in: 0..<30, using: &generator)
      let markup = String(
        decoding: (0..<count).map { _ in bytes.randomElement(using: &generator) ?? 0 },
        as: UTF8.self)
      let result = testFormatter.formatLeniently(markup)
      #expect((try? checkInvariants(result.text, markup: markup)) != nil)
      _ = try? testFormatter.format(markup)
    }
  }

  private func checkInvariants(
    _ text: FormattedText, markup: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var utf16 = 0
    var utf8 = 0
    for (position, run) in text.runs.enumerated() {
      #expect(
        run.utf16Range.lowerBound == utf16, "gap in \(markup)", sourceLocation: sourceLocation)
      #expect(run.utf8Range.lowerBound == utf8, sourceLocation: sourceLocation)
      #expect(!run.utf16Range.isEmpty, "empty run in \(markup)", sourceLocation: sourceLocation)
      if position > 0 {
        #expect(
          text.runs[position - 1].attributes != run.attributes, "uncoalesced in \(markup)",
          sourceLocation: sourceLocation)
      }
      let substring = text.string[run.range]
      #expect(substring.utf16.count == run.utf16Range.count, sourceLocation: sourceLocation)
      #expect(substring.utf8.count == run.utf8Range.count, sourceLocation: sourceLocation)
      if let link = run.attributes.link {
        let range = try #require(text.links[safe: link]?.utf16Range)
        #expect(range.contains(run.utf16Range.lowerBound), sourceLocation: sourceLocation)
        #expect(run.utf16Range.upperBound <= range.upperBound, sourceLocation: sourceLocation)
      }
      utf16 = run.utf16Range.upperBound
      utf8 = run.utf8Range.upperBound
    }
    #expect(utf16 == text.string.utf16.count, sourceLocation: sourceLocation)
    #expect(utf8 == text.string.utf8.count, sourceLocation: sourceLocation)
    for (position, link) in text.links.enumerated() {
      #expect(link.index == position, sourceLocation: sourceLocation)
      #expect(text.string[link.range].utf16.count == link.utf16Range.count)
    }
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
