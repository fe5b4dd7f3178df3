import GalleyLayout
import GalleyMarkup

/// One piece of work, as every tool describes it: the text, how to read it, the checks to
/// make, the layout options and the render settings.
///
/// A ``JobRunner`` does it in stages, each of which a tool may stop after: format, check, lay
/// out, draw.
package struct TextJob: Sendable {
  /// Where the truncation token was given, which names it in its failures.
  package enum TokenOrigin: Hashable, Sendable {
    /// A command-line option, such as `--truncation-token`: a token with a line break is a
    /// layout failure whose diagnostic starts with the option.
    case option(String)
    /// A request field, such as `layout.truncationToken`: a token with a line break is a
    /// request failure naming the field.
    case field(String)
  }

  /// The text: markup, or plain text with ``isPlain``.
  package var source: String
  /// What the text is called in diagnostics: a file name, `<argument>` or `<stdin>`.
  package var sourceName: String
  /// Whether the text is plain: `%` has no meaning.
  package var isPlain = false
  /// Whether markup problems are warnings (``MarkupFormatter/formatLeniently(_:)``) instead
  /// of failures.
  package var isLenient = false
  /// Whether a family that is not installed and has no alias fails the job; otherwise it is
  /// replaced by fontconfig's substitute.
  package var isStrict = false
  /// Whether the job lists the families it replaced (``LaidOutJob/substitutions``), which
  /// costs one font resolution per family, and prints the layout's warnings
  /// (``GalleyLayout/Layout/warnings``).
  package var reportsFontWarnings = false
  /// The formatter, with its tables and defaults.
  package var formatter: MarkupFormatter
  /// The layout options; their truncation token reads markup with ``formatter``.
  package var layoutOptions: LayoutOptions
  /// Where the truncation token was given, or `nil` for the default token, which is not
  /// checked.
  package var tokenOrigin: TokenOrigin?
  /// The format, PNG compression and renderer options of the image, for a job that draws.
  package var render = RenderSettings()

  /// A job with default checks and render settings.
  ///
  /// - Parameters:
  ///   - source: The text.
  ///   - sourceName: What the text is called in diagnostics.
  ///   - formatter: The formatter.
  ///   - layoutOptions: The layout options.
  package init(
    source: String, sourceName: String = "<argument>", formatter: MarkupFormatter,
    layoutOptions: LayoutOptions = LayoutOptions()
  ) {
    self.source = source
    self.sourceName = sourceName
    self.formatter = formatter
    self.layoutOptions = layoutOptions
  }
}
