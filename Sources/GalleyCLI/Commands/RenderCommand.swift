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

  @Option(
    help: """
      A directory that keeps what this command draws, shared by runs and processes: a label \
      drawn before (same text, options and fonts) is read back instead of drawn again.
      """)
  var cacheDir: String?

  @Option(
    parsing: .unconditional,
    help: """
      The most the cache's files may take, in MB (1...1048576); past it, the least recently \
      used go.
      """)
  var cacheDiskSize = 1024

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
    guard (1...1_048_576).contains(cacheDiskSize) else {
      throw ValidationError("'--cache-disk-size' must be in 1...1048576 MB.")
    }
    if let cacheDir, let problem = TwoLevelCache<RenderProducts>.problem(withDirectory: cacheDir) {
      throw ValidationError("'--cache-dir': \(problem).")
    }
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
    var outcome = renderAndWrite(variants: variants)
    // Standard output carries only the bytes written there (the image or the JSON); the
    // summary and error objects are left out, and messages still go to standard error.
    if OutputFile.includesStandardOutput(outputPaths(variants: variants)),
      outcome.standardOutputBytes.isEmpty
    {
      outcome.output = .text("")
    }
    return outcome
  }

  /// Draws (or finds in the cache) and writes the files; the outcome's standard output is the
  /// summary, an error, or the bytes of an output that goes to standard output.
  private func renderAndWrite(variants: [RenderVariant]?) -> CommandOutcome {
    guard let format = imageFormat else {
      return CommandOutcome(Failure(.internal, kind: "internal", "no format"))
    }
    let products: RenderProducts
    switch layout.prepareText().flatMap({ makeProducts($0, format: format, variants: variants) }) {
    case .failure(let failure): return CommandOutcome(failure)
    case .success(let value): products = value
    }
    let written: [UInt8]
    do {
      let files = try OutputFile.resolveAll(outputPaths(variants: variants))
      written = try OutputWriter.writeAll(Array(zip(files, products.contents)))
    } catch {
      return CommandOutcome(Failure(.output, kind: "outputFailed", error.message))
    }
    guard written.isEmpty else {
      return CommandOutcome(bytes: written, standardError: products.warnings)
    }
    return CommandOutcome(
      standardOutput: summary(products, format: format, variants: variants),
      standardError: products.warnings, status: 0)
  }

  /// What the command draws for a prepared job: from `--cache-dir` when it holds them, else
  /// laid out and drawn (and kept there).
  private func makeProducts(
    _ prepared: PreparedText, format: ImageFormat, variants: [RenderVariant]?
  ) -> Result<RenderProducts, Failure> {
    // The render settings are part of the job, and so of its cache key.
    var prepared = prepared
    prepared.job.render = renderSettings(format)
    let cache = openCache()
    let key = cache.flatMap { _ in cacheKey(prepared, variants: variants) }
    if let cache, let key, var found = cache.value(forKey: key) {
      found.isFromCache = true
      return .success(found)
    }
    let drawn = layout.layOut(prepared).flatMap { made in
      Result { () throws(Failure) in try draw(made, format: format, variants: variants) }
    }
    if let cache, let key, case .success(let products) = drawn {
      cache.insert(products, forKey: key)
    }
    return drawn
  }

  /// Draws a laid-out job: one image, one per variant, or a sprite sheet.
  private func draw(
    _ made: LaidOutText, format: ImageFormat, variants: [RenderVariant]?
  ) throws(Failure) -> RenderProducts {
    let job = made.job
    if let variants {
      return spriteSheet
        ? try sheetProducts(made, job: job, variants: variants)
        : try imageProducts(made, job: job, variants: variants)
    }
    let image = try made.runner.render(made.result, of: job)
    var contents = [image.data]
    if json != nil {
      let document = JSONDocument.layout(made.layout, image: image.geometry)
      contents.append(document.bytes + [UInt8(ascii: "\n")])
    }
    return RenderProducts(
      contents: contents, geometries: [image.geometry],
      warnings: made.warnings.joined(separator: "\n"))
  }

  /// The summary printed after the files are written.
  private func summary(
    _ products: RenderProducts, format: ImageFormat, variants: [RenderVariant]?
  ) -> String {
    guard let variants else {
      let geometry =
        products.geometries.first
        ?? ImageGeometry(width: 0, height: 0, scale: 1, originX: 0, originY: 0)
      var summary = RenderSummary(format: format, output: output, image: geometry)
      summary.cache = cacheDir.map { _ in products.isFromCache ? "hit" : "miss" }
      return JSONOutput.encodeDocument(summary)
    }
    let entries = zip(variants, products.geometries).map { variant, geometry in
      VariantsSummary.Entry(
        name: variant.name,
        output: spriteSheet ? nil : output.replacing(Self.namePlaceholder, with: variant.name),
        image: geometry)
    }
    var summary = VariantsSummary(format: format, variants: entries)
    summary.cache = cacheDir.map { _ in products.isFromCache ? "hit" : "miss" }
    if spriteSheet {
      summary.output = output
      summary.atlas = atlas
    }
    return JSONOutput.encodeDocument(summary)
  }
}
