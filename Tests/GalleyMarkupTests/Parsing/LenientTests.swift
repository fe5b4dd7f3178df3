import GalleyMarkup
import Testing

@Suite("Lenient mode reproduces DAAttributedStringFormatter and warns")
struct LenientTests {
  @Test(arguments: [
    // Unknown codes print their letter.
    ("a%Qb", ["aQb|"], [MarkupError.Kind.unknownCode]),
    ("%5Zx", ["Zx|"], [.unknownCode]),
    ("50% off", ["50 off|"], [.unknownCode]),
    ("%é!", ["é!|"], [.unknownCode]),
    // Out-of-range indexes are ignored.
    ("%9Ca%9Fb%9Dc", ["abc|"], [.indexOutOfRange, .indexOutOfRange, .indexOutOfRange]),
    ("%0Ca%9Cb", ["ab|c=#1A5FB4FF"], [.indexOutOfRange]),
    // An unexpected argument is dropped and the code applies.
    ("%5Ba", ["a|w=1"], [.unexpectedArgument]),
    // Out-of-range weights are clamped.
    (
      "%4Wa%-9Wb%5000Wc%99Wd", ["a|w=3", "b|w=-3", "c|w=1000", "d|w=100"],
      [.weightOutOfRange, .weightOutOfRange, .weightOutOfRange, .weightOutOfRange]
    ),
    // Other faulty codes are ignored.
    (
      "%3Ua%0Sb%-1Sc%Fd", ["abcd|"],
      [.underlineOutOfRange, .sizeOutOfRange, .negativeNotAllowed, .missingArgument]
    ),
    ("%{bad}Ca%1-Wb%{x", ["ab{x|"], [.invalidArgument, .invalidNumber, .invalidArgument]),
    // A dangling percent is dropped.
    ("end%", ["end|"], [.danglingPercent]),
    // Links: unterminated ends at the end, nested and unopened are ignored.
    ("a%Lb", ["a|", "b|L0"], [.unterminatedLink]),
    ("%La%Lb%lc%l", ["ab|L0", "c|"], [.nestedLink, .unopenedLink]),
  ])
  func recovery(markup: String, expected: [String], kinds: [MarkupError.Kind]) {
    let result = testFormatter.formatLeniently(markup)
    #expect(summary(result.text) == expected)
    #expect(result.warnings.map(\.kind) == kinds)
  }

  @Test func cleanMarkupHasNoWarningsAndMatchesStrictMode() throws {
    let markup = "%B%0Chello%c%b %Lthere%l 100%%"
    let lenient = testFormatter.formatLeniently(markup)
    #expect(lenient.warnings.isEmpty)
    #expect(lenient.text == (try testFormatter.format(markup)))
  }

  @Test func unterminatedLinkWarningIsSortedIntoPlace() {
    let result = testFormatter.formatLeniently("a %Qb %Lc %5B %99W")
    #expect(result.warnings.map(\.offset) == [2, 6, 10, 14])
    #expect(
      result.warnings.map(\.kind) == [
        .unknownCode, .unterminatedLink, .unexpectedArgument, .weightOutOfRange,
      ])
  }

  @Test func warningsAreInOrderWithOffsets() {
    let result = testFormatter.formatLeniently("😀%Q %9C\n%L")
    #expect(result.warnings.map(\.offset) == [2, 5, 9])
    #expect(result.warnings.map(\.location.line) == [1, 1, 2])
  }

  @Test func thousandsOfWarningsStayLinear() {
    let markup = String(repeating: "é%Q", count: 50_000)
    let result = testFormatter.formatLeniently(markup)
    #expect(result.warnings.count == 50_000)
    #expect(result.warnings.last?.offset == 50_000 * 3 - 2)
    #expect(result.text.string.utf16.count == 100_000)
  }
}
