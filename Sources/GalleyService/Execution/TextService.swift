import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

/// The work of each endpoint, over one shared font set, layout engine and renderer: typed
/// results in, typed results or a ``ServiceFailure`` out, with no HTTP in sight.
///
/// All three are safe to share between threads, so requests run in parallel; the server
/// bounds how many at once.
package final class TextService: Sendable {
  /// The fonts the server was started with; requests never name files.
  package let fonts: FontSet
  /// The layout engine (shaping caches shared by every request).
  package let engine: LayoutEngine
  /// The renderer (glyph caches shared by every request).
  package let renderer: Renderer
  /// The bounds on one request's work.
  package let limits: ServiceLimits

  /// Creates a service.
  ///
  /// - Parameters:
  ///   - fonts: The font set.
  ///   - limits: The bounds on one request's work.
  ///   - accelerators: The layout engine's and the renderer's fast paths.
  package init(
    fonts: FontSet, limits: ServiceLimits = ServiceLimits(),
    accelerators: AcceleratorSelection = .all
  ) {
    self.fonts = fonts
    self.engine = LayoutEngine(fonts: fonts, accelerators: accelerators.layout)
    self.renderer = Renderer(accelerators: accelerators.render)
    self.limits = limits
  }

  /// Decodes and checks a request body.
  ///
  /// - Parameter body: The body's bytes.
  /// - Returns: The checked request.
  /// - Throws: ``ServiceFailure`` (400) naming the field.
  package func prepare(_ body: [UInt8]) throws(ServiceFailure) -> PreparedRequest {
    do {
      return try PreparedRequest(RequestDecoder.decode(body), limits: limits)
    } catch {
      throw ServiceFailure(error)
    }
  }

  /// `POST /v1/format`: the runs and links, with the warnings in lenient mode.
  ///
  /// - Parameter request: The checked request.
  /// - Returns: `galley format --json`'s document.
  /// - Throws: ``ServiceFailure`` (422) for a markup error.
  package func format(_ request: PreparedRequest) throws(ServiceFailure) -> JSONDocument {
    let (text, warnings) = try formattedText(request)
    return .formatted(text, warnings: request.request.lenient == true ? warnings : nil)
  }

  /// `POST /v1/layout`: formats and lays out the text.
  ///
  /// - Parameters:
  ///   - request: The checked request.
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: The layout.
  /// - Throws: ``ServiceFailure`` for bad markup, fonts or options, or a spent budget.
  package func layout(
    _ request: PreparedRequest, deadline: ContinuousClock.Instant
  ) throws(ServiceFailure) -> Layout {
    let (text, _) = try formattedText(request)
    try checkToken(request)
    if request.request.strict == true { try checkFamilies(text, request.formatter) }
    try check(deadline, before: "layout")
    do {
      return try engine.layout(text, options: request.layoutOptions)
    } catch {
      throw ServiceFailure(error)
    }
  }

  /// `POST /v1/hit`: what is under each point.
  ///
  /// - Parameters:
  ///   - request: The checked request, with its points.
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: One record per point, as `galley hit` prints them.
  /// - Throws: ``ServiceFailure`` as ``layout(_:deadline:)`` does, or 400 without points.
  package func hit(
    _ request: PreparedRequest, deadline: ContinuousClock.Instant
  ) throws(ServiceFailure) -> [HitRecord] {
    guard !request.points.isEmpty else {
      throw ServiceFailure(RequestError(field: "points", "give at least one point"))
    }
    let tester = HitTester(layout: try layout(request, deadline: deadline))
    return request.points.map { point in
      HitRecord(hitting: tester, x: point.x, y: point.y, tolerance: request.tolerance)
    }
  }

  /// `POST /v1/render`: lays out and draws the text.
  ///
  /// - Parameters:
  ///   - request: The checked request, with its render options.
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: The image and the layout it shows.
  /// - Throws: ``ServiceFailure`` as ``layout(_:deadline:)`` does, or 422 for an image over
  ///   the pixel limits.
  package func render(
    _ request: PreparedRequest, deadline: ContinuousClock.Instant
  ) throws(ServiceFailure) -> (image: RenderedImage, layout: Layout) {
    let layout = try self.layout(request, deadline: deadline)
    let settings = request.render
    do {
      let geometry = try renderer.geometry(
        of: layout, options: settings.options, format: settings.format)
      let factor = settings.format == .png ? settings.options.oversampling : 1
      let pixels = geometry.width * geometry.height * factor * factor
      guard pixels <= limits.maximumPixels else {
        throw RenderError(
          .imageTooLarge,
          "the image would have \(geometry.width) × \(geometry.height) pixels"
            + (factor > 1 ? " drawn at \(factor)×" : "")
            + "; the server draws at most \(limits.maximumPixels) pixels")
      }
      try check(deadline, before: "drawing")
      let image = try renderer.render(
        layout, options: settings.options, format: settings.format,
        pngCompression: settings.pngCompression ?? .balanced)
      return (image, layout)
    } catch let error as RenderError {
      throw ServiceFailure(error)
    } catch let error as ServiceFailure {
      throw error
    } catch {
      throw ServiceFailure(status: 422, kind: "drawingFailed", "\(error)")
    }
  }

  /// The formatted text of a request, and the warnings lenient mode met.
  private func formattedText(
    _ request: PreparedRequest
  ) throws(ServiceFailure) -> (FormattedText, [MarkupError]) {
    let markup = request.request.markup
    if request.request.plain == true {
      return (FormattedText(plain: markup, attributes: request.formatter.defaultAttributes), [])
    }
    if request.request.lenient == true {
      let result = request.formatter.formatLeniently(markup)
      return (result.text, result.warnings)
    }
    do {
      return (try request.formatter.format(markup), [])
    } catch {
      throw ServiceFailure(error)
    }
  }

  /// Formats the truncation token once, so that a markup error in it is reported as one in
  /// the text is, and refuses a token with a line break or a paragraph separator, as
  /// `galley layout` does.
  private func checkToken(_ request: PreparedRequest) throws(ServiceFailure) {
    guard request.request.layout?["truncationToken"] != nil else { return }
    let token = request.layoutOptions.truncationToken.markup
    let formatter = request.formatter
    let formatted: FormattedText
    do {
      formatted = try formatter.format(token, continuing: formatter.defaultAttributes)
    } catch {
      throw ServiceFailure(error)
    }
    if let problem = LayoutOptions.TruncationToken.problem(in: formatted.string) {
      throw ServiceFailure(RequestError(field: "layout.truncationToken", problem))
    }
  }

  /// With `strict`, fails for the first family of the text that is not installed and has no
  /// alias.
  private func checkFamilies(
    _ text: FormattedText, _ formatter: MarkupFormatter
  ) throws(ServiceFailure) {
    var seen = Set<String>()
    for family in [formatter.defaultFamily] + text.runs.map(\.attributes.family)
    where seen.insert(family).inserted {
      do {
        _ = try fonts.resolve(family: family, strict: true)
      } catch {
        throw ServiceFailure(error)
      }
    }
  }

  /// Fails when the request's time budget ran out before a stage.
  private func check(
    _ deadline: ContinuousClock.Instant, before stage: String
  ) throws(ServiceFailure) {
    guard ContinuousClock.now > deadline else { return }
    throw ServiceFailure(
      status: 422, kind: "timeBudgetExceeded",
      "the request used its time budget of \(limits.timeBudget) before \(stage)")
  }
}
