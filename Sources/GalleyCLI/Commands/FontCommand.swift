import ArgumentParser
import GalleyOptions
import GalleyTools

/// `galley font`: the face a family, weight and italic resolve to, or the fallback faces for a
/// text.
///
/// The options are read into a `FontQuery`, which does the work.
struct FontCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "font",
    abstract: "Resolve a family, weight and italic to an installed face.",
    discussion: """
      Weights: ladder steps -3...3 (0 regular, 1 bold, -1 light; CSS 100, 200, 300, 400, 700, \
      800, 900) or CSS weights 100...1000. Unknown families get fontconfig's substitute, \
      marked as such; with --strict they are an error (exit 65) with suggestions. \
      --for-text shows which face draws each run of a text. The family may be a font \
      description, as Pango reads them ("DejaVu Sans Bold Oblique 12", "Inter Semi-Bold \
      @wght=550") or a fontconfig pattern ("DejaVu Sans:bold:oblique"); --weight and \
      --italic go over its style words.
      """
  )

  @Argument(
    help: """
      The family (installed, an alias such as Helvetica, or sans-serif/serif/monospace), or a \
      font description.
      """)
  var family: String

  @Option(
    parsing: .unconditional,
    help: "A ladder step in -3...3, a CSS weight in 100...1000 or a name such as semibold.")
  var weight = WeightArgument(0)

  @Flag(help: "Ask for italic.")
  var italic = false

  @Flag(help: "Fail for a family that is not installed and has no alias.")
  var strict = false

  @Option(name: .customLong("for-text"), help: "Show the face that draws each run of this text.")
  var text: String?

  @Option(help: "A language tag for fallback, such as ja or zh-cn.")
  var language: String?

  @Flag(help: "Print JSON.")
  var json = false

  @Flag(help: "Print the face as a Pango font description, such as 'DejaVu Sans Bold 12'.")
  var describe = false

  @OptionGroup var fontOptions: FontOptions

  /// The question the options ask.
  var query: FontQuery {
    var query = FontQuery(family: family)
    query.weight = weight.value
    query.italic = italic
    query.strict = strict
    query.text = text
    query.language = language
    query.json = json
    query.describes = describe
    query.sources = fontOptions.sources
    return query
  }

  func validate() throws {
    if let problem = query.validationProblem { throw ValidationError(problem) }
  }

  /// Does the work of ``run()`` without touching the process's streams, for tests.
  func execute() -> CommandOutcome {
    query.execute()
  }
}
