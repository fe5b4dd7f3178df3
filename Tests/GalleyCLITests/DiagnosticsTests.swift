import Foundation
import GalleyMarkup
import Testing

@testable import GalleyCLI
@testable import GalleyTools

/// Diagnostics of `galley format` stay bounded however many a line has.
@Suite("Diagnostics output")
struct DiagnosticsTests {
  /// The case: 15,998 warnings on one 32,001-byte line.
  ///
  /// It took 348 s and 2.5 GB, each warning printing its whole line; now each warning's
  /// output is bounded.
  @Test(.timeLimit(.minutes(1)))
  func manyLenientWarningsOnOneLongLine() throws {
    let markup = String(repeating: "%L", count: 8000) + "x" + String(repeating: "%l", count: 8000)
    let outcome = try FormatCommand.parse(["--lenient", "--json", "--", markup]).execute()
    #expect(outcome.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
    let warnings = try #require(object["warnings"] as? [[String: Any]])
    #expect(warnings.count == 15_998)
    let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == warnings.count * 3)
    let longest = lines.map(\.count).max() ?? 0
    #expect(longest <= 2 + MarkupExcerpter.maximumColumns + 2)
    #expect(outcome.standardError.utf8.count <= warnings.count * 250)
    #expect(outcome.standardOutput.utf8.count <= warnings.count * 250)
  }
}
