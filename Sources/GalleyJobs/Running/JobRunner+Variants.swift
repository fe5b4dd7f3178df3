import GalleyRender
import GalleyTools

extension JobRunner {
  /// Draws a job's layout once per variant, each with the job's format and compression and the
  /// variant's render options.
  ///
  /// - Parameters:
  ///   - laidOut: The job's layout.
  ///   - job: The job.
  ///   - variants: The variants, in order.
  ///   - deadline: When to stop, or `nil`.
  /// - Returns: One image per variant, each what ``render(_:of:deadline:)`` gives for it.
  /// - Throws: ``Failure`` for the first variant that cannot be drawn.
  package func render(
    _ laidOut: LaidOutJob, of job: TextJob, variants: [RenderVariant],
    deadline: Deadline? = nil
  ) throws(Failure) -> [RenderedImage] {
    if let problem = RenderVariant.problem(with: variants) {
      throw Failure(RenderError(.invalidOptions, problem))
    }
    var images: [RenderedImage] = []
    for variant in variants {
      var one = job
      one.render.options = variant.options
      images.append(try render(laidOut, of: one, deadline: deadline))
    }
    return images
  }

  /// Draws a job's layout once per variant into one PNG sprite sheet with its atlas.
  ///
  /// - Parameters:
  ///   - laidOut: The job's layout.
  ///   - job: The job; its format must be PNG.
  ///   - variants: The variants, top to bottom.
  ///   - deadline: When to stop, or `nil`.
  /// - Returns: The sheet.
  /// - Throws: ``Failure`` for a format other than PNG, a frame over the runner's pixel
  ///   limit, a sheet over the renderer's, or a drawing failure.
  package func renderSpriteSheet(
    _ laidOut: LaidOutJob, of job: TextJob, variants: [RenderVariant],
    deadline: Deadline? = nil
  ) throws(Failure) -> SpriteSheet {
    guard job.render.format == .png else {
      throw Failure(RenderError(.invalidOptions, "a sprite sheet is a PNG image"))
    }
    do throws(RenderError) {
      if let maximumPixels {
        var settings = job.render
        var total = 0
        for variant in variants {
          settings.options = variant.options
          let geometry = try renderer.geometry(
            of: laidOut.layout, options: variant.options, format: .png)
          try Self.checkPixels(geometry, settings: settings, limit: maximumPixels)
          total += geometry.width * geometry.height
        }
        guard total <= maximumPixels else {
          throw RenderError(
            .imageTooLarge,
            "the sprite sheet would have \(total) pixels; the server draws at most "
              + "\(maximumPixels) pixels")
        }
      }
    } catch {
      throw Failure(error)
    }
    try deadline?.check(before: "drawing")
    do {
      return try renderer.renderSpriteSheet(
        laidOut.layout, variants: variants,
        pngCompression: job.render.pngCompression ?? .balanced)
    } catch {
      throw Failure(error)
    }
  }
}
