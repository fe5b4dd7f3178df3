import GalleyMarkup
import Testing

@Suite("Strict errors: kind, UTF-16 offset, length and message")
struct ErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var markup: String
    var kind: MarkupError.Kind
    var offset: Int
    var length: Int
    var message: String
    var testDescription: String { "\(kind) in \(markup.debugDescription)" }

    init(
      _ markup: String, _ kind: MarkupError.Kind, at offset: Int, length: Int, _ message: String
    ) {
      self.markup = markup
      self.kind = kind
      self.offset = offset
      self.length = length
      self.message = message
    }
  }

  @Test(arguments: [
    Case("ab %Q", .unknownCode, at: 3, length: 2, "unknown code '%Q'"),
    Case("%5Q", .unknownCode, at: 0, length: 3, "unknown code '%5Q'"),
    Case(
      "50% off", .unknownCode, at: 2, length: 2, "unknown code '% '; write %% for a percent sign"),
    Case("5%.", .unknownCode, at: 1, length: 2, "unknown code '%.'; write %% for a percent sign"),
    Case("%é", .unknownCode, at: 0, length: 2, "unknown code '%é'"),
    Case(
      "end %", .danglingPercent, at: 4, length: 1,
      "'%' at the end of the markup; write %% for a percent sign"),
    Case("end %12", .danglingPercent, at: 4, length: 3, "'%12' at the end of the markup"),
    Case("%{red}", .danglingPercent, at: 0, length: 6, "'%{red}' at the end of the markup"),
    Case("%F", .missingArgument, at: 0, length: 2, "'%F' needs a table index or a braced family"),
    Case("%C", .missingArgument, at: 0, length: 2, "'%C' needs a table index or a braced color"),
    Case("%D", .missingArgument, at: 0, length: 2, "'%D' needs a table index or a braced color"),
    Case("%U", .missingArgument, at: 0, length: 2, "'%U' needs a style: 0, 1 or 2"),
    Case("%W", .missingArgument, at: 0, length: 2, "'%W' needs a weight"),
    Case("%S", .missingArgument, at: 0, length: 2, "'%S' needs a number"),
    Case("%K", .missingArgument, at: 0, length: 2, "'%K' needs a number"),
    Case("%R", .missingArgument, at: 0, length: 2, "'%R' needs a number"),
    Case("%G", .missingArgument, at: 0, length: 2, "'%G' needs a braced language tag: %{de-CH}G"),
    Case("%2G", .invalidArgument, at: 0, length: 3, "'%G' needs a braced language tag: %{de-CH}G"),
    Case(
      "%{de CH}G", .invalidArgument, at: 0, length: 9,
      "'%{de CH}G' is not a language tag (1 to 64 letters, digits, - and _)"),
    Case(
      "%{../x}G", .invalidArgument, at: 0, length: 8,
      "'%{../x}G' is not a language tag (1 to 64 letters, digits, - and _)"),
    Case("%H", .missingArgument, at: 0, length: 2, "'%H' needs a braced setting: %{auto}H"),
    Case(
      "%{maybe}H", .invalidArgument, at: 0, length: 9,
      "'%{maybe}H' is not a hyphenation setting (none, manual or auto)"),
    Case("%{x}g", .unexpectedArgument, at: 0, length: 5, "'%{x}g' takes no argument"),
    Case("%5B", .unexpectedArgument, at: 0, length: 3, "'%5B' takes no argument"),
    Case("%{x}i", .unexpectedArgument, at: 0, length: 5, "'%{x}i' takes no argument"),
    Case("%0N", .unexpectedArgument, at: 0, length: 3, "'%0N' takes no argument"),
    Case(
      "%2L", .unexpectedArgument, at: 0, length: 3,
      "'%2L' takes no number (write a target in braces: %{https://…}L)"),
    Case("%1-W", .invalidNumber, at: 0, length: 4, "'-' after digits in '%1-W'"),
    Case("%--1W", .invalidNumber, at: 0, length: 2, "'-' must be followed by digits in '%-'"),
    Case("%-W", .invalidNumber, at: 0, length: 3, "'-' must be followed by digits in '%-W'"),
    Case(
      "%1{x}C", .invalidArgument, at: 0, length: 6,
      "'%1{x}C' has both a number and a braced argument"),
    Case(
      "%-1S", .negativeNotAllowed, at: 0, length: 4,
      "'%-1S' cannot be negative (only %W, %K and %R take a sign)"),
    Case(
      "%-1C", .negativeNotAllowed, at: 0, length: 4,
      "'%-1C' cannot be negative (only %W, %K and %R take a sign)"),
    Case(
      "%-0F", .negativeNotAllowed, at: 0, length: 4,
      "'%-0F' cannot be negative (only %W, %K and %R take a sign)"),
    Case(
      "%-1U", .negativeNotAllowed, at: 0, length: 4,
      "'%-1U' cannot be negative (only %W, %K and %R take a sign)"),
    Case(
      "%{-2}S", .negativeNotAllowed, at: 0, length: 6,
      "'%{-2}S' cannot be negative (only %W, %K and %R take a sign)"),
    Case("%2F", .indexOutOfRange, at: 0, length: 3, "font 2 is not in the table of 2 families"),
    Case("%3C", .indexOutOfRange, at: 0, length: 3, "color 3 is not in the table of 3 colors"),
    Case("%7D", .indexOutOfRange, at: 0, length: 3, "color 7 is not in the table of 3 colors"),
    Case(
      "%99999999999999999999C", .indexOutOfRange, at: 0, length: 22,
      "color 999999999+ is not in the table of 3 colors"),
    Case("%3U", .underlineOutOfRange, at: 0, length: 3, "underline style 3 is not in 0...2"),
    Case("%0S", .sizeOutOfRange, at: 0, length: 3, "size 0 is not in 0<…≤1000"),
    Case("%1001S", .sizeOutOfRange, at: 0, length: 6, "size 1001 is not in 0<…≤1000"),
    Case("%{0.0}S", .sizeOutOfRange, at: 0, length: 7, "size 0 is not in 0<…≤1000"),
    Case(
      "%4W", .weightOutOfRange, at: 0, length: 3,
      "weight 4 is neither a ladder step in -3...3 nor a CSS weight in 100...1000"),
    Case(
      "%-4W", .weightOutOfRange, at: 0, length: 4,
      "weight -4 is neither a ladder step in -3...3 nor a CSS weight in 100...1000"),
    Case(
      "%99W", .weightOutOfRange, at: 0, length: 4,
      "weight 99 is neither a ladder step in -3...3 nor a CSS weight in 100...1000"),
    Case(
      "%1001W", .weightOutOfRange, at: 0, length: 6,
      "weight 1001 is neither a ladder step in -3...3 nor a CSS weight in 100...1000"),
    Case(
      "%{#12}C", .invalidArgument, at: 0, length: 7,
      "'%{#12}C' is not a color (use #RGB, #RRGGBB, #RRGGBBAA or a CSS name)"),
    Case(
      "%{reddish}D", .invalidArgument, at: 0, length: 11,
      "'%{reddish}D' is not a color (use #RGB, #RRGGBB, #RRGGBBAA or a CSS name)"),
    Case("%{}F", .invalidArgument, at: 0, length: 4, "'%{}F' has no family name"),
    Case("%{12,5}S", .invalidArgument, at: 0, length: 8, "'%{12,5}S' is not a decimal number"),
    Case("%{1e3}S", .invalidArgument, at: 0, length: 7, "'%{1e3}S' is not a decimal number"),
    Case("%{nan}S", .invalidArgument, at: 0, length: 7, "'%{nan}S' is not a decimal number"),
    Case(
      "%{triple}U", .invalidArgument, at: 0, length: 10,
      "'%{triple}U' is not an underline style (none, single or double)"),
    Case(
      "%{heavyish}W", .invalidArgument, at: 0, length: 12,
      "'%{heavyish}W' is not a weight (a number or a name such as 'semibold')"),
    Case(
      "%{+5}W", .invalidArgument, at: 0, length: 6,
      "'%{+5}W' is not a weight (a number or a name such as 'semibold')"),
    Case(
      "%99999999999999999999S", .sizeOutOfRange, at: 0, length: 22,
      "size 999999999+ is not in 0<…≤1000"),
    Case(
      "%{}L", .invalidArgument, at: 0, length: 4, "'%{}L' needs a link target of 1 to 8192 bytes"),
    Case("a %{red", .invalidArgument, at: 2, length: 2, "'{' in '%{' has no '}'"),
    Case(
      "%1001K", .valueOutOfRange, at: 0, length: 6, "character spacing 1001% is not in ±1000%"),
    Case(
      "%{-1000.5}R", .valueOutOfRange, at: 0, length: 11,
      "baseline shift -1000.5 is not in ±1000 points"),
    Case(
      "%O", .missingArgument, at: 0, length: 2,
      "'%O' needs a braced feature list: %{smcp,tnum}O"),
    Case(
      "ab%3O", .invalidArgument, at: 2, length: 3,
      "'%3O' takes a braced feature list, not a number: %{smcp,tnum}O"),
    Case(
      "%{smcp,kern=x}O", .invalidArgument, at: 0, length: 15,
      "'%{smcp,kern=x}O': feature 'kern=x' at offset 5: '=' must be followed by a value "
        + "(a number, on or off)"),
    Case(
      "%{liga[2:3]}O", .invalidArgument, at: 0, length: 13,
      "'%{liga[2:3]}O': feature 'liga[2:3]' at offset 0: a feature applies to the whole "
        + "text here; use a markup span for a range"),
    Case("%2o", .unexpectedArgument, at: 0, length: 3, "'%2o' takes no argument"),
    Case(
      "%V", .missingArgument, at: 0, length: 2,
      "'%V' needs a braced coordinate list: %{wght=550}V"),
    Case(
      "%{wght}V", .invalidArgument, at: 0, length: 8,
      "'%{wght}V': variation 'wght' at offset 0: a variation needs a value after its tag, "
        + "such as wght=550"),
    Case("%1v", .unexpectedArgument, at: 0, length: 3, "'%1v' takes no argument"),
    Case("x%Lopen", .unterminatedLink, at: 1, length: 2, "link 0 opened here has no '%l'"),
    Case(
      "%La%l %{https://e.com}Lb", .unterminatedLink, at: 6, length: 17,
      "link 1 opened here has no '%l'"),
    Case("%La%Lb%l", .nestedLink, at: 3, length: 2, "'%L' inside link 0, which is still open"),
    Case("a%lb", .unopenedLink, at: 1, length: 2, "'%l' with no open link"),
    Case("%La%l%l", .unopenedLink, at: 5, length: 2, "'%l' with no open link"),
  ])
  func strictError(_ testCase: Case) throws {
    let error = try #require(throws: MarkupError.self) { try testFormatter.format(testCase.markup) }
    #expect(error.kind == testCase.kind)
    #expect(error.offset == testCase.offset)
    #expect(error.utf16Length == testCase.length)
    #expect(error.message == testCase.message)
  }

  @Test(arguments: [
    // The offset counts UTF-16 code units: each astral scalar before the code counts two.
    ("😀%Q", 2, 1, 2),
    ("😀😀 %Q", 5, 1, 4),
    ("é%Q", 1, 1, 2),
    ("𝄞x\n😀%Q", 6, 2, 2),
    ("line\n\nab%Q", 8, 3, 3),
    ("👨‍👩‍👧%Q", 8, 1, 6),
  ])
  func offsetsCountUTF16AfterSurrogatePairs(
    markup: String, offset: Int, line: Int, column: Int
  ) throws {
    let error = try #require(throws: MarkupError.self) { try testFormatter.format(markup) }
    #expect(error.kind == .unknownCode)
    #expect(error.offset == offset)
    #expect(error.location.line == line)
    #expect(error.location.column == column)
    let prefix = markup.utf8.prefix(error.location.utf8Offset)
    #expect(String(decoding: prefix, as: UTF8.self).utf16.count == offset)
  }

  @Test func unterminatedLinkPointsAtItsOpeningAfterSurrogates() throws {
    let error = try #require(throws: MarkupError.self) {
      try testFormatter.format("😀 %{https://x.y}Lgo 😀 on and on")
    }
    #expect(error.kind == .unterminatedLink)
    #expect(error.offset == 3)
    #expect(error.utf16Length == 15)
  }

  @Test func descriptionIsLineColonColumn() throws {
    let error = try #require(throws: MarkupError.self) { try testFormatter.format("ok\n  %3U") }
    #expect(error.description == "2:3: underline style 3 is not in 0...2")
  }

  @Test func longArgumentsAreTruncatedInMessages() throws {
    let markup = "%{" + String(repeating: "x", count: 100) + "}C"
    let error = try #require(throws: MarkupError.self) { try testFormatter.format(markup) }
    #expect(error.message.count < 120)
    #expect(error.message.contains("…"))
    #expect(error.utf16Length == 104)
  }

  static func formatter(
    size: Double = 17, weight: Int = 0, family: String = "sans-serif"
  ) -> MarkupFormatter {
    var formatter = MarkupFormatter()
    formatter.defaultSize = size
    formatter.defaultWeight = weight
    formatter.defaultFamily = family
    return formatter
  }

  @Test(arguments: [
    (formatter(size: 0), MarkupError.Kind.sizeOutOfRange),
    (formatter(size: 1e9), .sizeOutOfRange),
    (formatter(weight: 7), .weightOutOfRange),
    (formatter(family: ""), .invalidArgument),
  ])
  func invalidDefaultsAreReportedAtOffsetZero(
    formatter: MarkupFormatter, kind: MarkupError.Kind
  ) throws {
    let error = try #require(throws: MarkupError.self) { try formatter.format("text") }
    #expect(error.kind == kind)
    #expect(error.offset == 0)
    #expect(error.utf16Length == 0)
    let lenient = formatter.formatLeniently("text")
    #expect(lenient.warnings.map(\.kind) == [kind])
    #expect(lenient.text.string == "text")
  }

  @Test func kindNamesAreStable() {
    let names = [
      MarkupError.Kind.unknownCode, .danglingPercent, .missingArgument, .unexpectedArgument,
      .invalidNumber, .negativeNotAllowed, .indexOutOfRange, .underlineOutOfRange,
      .sizeOutOfRange, .weightOutOfRange, .invalidArgument, .unterminatedLink, .nestedLink,
      .unopenedLink,
    ].map(\.rawValue)
    #expect(
      names == [
        "unknownCode", "danglingPercent", "missingArgument", "unexpectedArgument",
        "invalidNumber", "negativeNotAllowed", "indexOutOfRange", "underlineOutOfRange",
        "sizeOutOfRange", "weightOutOfRange", "invalidArgument", "unterminatedLink",
        "nestedLink", "unopenedLink",
      ])
  }
}
