import ArgumentParser
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleyTools

/// `galley render`: draws markup to PNG, SVG or PDF, and optionally writes its layout JSON.
struct RenderCommand: OutcomeCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Lay out markup and draw it to a PNG, SVG or PDF file.",
    discussion: """
      The format comes from the output's extension (.png, .svg, .pdf) unless --format is \
      given. The canvas grows to hold shadows, glows and outlines; --json writes the layout \
      with an "image" object giving the image's size, scale and the layout's origin in it \
      (image pixel = (layout point + origin) × scale). Prints the file, its format and the \
      image geometry as JSON. \
      Images are limited to 16384 pixels a side and 64 megapixels, oversampling included. \
      A file is replaced whole or not at all; a symbolic link is followed, and a FIFO or \
      device is written to. '-o -' writes the image to standard output and prints nothing \
      else there.
      """
  )

  @OptionGroup var layout: LayoutCommandOptions

  @OptionGroup var effects: EffectOptions

  @Option(
    name: [.customShort("o"), .long], help: "The image file to write ('-' for standard output).")
  var output: String

  @Option(help: "png, svg or pdf (default: from the output's extension).")
  var format: ImageFormat?

  @Option(help: "Also write the layout, with the image geometry, as JSON to this file.")
  var json: String?

  @Option(
    help: """
      PNG compression: fast (zlib level 1), balanced (level 3, the default) or smallest \
      (level 9).
      """)
  var pngCompression: PNGCompression?

  @Option(
    help: """
      A JSON file of named variants (button states), each the render fields it changes, \
      spelled as in an HTTP request: {"pressed": {"offset": [0, 2], "color": "#555555"}}. \
      '-o' then needs '{name}' (one image per variant) or '--sprite-sheet'.
      """)
  var variants: String?

  @Flag(
    help: """
      With '--variants': draw every variant into one PNG (-o), stacked top to bottom, and \
      write its atlas to '--atlas'.
      """)
  var spriteSheet = false

  @Option(help: "The sprite sheet's atlas: each variant's frame, origin and link rectangles.")
  var atlas: String?

  var imageFormat: ImageFormat? { format ?? ImageFormat(pathExtensionOf: output) }

  func validate() throws {
    guard let imageFormat else {
      throw ValidationError(
        "Cannot tell the format of '\(output)': use a .png, .svg or .pdf name, or '--format'.")
    }
    if pngCompression != nil, imageFormat != .png {
      throw ValidationError("'--png-compression' applies to PNG output only.")
    }
    let variants = try readVariants()
    try validateVariantOptions(imageFormat, variants: variants)
    do {
      _ = try OutputFile.resolveAll(outputPaths(variants: variants))
    } catch {
      throw ValidationError(error.sentence)
    }
  }

  /// The render settings the options give.
  func renderSettings(_ format: ImageFormat) -> RenderSettings {
    RenderSettings(
      format: format, pngCompression: pngCompression,
      options: effects.renderOptions(seed: layout.glyphOptions.seed))
  }

  func execute() -> CommandOutcome {
    let variants: [RenderVariant]?
    do {
      variants = try readVariants()
    } catch {
      return CommandOutcome(Failure(.usage, kind: "usage", "\(error)"))
    }
    var outcome = variants.map { renderVariantsAndWrite($0) } ?? renderAndWrite()
    // Standard output carries only the bytes written there (the image or the JSON); the
    // summary and error objects are left out, and messages still go to standard error.
    if OutputFile.includesStandardOutput(outputPaths(variants: variants)),
      outcome.standardOutputBytes.isEmpty
    {
      outcome.output = .text("")
    }
    return outcome
  }

  /// Renders and writes the files; the outcome's standard output is the summary, an error, or
  /// the bytes of an output that goes to standard output.
  private func renderAndWrite() -> CommandOutcome {
    guard let format = imageFormat else {
      return CommandOutcome(Failure(.internal, kind: "internal", "no format"))
    }
    let made: LaidOutText
    switch layout.makeLayout() {
    case .failure(let failure): return CommandOutcome(failure)
    case .success(let value): made = value
    }
    var job = made.job
    job.render = renderSettings(format)
    let image: RenderedImage
    do {
      image = try made.runner.render(made.result, of: job)
    } catch {
      return CommandOutcome(error)
    }
    var contents = [image.data]
    if json != nil {
      let document = JSONDocument.layout(made.layout, image: image.geometry)
      contents.append(document.bytes + [UInt8(ascii: "\n")])
    }
    let written: [UInt8]
    do {
      let files = try OutputFile.resolveAll(outputPaths(variants: nil))
      written = try OutputWriter.writeAll(Array(zip(files, contents)))
    } catch {
      return CommandOutcome(Failure(.output, kind: "outputFailed", error.message))
    }
    let warnings = made.warnings.joined(separator: "\n")
    guard written.isEmpty else { return CommandOutcome(bytes: written, standardError: warnings) }
    return CommandOutcome(
      standardOutput: JSONOutput.encodeDocument(
        RenderSummary(format: format, output: output, image: image.geometry)),
      standardError: warnings, status: 0)
  }
}
