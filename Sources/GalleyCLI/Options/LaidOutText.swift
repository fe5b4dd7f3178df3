import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup

/// A command's job, formatted, with its font set loaded: what a command knows before the
/// layout (enough for a cache key).
struct PreparedText {
  /// The job.
  var job: TextJob
  /// The fonts.
  var fonts: FontSet
  /// The formatted text and its warnings.
  var formatted: FormattedJob
}

/// A command's job, laid out, with the runner that did it (for a command that goes on to
/// draw).
struct LaidOutText {
  /// The job.
  var job: TextJob
  /// The runner, with its font set, engine and renderer.
  var runner: JobRunner
  /// The formatted text, its layout and the warnings met.
  var result: LaidOutJob

  /// The formatted text.
  var text: FormattedText { result.text }
  /// Its layout.
  var layout: Layout { result.layout }
  /// The warnings for standard error, one message per entry.
  var warnings: [String] { result.warnings(of: job) }
}
