import GalleyJobs
import GalleyLayout
import GalleyMarkup

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
