import GalleyMarkup
import Testing

@Suite("Huge, empty and hostile input")
struct RobustnessTests {
  @Test func emptyMarkup() throws {
    let text = try testFormatter.format("")
    #expect(text.string.isEmpty)
    #expect(text.runs.isEmpty)
    #expect(text.links.isEmpty)
  }

  @Test func onlyCodesGiveEmptyText() throws {
    let text = try testFormatter.format("%B%I%0C%L%l%N")
    #expect(text.string.isEmpty)
    #expect(text.runs.isEmpty)
    #expect(text.links.count == 1)
  }

  @Test func tenMegabytesOfMarkup() throws {
    let paragraph = "Some %Bbold%b and %Llinked%l text with é and 😀. "
    let markup = String(repeating: paragraph, count: 200_000)
    let text = try testFormatter.format(markup)
    #expect(text.links.count == 200_000)
    #expect(text.runs.count == 800_001)
    #expect(
      text.links.last?.utf16Range.upperBound == text.runs[text.runs.count - 2].utf16Range.upperBound
    )
  }

  @Test func hugeNumbersSaturateInsteadOfOverflowing() throws {
    let digits = String(repeating: "9", count: 5000)
    for code in ["C", "F", "D", "U", "S", "W", "K", "R"] {
      let error = try #require(throws: MarkupError.self) {
        try testFormatter.format("%\(digits)\(code)")
      }
      #expect(error.utf16Length == 5002)
    }
  }

  @Test func unterminatedBraceDoesNotSwallowTheRest() {
    let result = testFormatter.formatLeniently("%{" + String(repeating: "x", count: 100_000))
    #expect(result.text.string.utf16.count == 100_001)
    #expect(result.warnings.map(\.kind) == [.invalidArgument])
  }

  @Test func oversizedBracedFamilyIsRefused() throws {
    let name = String(repeating: "n", count: MarkupFormatter.maximumBracedArgumentLength + 1)
    let error = try #require(throws: MarkupError.self) { try testFormatter.format("%{\(name)}F") }
    #expect(error.kind == .invalidArgument)
    #expect(error.message.count < 200)
  }

  @Test func controlCharactersAndNULsPassThrough() throws {
    let text = try testFormatter.format("a\u{0}b%B\u{7F}\u{1B}[31m%b")
    #expect(text.string == "a\u{0}b\u{7F}\u{1B}[31m")
    #expect(text.runs.count == 2)
  }

  @Test func manyLinks() throws {
    let markup = String(repeating: "%Lx%l", count: 100_000)
    let text = try testFormatter.format(markup)
    #expect(text.links.count == 100_000)
    #expect(text.links.last?.index == 99_999)
    #expect(text.runs.count == 100_000)
  }

  @Test func formattersAreUsableFromManyTasks() async throws {
    let formatter = testFormatter
    let results = await withTaskGroup(of: Int.self) { group in
      for index in 0..<64 {
        group.addTask {
          (try? formatter.format("%B\(index)%b %Llink%l"))?.runs.count ?? -1
        }
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    #expect(results.count == 64)
    #expect(results.allSatisfy { $0 == 3 })
  }
}
