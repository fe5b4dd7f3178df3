import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

/// Does jobs: formats, checks, lays out and draws, over one font set, layout engine and
/// renderer, and reports every failure as a ``Failure``.
///
/// `galley`, `galley-server` and `galley-bench` all run their work through it, so each stage
/// and each failure is written once. It is safe to share between threads: the three parts
/// are.
package final class JobRunner: Sendable {
  /// The fonts every job uses.
  package let fonts: FontSet
  /// The layout engine (its shaping caches are shared by every job).
  package let engine: LayoutEngine
  /// The renderer (its glyph caches are shared by every job).
  package let renderer: Renderer
  /// The most pixels an image may have (oversampling included), or `nil` for the renderer's
  /// own limits alone.
  package let maximumPixels: Int?

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - fonts: The font set.
  ///   - accelerators: The layout engine's and the renderer's fast paths.
  ///   - maximumPixels: A pixel limit below the renderer's own, or `nil`.
  package init(
    fonts: FontSet, accelerators: AcceleratorSelection = .all, maximumPixels: Int? = nil
  ) {
    self.fonts = fonts
    self.engine = LayoutEngine(fonts: fonts, accelerators: accelerators.layout)
    self.renderer = Renderer(accelerators: accelerators.render)
    self.maximumPixels = maximumPixels
  }

  /// Formats the job's text: plain text as it is, markup strictly or leniently.
  ///
  /// Needs no fonts, so a tool may do it before it loads them.
  ///
  /// - Parameter job: The job.
  /// - Returns: The text and, for a lenient job, the problems met.
  /// - Throws: ``Failure`` (markup) for markup that does not format.
  package static func format(_ job: TextJob) throws(Failure) -> FormattedJob {
    let formatter = job.formatter
    if job.isPlain {
      return FormattedJob(
        text: FormattedText(plain: job.source, attributes: formatter.defaultAttributes),
        warnings: [])
    }
    if job.isLenient {
      let result = formatter.formatLeniently(job.source)
      return FormattedJob(text: result.text, warnings: result.warnings)
    }
    do {
      return FormattedJob(text: try formatter.format(job.source), warnings: [])
    } catch {
      throw Failure(error, in: job.source, source: job.sourceName)
    }
  }

  /// Formats the job's text (``format(_:)``), and checks it and its token
  /// (``checkToken(_:)``): what a job needs before fonts.
  ///
  /// - Parameter job: The job.
  /// - Returns: The formatted text.
  /// - Throws: ``Failure`` for the markup or the token.
  package static func prepare(_ job: TextJob) throws(Failure) -> FormattedJob {
    let formatted = try format(job)
    try checkToken(job)
    return formatted
  }

  /// Formats, checks and lays out the job's text.
  ///
  /// The stages, in order: ``prepare(_:)``; with ``TextJob/isStrict``, every family the text
  /// names is installed; the deadline has not passed; the layout.
  ///
  /// - Parameters:
  ///   - job: The job.
  ///   - deadline: When the job's time budget runs out, or `nil`.
  /// - Returns: The text, its layout and the warnings met.
  /// - Throws: ``Failure`` for markup, the token, a font, the deadline or the layout.
  package func layout(_ job: TextJob, deadline: Deadline? = nil) throws(Failure) -> LaidOutJob {
    try layout(job, prepared: try Self.prepare(job), deadline: deadline)
  }

  /// Lays out a job whose text ``prepare(_:)`` gave, after the font and deadline checks.
  ///
  /// - Parameters:
  ///   - job: The job.
  ///   - formatted: What ``prepare(_:)`` gave for it.
  ///   - deadline: When the job's time budget runs out, or `nil`.
  /// - Returns: The text, its layout and the warnings met.
  /// - Throws: ``Failure`` for a font, the deadline or the layout.
  package func layout(
    _ job: TextJob, prepared formatted: FormattedJob, deadline: Deadline? = nil
  ) throws(Failure) -> LaidOutJob {
    let substitutions = try checkFamilies(formatted.text, job)
    try deadline?.check(before: "layout")
    let layout: Layout
    do {
      layout = try engine.layout(formatted.text, options: job.layoutOptions)
    } catch {
      throw Failure(error)
    }
    return LaidOutJob(
      text: formatted.text, layout: layout, markupWarnings: formatted.warnings,
      substitutions: substitutions)
  }

  /// Draws a laid-out job.
  ///
  /// - Parameters:
  ///   - laidOut: The job's layout, from ``layout(_:deadline:)``.
  ///   - job: The job, for its render settings.
  ///   - deadline: When the job's time budget runs out, or `nil`.
  /// - Returns: The image.
  /// - Throws: ``Failure`` (drawing) for an image over the limits or that cannot be drawn, or
  ///   for the deadline.
  package func render(
    _ laidOut: LaidOutJob, of job: TextJob, deadline: Deadline? = nil
  ) throws(Failure) -> RenderedImage {
    let settings = job.render
    do {
      if let maximumPixels {
        let geometry = try renderer.geometry(
          of: laidOut.layout, options: settings.options, format: settings.format)
        try Self.checkPixels(geometry, settings: settings, limit: maximumPixels)
      }
    } catch {
      throw Failure(error)
    }
    try deadline?.check(before: "drawing")
    do {
      return try renderer.render(
        laidOut.layout, options: settings.options, format: settings.format,
        pngCompression: settings.pngCompression ?? .balanced, text: laidOut.text.string)
    } catch {
      throw Failure(error)
    }
  }

  /// Fails for an image over `limit` pixels, oversampling included.
  static func checkPixels(
    _ geometry: ImageGeometry, settings: RenderSettings, limit: Int
  ) throws(RenderError) {
    let factor = settings.format == .png ? settings.options.oversampling : 1
    let pixels = geometry.width * geometry.height * factor * factor
    guard pixels > limit else { return }
    throw RenderError(
      .imageTooLarge,
      "the image would have \(geometry.width) × \(geometry.height) pixels"
        + (factor > 1 ? " drawn at \(factor)×" : "")
        + "; the server draws at most \(limit) pixels")
  }

  /// Formats the truncation token once, so that a markup error in it is reported as one in
  /// the text is, and refuses a token with a line break or a paragraph separator, whether or
  /// not the text is truncated.
  ///
  /// - Parameter job: The job.
  /// - Throws: ``Failure`` for the token, named by ``TextJob/tokenOrigin``.
  package static func checkToken(_ job: TextJob) throws(Failure) {
    guard let origin = job.tokenOrigin else { return }
    let token = job.layoutOptions.truncationToken.markup
    let formatter = job.formatter
    let formatted: FormattedText
    do {
      formatted = try formatter.format(token, continuing: formatter.defaultAttributes)
    } catch {
      switch origin {
      case .option(let name): throw Failure(error, in: token, source: name)
      case .field: throw Failure(error, in: token, source: "<token>")
      }
    }
    guard let problem = LayoutOptions.TruncationToken.problem(in: formatted.string) else {
      return
    }
    switch origin {
    case .option(let name):
      let message = "the truncation token \(problem)"
      throw Failure(
        .layout, kind: LayoutError.Kind.invalidOptions.rawValue, message,
        diagnostic: "\(name): error: \(message)")
    case .field(let field):
      throw Failure.invalidRequest(field: field, problem)
    }
  }

  /// The families of the text that are not installed and have no alias, in the order the
  /// text first uses them (when the job reports them); with ``TextJob/isStrict``, the first
  /// one's failure instead.
  private func checkFamilies(
    _ text: FormattedText, _ job: TextJob
  ) throws(Failure) -> [LaidOutJob.Substitution] {
    guard job.isStrict || job.reportsFontWarnings else { return [] }
    var seen = Set<String>()
    var substitutions: [LaidOutJob.Substitution] = []
    for family in [job.formatter.defaultFamily] + text.runs.map(\.attributes.family)
    where seen.insert(family).inserted {
      do {
        let resolved = try fonts.resolve(family: family, strict: job.isStrict)
        guard resolved.isSubstituted else { continue }
        substitutions.append(.init(requested: family, used: resolved.face.family))
      } catch {
        throw Failure(error)
      }
    }
    return substitutions
  }
}
