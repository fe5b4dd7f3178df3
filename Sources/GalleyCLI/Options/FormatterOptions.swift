import ArgumentParser
import GalleyMarkup
import GalleyTools

/// The options that configure a ``MarkupFormatter``, shared by every command that reads markup.
struct FormatterOptions: ParsableArguments {
  /// The formatter's defaults, which the options show and start from (the HTTP service's
  /// requests start from them too).
  private static let defaults = MarkupFormatter()

  @Option(name: .customLong("font"), help: "A family for the font table ('%0F' is the first).")
  var fonts: [String] = []

  @Option(name: .customLong("color"), help: "A color for the color table ('%0C' is the first).")
  var colors: [TextColor] = []

  @Option(help: "The family text starts in.")
  var defaultFamily: String = defaults.defaultFamily

  @Option(parsing: .unconditional, help: "The size in points text starts at.")
  var defaultSize: Double = defaults.defaultSize

  @Option(
    parsing: .unconditional,
    help: """
      The weight text starts at: a step in -3...3, a CSS weight in 100...1000 or a name such \
      as light, semibold or bold.
      """)
  var defaultWeight = WeightArgument(defaults.defaultWeight)

  @Option(help: "The text color text starts in.")
  var defaultColor: TextColor = defaults.defaultColor

  @Option(help: "The background color text starts with (none by default).")
  var defaultBackground: TextColor?

  @Flag(help: "Accept ported DAAttributedStringFormatter strings and warn instead of failing.")
  var lenient = false

  func validate() throws {
    guard defaultSize > 0, defaultSize <= MarkupFormatter.maximumSize else {
      throw ValidationError(
        "'--default-size' must be above 0 and at most \(Int(MarkupFormatter.maximumSize)).")
    }
    guard FontWeight.isValid(defaultWeight.value) else {
      throw ValidationError(
        "'--default-weight' must be a ladder step in -3...3 or a CSS weight in 100...1000.")
    }
    try FamilyNameOption.check(defaultFamily, option: "'--default-family'")
    for (number, font) in fonts.enumerated() {
      try FamilyNameOption.check(font, option: "'--font' number \(number)")
    }
  }

  /// The formatter these options describe.
  var formatter: MarkupFormatter {
    var formatter = MarkupFormatter(fontFamilies: fonts, colors: colors)
    formatter.defaultFamily = defaultFamily
    formatter.defaultSize = defaultSize
    formatter.defaultWeight = defaultWeight.value
    formatter.defaultColor = defaultColor
    formatter.defaultBackground = defaultBackground
    return formatter
  }
}
