import GalleyLayout
import GalleyMarkup
import GalleyTools

/// A job's text, formatted.
package struct FormattedJob: Sendable {
  /// The formatted text.
  package var text: FormattedText
  /// The markup problems a lenient job met, in order; empty otherwise.
  package var warnings: [MarkupError]
}

/// A job's text, formatted and laid out.
package struct LaidOutJob: Sendable {
  /// A family the text names that is not installed and has no alias, and the family used
  /// instead.
  package struct Substitution: Hashable, Sendable {
    /// The family the text or the formatter names.
    package var requested: String
    /// The family fontconfig gave instead.
    package var used: String
  }

  /// The formatted text.
  package var text: FormattedText
  /// Its layout.
  package var layout: Layout
  /// The markup problems a lenient job met, in order; empty otherwise.
  package var markupWarnings: [MarkupError]
  /// The families replaced, in the order the text first uses them, when the job asked
  /// (``TextJob/reportsFontWarnings``).
  package var substitutions: [Substitution]
  /// The warnings as `galley` prints them on standard error, one entry each: the lenient
  /// markup problems (in one entry, with their carets), then the replaced families and, when
  /// the job asked (``TextJob/reportsFontWarnings``), the layout's own warnings
  /// (``GalleyLayout/Layout/warnings``: missing axes and hyphenation dictionaries).
  ///
  /// - Parameter job: The job, for the markup and its name.
  /// - Returns: The warnings.
  package func warnings(of job: TextJob) -> [String] {
    var lines: [String] = []
    if !markupWarnings.isEmpty {
      // One string for all of them: the markup's lines are indexed once (linear time).
      lines.append(
        Diagnostics.render(
          markupWarnings, in: job.source, source: job.sourceName, severity: "warning"))
    }
    for substitution in substitutions {
      lines.append(
        "warning: no installed family is named '\(substitution.requested)'; using "
          + "'\(substitution.used)'")
    }
    if job.reportsFontWarnings {
      lines += layout.warnings.map { "warning: \($0.message)" }
    }
    return lines
  }
}
