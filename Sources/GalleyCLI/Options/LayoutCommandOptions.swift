import ArgumentParser
import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyOptions
import GalleyRender
import GalleyTools

/// The options every command that lays text out shares: markup or plain text, the box and the
/// default font.
struct LayoutCommandOptions: ParsableArguments {
  /// The library's defaults, which the options show and start from (the HTTP service's
  /// requests start from them too).
  private static let defaults = LayoutOptions()

  @OptionGroup var formatterOptions: FormatterOptions

  @Flag(help: "Take the input as plain text: '%' has no meaning.")
  var plain = false

  @Option(
    parsing: .unconditional,
    help: "The box width in points (omit for one unlimited line per paragraph).")
  var width: Double?

  @Option(
    parsing: .unconditional,
    help: "The box height in points (omit to fit the lines); text past it is truncated.")
  var height: Double?

  @Option(
    parsing: .unconditional,
    help: """
      Space kept free inside the box's edges, in points: TOP,LEFT,BOTTOM,RIGHT, or one number \
      for all four (FXLabel's textInsets). Lines wrap at the width less left and right.
      """)
  var insets: InsetsArgument?

  @Option(help: "Where the lines sit in a taller box: top, center or bottom.")
  var verticalAlign: LayoutOptions.VerticalAlignment = defaults.verticalAlignment

  @Option(help: "Where lines may break: word (between words) or char (between any characters).")
  var wrap: LayoutOptions.WrapMode = defaults.wrap

  @Option(
    help: """
      How lines are chosen: greedy (each takes what fits), balance (as many lines, as even as \
      can be), pretty (no short last word, an even edge) or optimal (total fit).
      """)
  var wrapStyle: LayoutOptions.WrapStyle = defaults.wrapStyle

  @Option(
    parsing: .unconditional,
    help: """
      How far each paragraph's first line starts after the others, in points (Pango's \
      --indent); negative for a hanging indent.
      """)
  var indent: Double = defaults.indent

  @Flag(
    help: """
      Give a paragraph's one-word last line the last word of the line before, where both fit \
      (FXLabel's allowOrphans = NO).
      """)
  var noOrphans = false

  @Option(
    help: """
      Where words may be hyphenated: none, manual (at soft hyphens, U+00AD) or auto (also \
      where the hyphenation dictionary of --language allows).
      """)
  var hyphens: LayoutOptions.Hyphens = defaults.hyphens

  @Option(
    parsing: .unconditional,
    help: """
      For --hyphens auto: the fewest letters a word needs, and the fewest before and after a \
      hyphen, as WORD,BEFORE,AFTER (a dictionary may ask for more).
      """,
    transform: { text in
      guard let limits = LayoutOptions.HyphenationLimits(parsing: text) else {
        throw ValidationError(
          "'--hyphenate-limits' must be WORD,BEFORE,AFTER, three whole numbers 1 to \(LayoutOptions.HyphenationLimits.maximum), such as 5,2,2; not '\(text)'."
        )
      }
      return limits
    })
  var hyphenateLimits: LayoutOptions.HyphenationLimits = defaults.hyphenationLimits

  @Flag(
    help: """
      Draw a hyphen where a word that fits no line is split between its characters (by \
      default such a split draws none).
      """)
  var emergencyHyphens = false

  @Option(
    parsing: .unconditional,
    help: """
      Extra space after every character for the whole label, as a fraction of the size \
      (FXLabel's characterSpacing), added to %K.
      """)
  var characterSpacing: Double = defaults.characterSpacing

  @Option(
    help: """
      A JSON file of extra space after particular characters, as fractions of the size \
      (FXLabel's kerningTable), such as {"a": 0.5, "!": -0.25}.
      """)
  var kerningTable: String?

  @Option(
    parsing: .unconditional,
    help: """
      Move the drawn glyphs and their underlines up by this fraction of the size (FXLabel's \
      baselineOffset); line boxes and link rectangles stay.
      """)
  var baselineOffset: Double = defaults.baselineOffset

  @Option(
    parsing: .unconditional,
    help: """
      Extra space between lines as a fraction of the size (FXLabel 1.5's lineSpacing); \
      --line-spacing is in points.
      """)
  var relativeLineSpacing: Double = defaults.relativeLineSpacing

  @Option(
    parsing: .unconditional,
    help: """
      Tab stops in points from each line's start, such as 40,120; after the last, and \
      without any, every eight spaces (as Pango).
      """)
  var tabStops: TabStopsArgument?

  @Option(
    parsing: .unconditional,
    help: "The most lines shown, 0 for no limit (UILabel's numberOfLines); see --truncate.")
  var maxLines: Int = defaults.maximumLines

  @Option(
    help: """
      What the last visible line does when the text has more lines than --max-lines or does \
      not fit --height: tail, head, middle (a token at its end, start or middle) or clip.
      """)
  var truncate: LayoutOptions.TruncationMode = defaults.truncationMode

  @Option(
    help: """
      The markup drawn in place of truncated text (default "…"), always read as markup; it \
      takes the attributes of the text next to it where it sets none, and may hold a link: \
      "… %{more}Lmore%l".
      """)
  var truncationToken: String?

  @Option(
    parsing: .unconditional,
    help: """
      Autoshrink: the smallest factor the text may be scaled by, in (0, 1], to fit the box \
      whole before it is truncated (1, the default, turns it off unless --min-size is given).
      """)
  var minScale: Double = defaults.minimumScaleFactor

  @Option(
    parsing: .unconditional,
    help: """
      Autoshrink: the smallest size in points the text's smallest run may reach (FXLabel's \
      minimumFontSize); alone, it is the only limit.
      """)
  var minSize: Double = defaults.minimumSize

  @Option(help: "The default family (the same as --default-family).")
  var family: String?

  @Option(
    help: """
      The text's font in one string, as Pango reads them ("Inter Semi-Bold 13 @opsz=20 \
      #tnum", "DejaVu Sans, Noto Sans Italic 12") or a fontconfig pattern \
      ("DejaVu Sans:weight=200"): its family (the first installed), weight, italic, size, \
      width, features and coordinates. --family, --size, --features and --variations win \
      over its parts.
      """)
  var fontDescription: String?

  @Option(
    parsing: .unconditional,
    help: "The default size in points, 1 point = 1 pixel at scale 1 (the same as --default-size).")
  var size: Double?

  @Option(help: "Alignment: left, right, center, natural or justify.")
  var align: LayoutOptions.Alignment = defaults.alignment

  @Option(
    parsing: .unconditional,
    help: """
      Extra space between lines, in points (pango-view's --spacing; for a factor, use \
      --line-height-multiple).
      """)
  var lineSpacing: Double = defaults.lineSpacing

  @Option(
    parsing: .unconditional,
    help: """
      A factor on each line's natural height, such as 1.5 (pango-view's --line-spacing; CSS \
      line-height as a number).
      """)
  var lineHeightMultiple: Double = defaults.lineHeightMultiple

  @Flag(help: "Add the fonts' own line gap between lines (DAAttributedLabel's leading).")
  var fontLeading = false

  @Option(parsing: .unconditional, help: "Extra space after each paragraph, in points.")
  var paragraphSpacing: Double = defaults.paragraphSpacing

  @Option(
    help: "A language tag for shaping, line breaking, hyphenation and fallback, such as ja or th.")
  var language: String?

  @Option(
    parsing: .unconditional,
    help: """
      OpenType features for every run, comma-separated: HarfBuzz's syntax (liga=0, +kern, \
      -calt, aalt=2, ss01) or CSS font-feature-settings ("liga" 0, "smcp"). Later items win.
      """,
    transform: { text throws(FontFeatureError) in try FontFeatures(parsing: text) })
  var features: FontFeatures?

  @Option(
    parsing: .unconditional,
    help: """
      Variable-font axis coordinates for every run, comma-separated: HarfBuzz's syntax \
      (wght=550, opsz=20) or CSS font-variation-settings ("wght" 550). Later items win; a \
      face applies the axes it has.
      """,
    transform: { text throws(FontVariationError) in try FontVariations(parsing: text) })
  var variations: FontVariations?

  @Flag(
    help: """
      Keep a variable face's optical size axis (opsz) at its default instead of following \
      the size.
      """)
  var noOpticalSizing = false

  @Option(
    help: """
      The paragraphs' base direction: auto (each paragraph's first strong character, as CSS \
      dir=auto), ltr or rtl.
      """)
  var direction: LayoutOptions.Direction = .auto

  @Flag(
    help: """
      Fail for a family that is not installed and has no alias, instead of warning and using \
      fontconfig's substitute (as galley font --strict).
      """)
  var strict = false

  @Option(
    help: """
      The fast paths to use: all, none, or names from word-cache, pair-shaping, shaping-plans, \
      glyph-masks and glyph-outlines, comma-separated. Every setting gives the same output; \
      only its speed changes.
      """,
    transform: AcceleratorSelection.init(parsing:))
  var accelerators: AcceleratorSelection = .all

  @OptionGroup var fontOptions: FontOptions

  @OptionGroup(title: "Glyph typesetters") var glyphOptions: GlyphOptions

  @OptionGroup var inputOptions: InputOptions

  func validate() throws {
    if let kerningTable { _ = try KerningTableFile.read(path: kerningTable) }
    try validateFitting()
    if let problem = layoutOptions.problem {
      throw ValidationError("Invalid layout option: \(problem).")
    }
    if let size, !(size > 0 && size <= MarkupFormatter.maximumSize) {
      throw ValidationError(
        "'--size' must be above 0 and at most \(Int(MarkupFormatter.maximumSize)).")
    }
    if let family { try FamilyNameOption.check(family, option: "'--family'") }
    _ = try parsedFontDescription()
  }

  /// `--font-description`, read, or `nil` when not given.
  ///
  /// - Throws: A `ValidationError` (exit 64) naming the word that does not read, or a family
  ///   name the font set refuses.
  func parsedFontDescription() throws(ValidationError) -> FontDescription? {
    guard let fontDescription else { return nil }
    let description: FontDescription
    do {
      description = try FontDescription(parsing: fontDescription)
    } catch {
      throw ValidationError("'--font-description': \(error).")
    }
    for name in description.families {
      if let problem = FamilyNameOption.problem(with: name, option: "'--font-description'") {
        throw ValidationError(problem)
      }
    }
    return description
  }

  /// Checks the line limit, truncation and autoshrink options, naming the option at fault.
  ///
  /// - Throws: A `ValidationError` (exit 64) for a value out of range.
  private func validateFitting() throws {
    let lineLimit = LayoutOptions.maximumLineLimit
    guard (0...lineLimit).contains(maxLines) else {
      throw ValidationError("'--max-lines' must be 0 (no limit) to \(lineLimit), not \(maxLines).")
    }
    if !(minScale > 0 && minScale <= 1) {
      throw ValidationError("'--min-scale' must be above 0 and at most 1, not \(minScale).")
    }
    guard minSize >= 0, minSize <= MarkupFormatter.maximumSize else {
      throw ValidationError(
        "'--min-size' must be 0 (none) to \(Int(MarkupFormatter.maximumSize)) points, not \(minSize)."
      )
    }
    let tokenLimit = LayoutOptions.TruncationToken.maximumLength
    if let truncationToken, truncationToken.utf8.count > tokenLimit {
      throw ValidationError(
        "'--truncation-token' may have at most \(tokenLimit) bytes, not \(truncationToken.utf8.count)."
      )
    }
  }

  var layoutOptions: LayoutOptions {
    var options = LayoutOptions(
      width: width, alignment: align, lineSpacing: lineSpacing,
      lineHeightMultiple: lineHeightMultiple, usesFontLeading: fontLeading,
      paragraphSpacing: paragraphSpacing, language: language, height: height,
      insets: insets?.insets ?? .zero, verticalAlignment: verticalAlign, wrap: wrap,
      indent: indent, allowsOrphans: !noOrphans, characterSpacing: characterSpacing,
      kerningTable: (try? kerningTable.map(KerningTableFile.read(path:))) ?? [:],
      baselineOffset: baselineOffset, relativeLineSpacing: relativeLineSpacing,
      tabStops: tabStops?.points ?? [], maximumLines: maxLines, truncationMode: truncate,
      truncationToken: truncationToken.map {
        LayoutOptions.TruncationToken(markup: $0, formatter: formatterOptions.formatter)
      } ?? .ellipsis,
      minimumScaleFactor: minScale, minimumSize: minSize, direction: direction)
    options.features = features ?? FontFeatures()
    options.variations = variations ?? FontVariations()
    options.opticalSizing = !noOpticalSizing
    options.wrapStyle = wrapStyle
    options.hyphens = hyphens
    options.hyphenationLimits = hyphenateLimits
    options.hyphenatesEmergencyBreaks = emergencyHyphens
    glyphOptions.apply(to: &options)
    return options
  }

  /// The job the options describe, for the input's text.
  ///
  /// - Parameters:
  ///   - source: The input, markup unless `--plain`.
  ///   - description: `--font-description`, read, or `nil`.
  ///   - fonts: The font set that picks the first installed of the description's families,
  ///     or `nil` to take its first.
  /// - Returns: The job: lenient and strict as asked, reporting replaced families.
  func job(
    source: String, description: FontDescription? = nil, fonts: FontSet? = nil
  ) -> TextJob {
    var job = TextJob(
      source: source, sourceName: inputOptions.sourceName, formatter: formatterOptions.formatter,
      layoutOptions: layoutOptions)
    if let description { job.apply(description, fonts: fonts) }
    if let family { job.formatter.defaultFamily = family }
    if let size { job.formatter.defaultSize = size }
    job.isPlain = plain
    job.isLenient = formatterOptions.lenient
    job.isStrict = strict
    job.reportsFontWarnings = true
    if truncationToken != nil { job.tokenOrigin = .option("--truncation-token") }
    return job
  }

  /// Reads, formats and lays out the input, or describes why it cannot.
  ///
  /// The input is read and formatted, and the truncation token checked, before the fonts are
  /// loaded. With `--lenient`, markup problems are warnings. A family that is not installed
  /// (and has no alias) is a warning too, as `galley font` gives, or an error with `--strict`.
  ///
  /// - Returns: The job, its runner and its layout, or why there is none.
  func makeLayout() -> Result<LaidOutText, Failure> {
    prepareText().flatMap { layOut($0) }
  }

  /// The job, formatted, with its fonts loaded: everything before the layout.
  ///
  /// - Returns: The prepared job, or why there is none.
  func prepareText() -> Result<PreparedText, Failure> {
    do throws(Failure) {
      let source = try inputOptions.readSource()
      // A description that lists several families needs the fonts to pick one before the
      // text is formatted; otherwise the fonts load after the markup is checked.
      // validate() has read it already: it reads.
      let description = try? parsedFontDescription()
      var fonts: FontSet? = nil
      if (description?.families.count ?? 0) > 1 { fonts = try makeFontSet() }
      let job = job(source: source, description: description, fonts: fonts)
      let formatted = try JobRunner.prepare(job)
      let fontSet: FontSet
      if let fonts { fontSet = fonts } else { fontSet = try makeFontSet() }
      return .success(PreparedText(job: job, fonts: fontSet, formatted: formatted))
    } catch {
      return .failure(error)
    }
  }

  /// Lays out a prepared job.
  ///
  /// - Parameter prepared: The job, formatted, with its fonts.
  /// - Returns: The job, its runner and its layout, or why there is none.
  func layOut(_ prepared: PreparedText) -> Result<LaidOutText, Failure> {
    do throws(Failure) {
      let runner = JobRunner(fonts: prepared.fonts, accelerators: accelerators)
      let laidOut = try runner.layout(prepared.job, prepared: prepared.formatted)
      return .success(LaidOutText(job: prepared.job, runner: runner, result: laidOut))
    } catch {
      return .failure(error)
    }
  }
}

extension LayoutCommandOptions {
  /// The font set of ``fontOptions``.
  ///
  /// - Throws: ``GalleyTools/Failure`` when it cannot be loaded.
  fileprivate func makeFontSet() throws(Failure) -> FontSet {
    do {
      return try fontOptions.makeFontSet()
    } catch {
      throw Failure(error)
    }
  }
}

extension LayoutOptions.Alignment: ExpressibleByArgument {}

extension LayoutOptions.VerticalAlignment: ExpressibleByArgument {}

extension LayoutOptions.WrapMode: ExpressibleByArgument {}
extension LayoutOptions.Hyphens: ExpressibleByArgument {}
extension LayoutOptions.WrapStyle: ExpressibleByArgument {}

extension LayoutOptions.Direction: ExpressibleByArgument {}

extension LayoutOptions.TruncationMode: ExpressibleByArgument {}
