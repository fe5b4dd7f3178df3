import ArgumentParser
import GalleyJobs
import GalleyMarkup
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley format`: markup in, plain text with attributed runs and links out.
struct FormatCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Format markup and print its text, runs and links.",
    discussion: """
      Codes: %xF %f family, %xC %c color, %xD %d background, %xU %u underline, %xW %w %B %b \
      weight, %I %i italic, %xS %s size, %X %x strikethrough, %xK %k spacing (percent of the \
      size), %xR %r baseline shift, %N reset, %L…%l link, %% percent. Braced arguments: \
      %{https://…}L, %{#FF8800}C, %{red}D, %{DejaVu Serif}F, %{12.5}S, %{-2.5}R.
      """
  )

  @OptionGroup var formatterOptions: FormatterOptions

  @Flag(help: "Print JSON instead of a readable listing.")
  var json = false

  @OptionGroup var inputOptions: InputOptions

  /// Does the work of ``run()`` without touching the process's streams, for tests.
  func execute() -> CommandOutcome {
    let markup: String
    do {
      markup = try inputOptions.read()
    } catch {
      return CommandOutcome(
        standardOutput: json ? JSONOutput.errorDocument(kind: "invalidInput", error.message) : "",
        standardError: Diagnostics.render(error), status: ExitStatus.dataError)
    }
    let formatter = formatterOptions.formatter
    let source = inputOptions.sourceName
    if formatterOptions.lenient {
      let result = formatter.formatLeniently(markup)
      let standardError = Diagnostics.render(
        result.warnings, in: markup, source: source, severity: "warning")
      if json {
        return CommandOutcome(
          document: JSONDocument.formatted(result.text, warnings: result.warnings),
          standardError: standardError)
      }
      return CommandOutcome(
        standardOutput: FormattedTextListing.render(result.text), standardError: standardError,
        status: 0)
    }
    do {
      let text = try formatter.format(markup)
      if json { return CommandOutcome(document: JSONDocument.formatted(text, warnings: nil)) }
      return CommandOutcome(
        standardOutput: FormattedTextListing.render(text), standardError: "", status: 0)
    } catch {
      return CommandOutcome(
        standardOutput: json ? JSONOutput.errorDocument(error) : "",
        standardError: Diagnostics.render(error, in: markup, source: source),
        status: ExitStatus.dataError)
    }
  }
}
