import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

/// The work of each endpoint, over one shared ``JobRunner``: typed results in, typed results
/// or a ``GalleyTools/Failure`` out, with no HTTP in sight.
///
/// The runner is safe to share between threads, so requests run in parallel; the server
/// bounds how many at once.
package final class TextService: Sendable {
  /// The runner: the fonts the server was started with (requests never name files), the
  /// layout engine and the renderer, whose caches every request shares.
  package let runner: JobRunner
  /// The bounds on one request's work.
  package let limits: ServiceLimits

  /// The fonts the server was started with.
  package var fonts: FontSet { runner.fonts }

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
    self.runner = JobRunner(
      fonts: fonts, accelerators: accelerators, maximumPixels: limits.maximumPixels)
    self.limits = limits
  }

  /// Decodes and checks a request body.
  ///
  /// - Parameter body: The body's bytes.
  /// - Returns: The checked request.
  /// - Throws: ``GalleyTools/Failure`` (request) naming the field.
  package func prepare(_ body: [UInt8]) throws(Failure) -> PreparedRequest {
    var request: PreparedRequest
    do {
      request = try PreparedRequest(RequestDecoder.decode(body), limits: limits)
    } catch {
      throw Failure(error)
    }
    try request.applyFontDescription(fonts: runner.fonts)
    return request
  }

  /// `POST /v1/format`: the runs and links, with the warnings in lenient mode.
  ///
  /// - Parameter request: The checked request.
  /// - Returns: `galley format --json`'s document.
  /// - Throws: ``GalleyTools/Failure`` (markup) for a markup error.
  package func format(_ request: PreparedRequest) throws(Failure) -> JSONDocument {
    let formatted = try JobRunner.format(request.job)
    return .formatted(
      formatted.text, warnings: request.job.isLenient ? formatted.warnings : nil)
  }

  /// `POST /v1/layout`: formats and lays out the text.
  ///
  /// - Parameters:
  ///   - request: The checked request.
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: The layout.
  /// - Throws: ``GalleyTools/Failure`` for bad markup, fonts or options, or a spent budget.
  package func layout(
    _ request: PreparedRequest, deadline: Deadline
  ) throws(Failure) -> Layout {
    try runner.layout(request.job, deadline: deadline).layout
  }

  /// `POST /v1/hit`: what is under each point.
  ///
  /// - Parameters:
  ///   - request: The checked request, with its points.
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: One record per point, as `galley hit` prints them.
  /// - Throws: ``GalleyTools/Failure`` as ``layout(_:deadline:)`` does, or a request failure
  ///   without points.
  package func hit(
    _ request: PreparedRequest, deadline: Deadline
  ) throws(Failure) -> [HitRecord] {
    guard !request.points.isEmpty else {
      throw Failure.invalidRequest(field: "points", "give at least one point")
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
  /// - Throws: ``GalleyTools/Failure`` as ``layout(_:deadline:)`` does, or a drawing failure
  ///   for an image over the pixel limits.
  package func render(
    _ request: PreparedRequest, deadline: Deadline
  ) throws(Failure) -> (image: RenderedImage, layout: Layout) {
    let laidOut = try runner.layout(request.job, deadline: deadline)
    let image = try runner.render(laidOut, of: request.job, deadline: deadline)
    return (image, laidOut.layout)
  }

  /// Lays out a request and draws its variants into a PNG sprite sheet.
  ///
  /// - Parameters:
  ///   - request: The request, with ``PreparedRequest/variants``.
  ///   - variants: The variants.
  ///   - deadline: When the work must stop.
  /// - Returns: The sheet and its layout.
  /// - Throws: ``Failure`` as ``render(_:deadline:)`` does, and for a format other than PNG.
  package func renderSpriteSheet(
    _ request: PreparedRequest, variants: [RenderVariant], deadline: Deadline
  ) throws(Failure) -> (sheet: SpriteSheet, layout: Layout) {
    let laidOut = try runner.layout(request.job, deadline: deadline)
    let sheet = try runner.renderSpriteSheet(
      laidOut, of: request.job, variants: variants, deadline: deadline)
    return (sheet, laidOut.layout)
  }
}
