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
  /// The coordinates on axes the face of a run lacks, which the face ignores.
  ///
  /// They come from ``GalleyLayout/LayoutOptions/variations`` and the spans; each face and
  /// axis once, in the order the layout meets them, when the job asked
  /// (``TextJob/reportsFontWarnings``).
  package var missingAxes: [MissingAxis] = []
  /// The languages that ``GalleyLayout/LayoutOptions/Hyphens/auto`` asks to hyphenate and
  /// that have no hyphenation dictionary (an empty string: no language given), which
  /// hyphenate at soft hyphens only; when the job asked (``TextJob/reportsFontWarnings``).
  package var missingDictionaries: [String] = []

  /// An axis a run asks of a face that does not have it.
  package struct MissingAxis: Hashable, Sendable {
    /// The face's family and style, such as `DejaVu Sans Book`.
    package var face: String
    /// The coordinate asked for, such as `wght=550`.
    package var variation: String
  }

  /// The warnings as `galley` prints them on standard error, one entry each: the lenient
  /// markup problems (in one entry, with their carets), then the replaced families, the
  /// missing axes and the missing hyphenation dictionaries.
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
    for missing in missingAxes {
      let tag = missing.variation.prefix { $0 != "=" }
      lines.append(
        "warning: '\(missing.face)' has no '\(tag)' axis; '\(missing.variation)' is ignored")
    }
    for language in missingDictionaries {
      lines.append(
        language.isEmpty
          ? "warning: hyphens auto needs a language; words break at soft hyphens only"
          : "warning: no hyphenation dictionary for '\(language)'; words break at soft hyphens only"
      )
    }
    return lines
  }
}
