import ArgumentParser
import GalleyLayout
import GalleyMarkup
import GalleyRender

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gradient colors written `C1,C2[,C3…]`, each optionally followed by `@OFFSET` (0…1);
/// colors without offsets are spread evenly.
struct GradientStops: ExpressibleByArgument {
  var stops: [RenderOptions.Gradient.Stop]

  init?(argument: String) {
    let items = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard items.count >= 2, items.count <= 256 else { return nil }
    var colors: [TextColor] = []
    var offsets: [Double?] = []
    for item in items {
      let parts = item.split(separator: "@", omittingEmptySubsequences: false)
      guard parts.count <= 2, let color = TextColor(parsing: parts[0]) else { return nil }
      colors.append(color)
      if parts.count == 2 {
        guard let offset = Double(parts[1]), offset >= 0, offset <= 1 else { return nil }
        offsets.append(offset)
      } else {
        offsets.append(nil)
      }
    }
    let even = RenderOptions.Gradient.evenStops(colors)
    stops = zip(even, offsets).map { stop, offset in
      RenderOptions.Gradient.Stop(offset: offset ?? stop.offset, color: stop.color)
    }
  }
}

/// The canvas color: a color, or `transparent`.
struct Background: ExpressibleByArgument, CustomStringConvertible {
  var color: TextColor?

  var description: String { color?.hexString ?? "transparent" }

  init(color: TextColor?) { self.color = color }

  init?(argument: String) {
    if argument.lowercased() == "transparent" {
      color = nil
    } else {
      guard let color = TextColor(parsing: argument) else { return nil }
      self.color = color
    }
  }
}

extension RenderOptions.Gradient.Kind: ExpressibleByArgument {}
extension RenderOptions.Outline.Join: ExpressibleByArgument {}
extension RenderOptions.Outline.Mode: ExpressibleByArgument {}
extension ImageFormat: ExpressibleByArgument {}

extension PNGCompression: ExpressibleByArgument {}

/// The canvas and effect options of `galley render`.
struct EffectOptions: ParsableArguments {
  @Option(parsing: .unconditional, help: "Pixels per point (2 for @2x).")
  var scale: Double = 1

  @Option(help: "The canvas color, or 'transparent'.")
  var background = Background(color: nil)

  @Option(parsing: .unconditional, help: "Points of empty space around the text and its effects.")
  var padding: Double = 0

  @Option(
    parsing: .unconditional,
    help: "Shadow offset X,Y in points, such as 2,3 or -2,3 (turns the shadow on; default 0,1).")
  var shadowOffset: NumberPair?
  @Option(parsing: .unconditional, help: "Shadow blur radius in points (turns the shadow on).")
  var shadowBlur: Double?
  @Option(help: "Shadow color (turns the shadow on; default #00000080).")
  var shadowColor: TextColor?

  @Option(
    parsing: .unconditional, help: "Glow blur radius in points (turns the glow on; default 4).")
  var glowBlur: Double?
  @Option(help: "Glow color (turns the glow on; default #FFFFFF).")
  var glowColor: TextColor?

  @Option(
    parsing: .unconditional,
    help: "Inner shadow offset X,Y in points (turns it on; default 0,1).")
  var innerShadowOffset: NumberPair?
  @Option(
    parsing: .unconditional, help: "Inner shadow blur radius in points (turns it on; default 2).")
  var innerShadowBlur: Double?
  @Option(help: "Inner shadow color (turns it on; default #000000B0).")
  var innerShadowColor: TextColor?

  @Option(help: "Gradient colors C1,C2[,…], each optionally with @OFFSET (0…1).")
  var gradient: GradientStops?
  @Option(help: "Gradient kind: linear or radial (default linear).")
  var gradientType: RenderOptions.Gradient.Kind?
  @Option(
    parsing: .unconditional,
    help: "Gradient start X,Y in unit coordinates of the text (radial: the center; default 0.5,0).")
  var gradientStart: NumberPair?
  @Option(
    parsing: .unconditional,
    help: "Gradient end X,Y in unit coordinates of the text (radial: on the rim; default 0.5,0.75)."
  )
  var gradientEnd: NumberPair?

  @Option(
    parsing: .unconditional,
    help: "Outline width in points, drawn outside the glyphs (turns the outline on).")
  var outlineWidth: Double?
  @Option(help: "Outline color (default black).")
  var outlineColor: TextColor?
  @Option(help: "Outline corners: round, miter or bevel (default round).")
  var outlineJoin: RenderOptions.Outline.Join?
  @Option(
    help:
      "Outline shapes: connected (one outline) or glyphs (each glyph in turn; default connected).")
  var outlineMode: RenderOptions.Outline.Mode?

  @Option(
    parsing: .unconditional,
    help: "Draw at N times the resolution and scale down (1…4), for small text.")
  var oversample: Int = 1

  @Option(help: "The color of text inside links.")
  var linkColor: TextColor?

  @Flag(help: "Draw line boxes, baselines, link rectangles and glyph boxes over the text.")
  var annotate = false

  var renderOptions: RenderOptions {
    var options = RenderOptions(
      scale: scale, background: background.color, padding: padding, oversampling: oversample,
      linkColor: linkColor, annotates: annotate)
    if shadowOffset != nil || shadowBlur != nil || shadowColor != nil {
      options.shadow = RenderOptions.Shadow(
        offsetX: shadowOffset?.x ?? 0, offsetY: shadowOffset?.y ?? 1, blur: shadowBlur ?? 0,
        color: shadowColor ?? TextColor(red: 0, green: 0, blue: 0, alpha: 128))
    }
    if glowBlur != nil || glowColor != nil {
      options.glow = RenderOptions.Shadow(
        blur: glowBlur ?? 4, color: glowColor ?? TextColor(red: 255, green: 255, blue: 255))
    }
    if innerShadowOffset != nil || innerShadowBlur != nil || innerShadowColor != nil {
      options.innerShadow = RenderOptions.Shadow(
        offsetX: innerShadowOffset?.x ?? 0, offsetY: innerShadowOffset?.y ?? 1,
        blur: innerShadowBlur ?? 2,
        color: innerShadowColor ?? TextColor(red: 0, green: 0, blue: 0, alpha: 176))
    }
    if let gradient {
      options.gradient = RenderOptions.Gradient(
        kind: gradientType ?? .linear, stops: gradient.stops,
        start: gradientStart.map { ($0.x, $0.y) } ?? (0.5, 0),
        end: gradientEnd.map { ($0.x, $0.y) } ?? (0.5, 0.75))
    }
    if let outlineWidth {
      options.outline = RenderOptions.Outline(
        width: outlineWidth, color: outlineColor ?? TextColor(red: 0, green: 0, blue: 0),
        join: outlineJoin ?? .round, mode: outlineMode ?? .connected)
    }
    return options
  }

  func validate() throws {
    if gradient == nil, gradientStart != nil || gradientEnd != nil || gradientType != nil {
      throw ValidationError(
        "'--gradient-start', '--gradient-end' and '--gradient-type' need '--gradient'.")
    }
    if outlineWidth == nil, outlineColor != nil || outlineJoin != nil || outlineMode != nil {
      throw ValidationError(
        "'--outline-color', '--outline-join' and '--outline-mode' need '--outline-width'.")
    }
    if let problem = renderOptions.problem {
      throw ValidationError("Invalid render option: \(problem).")
    }
  }
}

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

  var imageFormat: ImageFormat? { format ?? ImageFormat(pathExtensionOf: output) }

  func validate() throws {
    guard let imageFormat else {
      throw ValidationError(
        "Cannot tell the format of '\(output)': use a .png, .svg or .pdf name, or '--format'.")
    }
    if pngCompression != nil, imageFormat != .png {
      throw ValidationError("'--png-compression' applies to PNG output only.")
    }
    do {
      _ = try OutputFile.resolveAll(outputPaths)
    } catch {
      throw ValidationError(error.sentence)
    }
  }

  /// Each output's option and path, for ``OutputFile/resolveAll(_:)``.
  var outputPaths: [(option: String, path: String)] {
    [("-o", output)] + (json.map { [("--json", $0)] } ?? [])
  }

  /// What `galley render` prints: the file written and the image geometry.
  private struct Summary: Encodable {
    var schemaVersion = 1
    var format: ImageFormat
    var output: String
    var image: ImageGeometry
  }

  func execute() -> CommandOutcome {
    var outcome = renderAndWrite()
    // Standard output carries only the bytes written there (the image or the JSON); the
    // summary and error objects are left out, and messages still go to standard error.
    if OutputFile.includesStandardOutput(outputPaths), outcome.standardOutputBytes.isEmpty {
      outcome.output = .text("")
    }
    return outcome
  }

  /// Renders and writes the files; the outcome's standard output is the summary, an error, or
  /// the bytes of an output that goes to standard output.
  private func renderAndWrite() -> CommandOutcome {
    let made: LaidOutText
    switch layout.makeLayout() {
    case .failure(let outcome): return outcome
    case .success(let value): made = value
    }
    guard let format = imageFormat else { return failure("internal", "no format") }
    let image: RenderedImage
    do {
      image = try Renderer().render(
        made.layout, options: effects.renderOptions, format: format,
        pngCompression: pngCompression ?? .balanced)
    } catch {
      return failure(error.kind.rawValue, error.message)
    }
    var contents = [image.data]
    if json != nil {
      let document = JSONDocument.layout(made.layout, image: image.geometry)
      contents.append(document.bytes + [UInt8(ascii: "\n")])
    }
    let written: [UInt8]
    do {
      let files = try OutputFile.resolveAll(outputPaths)
      written = try OutputWriter.writeAll(Array(zip(files, contents)))
    } catch {
      return failure("outputFailed", error.message)
    }
    let warnings = made.warnings.joined(separator: "\n")
    guard written.isEmpty else { return CommandOutcome(bytes: written, standardError: warnings) }
    return CommandOutcome(
      standardOutput: JSONOutput.encodeDocument(
        Summary(format: format, output: output, image: image.geometry)),
      standardError: warnings, status: 0)
  }

  private func failure(_ kind: String, _ message: String) -> CommandOutcome {
    CommandOutcome(
      standardOutput: JSONOutput.errorDocument(kind: kind, message),
      standardError: "error: \(message)", status: ExitStatus.dataError.rawValue)
  }
}
