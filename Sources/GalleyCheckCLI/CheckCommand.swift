import ArgumentParser
import Foundation
import GalleyCheck
import GalleyFonts
import GalleyJobs
import GalleyOptions
import GalleySupport
import GalleyTools

/// `galley check`: every string of every catalog, formatted, compared with its source, laid
/// out in its label and checked for missing glyphs and room.
@main
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "galley check",
    abstract: "Check every translation of every string against its label.",
    discussion: """
      Reads string catalogs (.xcstrings, .strings, .stringsdict, Android values*/*.xml, \
      XLIFF, gettext .po/.pot, JSON) from files and folders, and checks each string of each \
      locale: its markup formats once its placeholders hold their samples; a translation \
      keeps its source's links and placeholders; every character has a glyph in the label's \
      fonts; the text fits its label. The spec (JSON) maps keys to labels: box, fonts, \
      options and samples; docs/cli.md describes it and every report field. Exit status: 0 \
      when every check passes, 1 when one fails, 64 for bad options or spec, 65 for a \
      catalog that cannot be read.
      """
  )

  @Option(help: "The spec: a JSON file of labels (docs/cli.md, \"galley check\").")
  var spec: String

  @Argument(help: "Catalog files, or folders searched for them.")
  var catalogs: [String]

  @Option(help: "The locale of the source strings (a BCP 47 tag).")
  var sourceLocale = "en"

  @Option(help: "Also write the report as JSON to this file ('-' for standard output).")
  var json: String?

  @Option(
    help: """
      Also write an HTML report to this folder: each failing string drawn in its label, \
      filterable by locale, check and key (index.html and images/).
      """)
  var html: String?

  @Flag(
    help: """
      Also check pseudo-locales made from the source strings: en-XA (accented, 30% longer), \
      en-XD (accented, doubled) and ar-XB (right to left).
      """)
  var pseudo = false

  @OptionGroup var fontOptions: FontOptions

  mutating func validate() throws {
    guard LocaleTag.canonical(sourceLocale, knownLanguage: false) != nil else {
      throw ValidationError("--source-locale must be a BCP 47 tag such as en or pt-BR")
    }
    guard !catalogs.isEmpty else {
      throw ValidationError("name at least one catalog file or folder")
    }
  }

  func run() throws {
    let outcome = execute(showsProgress: ProgressLine.isWanted)
    FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
    FileHandle.standardError.write(Data(outcome.standardError.utf8))
    throw ExitCode(outcome.status)
  }

  /// Does the work of ``run()`` without touching the process's streams, for tests.
  func execute(showsProgress: Bool = false) -> CommandOutcome {
    let source = LocaleTag.canonical(sourceLocale, knownLanguage: false) ?? sourceLocale
    let checkSpec: CheckSpec
    do {
      let bytes = try BoundedFileReader.read(path: spec, limit: 16 << 20)
      checkSpec = try CheckSpec(json: bytes)
    } catch let error as FileError {
      return .failure("\(spec): cannot be read: \(error.reason)", status: ExitStatus.usage)
    } catch let error as RequestError {
      return .failure("\(spec): \(error)", status: ExitStatus.usage)
    } catch {
      return .failure("\(spec): \(error)", status: ExitStatus.usage)
    }
    let set: CatalogSet
    do {
      set = try CatalogLoader.load(
        catalogs, sourceLocale: source, excluding: [spec, "./" + spec])
    } catch {
      return .failure("\(error)", status: error.failure().category.exitStatus)
    }
    let checker: CatalogChecker
    do {
      let fonts = try fontOptions.makeFontSet()
      checker = try CatalogChecker(spec: checkSpec, runner: JobRunner(fonts: fonts))
    } catch let error as FontSetError {
      return .failure("\(error)", status: Failure(error).category.exitStatus)
    } catch let failure as Failure {
      return .failure("\(spec): \(failure.message)", status: ExitStatus.usage)
    } catch {
      return .failure("\(error)", status: ExitStatus.usage)
    }
    let progress = showsProgress ? ProgressLine() : nil
    var report: (@Sendable (Int, Int) -> Void)?
    if let progress { report = { progress.show($0, of: $1) } }
    let result: CheckReport
    do {
      result = try checker.check(
        set, pseudoLocales: pseudo ? PseudoLocale.allCases : [], progress: report)
    } catch {
      return CommandOutcome(error)
    }
    progress?.finish()
    if let html {
      do {
        try HTMLReport.write(result, checker: checker, to: html)
      } catch {
        return .failure("\(error)", status: ExitStatus.dataError)
      }
    }
    return write(result)
  }

  /// The outcome of a report: the terminal report, the JSON file, the exit status.
  private func write(_ report: CheckReport) -> CommandOutcome {
    var standardOutput = TerminalReport.render(report)
    if let json {
      let document = CheckReportJSON.encode(report) + "\n"
      if json == "-" {
        standardOutput = document
      } else {
        do {
          try Data(document.utf8).write(to: URL(fileURLWithPath: json), options: .atomic)
        } catch {
          return .failure(
            "\(json): cannot be written: \(error.localizedDescription)",
            status: ExitStatus.dataError)
        }
      }
    }
    return CommandOutcome(
      standardOutput: standardOutput, standardError: "", status: report.passed ? 0 : 1)
  }
}

extension CommandOutcome {
  /// A failure with `error: message` on standard error.
  static func failure(_ message: String, status: Int32) -> CommandOutcome {
    CommandOutcome(standardOutput: "", standardError: "error: \(message)\n", status: status)
  }
}
