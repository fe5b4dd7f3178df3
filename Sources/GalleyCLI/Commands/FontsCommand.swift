import ArgumentParser
import GalleyOptions
import GalleyTools

/// `galley fonts`: installed families with their ladders and faces.
///
/// The options are read into a `FontsQuery`, which does the work.
struct FontsCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "List installed families, which face each ladder step gives, and every face.",
    discussion: """
      Ladder steps -3...3 ask for CSS 100, 200, 300, 400, 700, 800, 900. In the listing, '*' marks a step whose face is 200 or more lighter than asked, so bold is synthesized.
      """
  )

  @Option(help: "Only this family (an installed name or an alias).")
  var family: String?

  @Flag(help: "Print JSON.")
  var json = false

  @OptionGroup var fontOptions: FontOptions

  /// The question the options ask.
  var query: FontsQuery {
    var query = FontsQuery()
    query.family = family
    query.json = json
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
