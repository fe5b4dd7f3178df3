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
    let formatted: FormattedJob
    var job = TextJob(
      source: "", sourceName: inputOptions.sourceName, formatter: formatterOptions.formatter)
    job.isLenient = formatterOptions.lenient
    do throws(Failure) {
      job.source = try inputOptions.readSource()
      formatted = try JobRunner.format(job)
    } catch {
      var outcome = CommandOutcome(error)
      if !json { outcome.standardOutput = "" }
      return outcome
    }
    let standardError = Diagnostics.render(
      formatted.warnings, in: job.source, source: job.sourceName, severity: "warning")
    if json {
      return CommandOutcome(
        document: JSONDocument.formatted(
          formatted.text, warnings: job.isLenient ? formatted.warnings : nil),
        standardError: standardError)
    }
    return CommandOutcome(
      standardOutput: FormattedTextListing.render(formatted.text), standardError: standardError,
      status: 0)
  }
}
