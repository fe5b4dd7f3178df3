import Foundation
import Testing

@testable import GalleyLayout

/// Every line of the Unicode Consortium's `BidiCharacterTest.txt` through ICU's levels
/// (``BidiLevels``) and Galley's own L1 and L2 (``VisualOrder``).
///
/// The file comes from Debian's `unicode-data` package, which `scripts/setup.sh` installs (it is
/// in `scripts/debian-packages.txt`). One test reads the whole file: a table of ~91,000 rows
/// would be as many test cases, so it counts instead and lists the first failures.
@Suite("Bidi conformance: BidiCharacterTest.txt")
struct BidiConformanceTests {
  /// Where Debian's `unicode-data` puts the test file.
  static let path = "/usr/share/unicode/BidiCharacterTest.txt"

  /// Fewer test lines than this means a truncated or foreign file (Unicode 15's has 91,707).
  static let minimumCaseCount = 90_000

  /// The sections of the file (each named by the first comment line after a blank line) where
  /// ICU 72 (Debian 12) resolves levels that differ from UAX #9 since Unicode 8.0, and why.
  ///
  /// Only ICU's levels fail there: Galley's L2 on the file's own levels passes on every line
  /// (the second check below). No other line may fail.
  static let knownICUDeviations: [String: String] = [
    "Explicit directional overrides applied to isolates tightly flanked by embeddings":
      "X5a-X5c and X6a (Unicode 8.0): an isolate initiator and its PDI take the override "
      + "around them; ICU resolves them at the embedding's level (ICU-23513)",
    "Explicit directional overrides applied to paired brackets":
      "BD14-BD15 (Unicode 8.0): a bracket whose class an override changed is no longer paired "
      + "by N0; ICU still pairs it",
    "Nonspacing marks applied to paired brackets":
      "N0 (Unicode 8.0): a nonspacing mark after a bracket that N0 changed takes the bracket's "
      + "new class; ICU keeps the class W1 gave it",
    "Nonspacing marks applied to paired brackets [added to test cases for Unicode 14.0]":
      "N0 as above, with boundary neutrals (ZWJ, ZWSP) between the bracket and the mark",
    "Nested bracket pairs that reach and exceed the fixed capacity of the bracket stack":
      "BD16: past 63 open brackets the sequence has no pairs at all; ICU keeps pairing "
      + "(ICU-23513)",
  ]

  /// What checking one line found.
  enum Outcome: Equatable {
    /// Levels and order match.
    case passed
    /// The order matches, and the levels differ only by ICU's shortcut for one-direction text:
    /// when every resolved level has one parity, ICU reports the paragraph level for all
    /// (ICU's own conformance test accepts this; the order cannot change).
    case passedAtParagraphLevel
    /// Something differs.
    case failed(String)
  }

  @Test("Every line gives the expected paragraph level, levels and visual order")
  func everyLine() throws {
    guard FileManager.default.fileExists(atPath: Self.path) else {
      Issue.record(
        """
        \(Self.path) is missing: install Debian's unicode-data package \
        (apt-get install unicode-data, or ./scripts/setup.sh)
        """)
      return
    }
    let text = try String(contentsOfFile: Self.path, encoding: .utf8)
    var tally = Tally()
    var section = ""
    var previous: Substring = ""
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      defer { previous = line }
      if line.hasPrefix("# "), previous.isEmpty || previous.hasPrefix("####") {
        section = String(line.dropFirst(2))
      }
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      guard let testCase = BidiCharacterTestCase(line) else {
        tally.record(.failed("cannot parse '\(line)'"), line: index + 1, section: section)
        continue
      }
      tally.record(try Self.check(testCase), line: index + 1, section: section)
      if let failure = Self.checkOrderOfFileLevels(testCase) {
        tally.orderFailures.append("line \(index + 1): \(failure)")
      }
    }
    // The counts are the test's report: Swift Testing shows no text for a passing test.
    print(tally.summary)
    #expect(tally.total >= Self.minimumCaseCount, "only \(tally.total) test lines in \(Self.path)")
    #expect(
      tally.failures.isEmpty,
      "\(tally.summary)\n\(tally.failures.prefix(10).joined(separator: "\n"))")
    #expect(
      tally.orderFailures.isEmpty, "\(tally.orderFailures.prefix(10).joined(separator: "\n"))")
  }

  /// Runs one test line through ICU's levels, Galley's L1 and Galley's L2.
  ///
  /// - Parameter testCase: The line.
  /// - Returns: Whether the levels and the order match.
  /// - Throws: A ``LayoutError`` when ICU fails.
  static func check(_ testCase: BidiCharacterTestCase) throws -> Outcome {
    let scalars = testCase.scalars
    let paragraph = Paragraph(String(String.UnicodeScalarView(scalars)))
    // `nil` is the fast skip: then every level is 0 and the paragraph is left-to-right.
    let levels = try BidiLevels.analyze(paragraph, direction: testCase.direction)
    let paragraphCount = levels?.paragraphs.count ?? 1
    let paragraphLevel = levels?.paragraphs.first?.baseLevel ?? 0
    guard paragraphCount == 1, paragraphLevel == testCase.paragraphLevel else {
      return .failed(
        "\(paragraphCount) paragraph(s) at level \(paragraphLevel), expected one at "
          + "\(testCase.paragraphLevel)")
    }
    var offset = 0
    var resolved: [UInt8] = []
    for scalar in scalars {
      resolved.append(levels?.level(at: offset) ?? 0)
      offset += scalar.utf8.count
    }
    let lineLevels = VisualOrder.applyingL1(
      levels: resolved, classes: scalars.map(BidiClass.init), baseLevel: paragraphLevel)
    // Characters X9 removes ('x') have no expected level and no place in the order.
    let kept = testCase.keptIndices
    let keptLevels = kept.map { lineLevels[$0] }
    let expectedLevels = kept.compactMap { testCase.levels[$0] }
    let parities = Set(expectedLevels.map { $0 & 1 })
    let isShortcut = parities.count == 1 && Set(keptLevels.map { $0 & 1 }) == parities
    guard keptLevels == expectedLevels || isShortcut else {
      return .failed("levels \(keptLevels), expected \(expectedLevels)")
    }
    let order = VisualOrder.reorder(levels: keptLevels).map { kept[$0] }
    guard order == testCase.visualOrder else {
      return .failed("order \(order), expected \(testCase.visualOrder)")
    }
    return keptLevels == expectedLevels ? .passed : .passedAtParagraphLevel
  }

  /// Runs Galley's L2 on the file's own levels, so the reordering is checked on every line,
  /// those where ICU's levels differ included.
  ///
  /// - Parameter testCase: The line.
  /// - Returns: What differs, or `nil`.
  static func checkOrderOfFileLevels(_ testCase: BidiCharacterTestCase) -> String? {
    let kept = testCase.keptIndices
    let order = VisualOrder.reorder(levels: kept.compactMap { testCase.levels[$0] })
      .map { kept[$0] }
    return order == testCase.visualOrder ? nil : "order \(order), expected \(testCase.visualOrder)"
  }

  /// The counts of one run over the file.
  struct Tally {
    /// Test lines read.
    var total = 0
    /// Lines that passed at ICU's paragraph-level shortcut.
    var atParagraphLevel = 0
    /// Failures in the sections of ``knownICUDeviations``.
    var knownDeviations: [String] = []
    /// Any other failure, with its line number.
    var failures: [String] = []
    /// Lines where L2 on the file's levels does not give the file's order.
    var orderFailures: [String] = []

    /// Counts one line.
    ///
    /// - Parameters:
    ///   - outcome: What checking it found.
    ///   - line: Its 1-based line number.
    ///   - section: The file's section it is in.
    mutating func record(_ outcome: Outcome, line: Int, section: String) {
      total += 1
      switch outcome {
      case .passed: break
      case .passedAtParagraphLevel: atParagraphLevel += 1
      case .failed(let message) where knownICUDeviations[section] != nil:
        knownDeviations.append("line \(line): \(message)")
      case .failed(let message): failures.append("line \(line): \(message)")
      }
    }

    /// One line for the test log.
    var summary: String {
      let passed = total - knownDeviations.count - failures.count
      return "BidiCharacterTest.txt: passed \(passed) of \(total) through ICU's levels and "
        + "Galley's L1 and L2 (\(atParagraphLevel) at ICU's one-direction shortcut); "
        + "\(knownDeviations.count) known ICU deviations; \(failures.count) other failures; "
        + "Galley's L2 on the file's levels: passed \(total - orderFailures.count) of \(total)"
    }
  }
}
