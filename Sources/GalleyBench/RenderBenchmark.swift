import ArgumentParser
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyOptions
import GalleyRender
import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley-bench render`: labels drawn per second, layout included, plain and with effects.
struct RenderBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Lay out and draw each line of a corpus as one label; report throughput as JSON.",
    discussion: """
      Each corpus line is laid out and drawn into pixels (no file encoding), once plainly and \
      once with effects (--effects; by default a shadow, a gradient and an outline). Prints \
      labelsPerSecond and microsecondsPerLabel for layout alone, plain drawing (layout \
      included), drawing alone (rasterizeOnly, layouts made beforehand) and drawing with \
      effects, the same for PNG encoding of the plain images (at each compression level, with \
      the average file size), a blur scaling table (cost per \
      pixel for three blur radii), a length scaling table (the first line repeated 1, 10 and \
      100 times as one paragraph) and peak memory.
      """
  )

  @OptionGroup var input: CorpusOptions

  @OptionGroup(title: "Glyph typesetters") var glyphs: GlyphOptions

  @Option(help: "The order glyphs are drawn in: logical, reverse or random (with --seed).")
  var drawOrder: DrawOrderName = .logical

  @Option(help: "Pixels per point.")
  var scale: Double = 1

  @Option(help: "The effects of the second measurement, from shadow, gradient, outline, glow.")
  var effects: String = "shadow,gradient,outline"

  @Option(
    help: """
      The measurements to make, from layout, plain, raster, effects, encode, blur, length (to \
      profile one of them).
      """)
  var only: String = "layout,plain,raster,effects,encode,blur,length"

  func validate() throws {
    guard input.width <= 10_000 else { throw ValidationError("'--width' is out of range.") }
    guard scale > 0, scale <= 8 else { throw ValidationError("'--scale' is out of range.") }
    let known: Set = ["shadow", "gradient", "outline", "glow", "none"]
    for effect in effects.split(separator: ",") where !known.contains(String(effect)) {
      throw ValidationError(
        "Unknown effect '\(effect)': use shadow, gradient, outline, glow or none.")
    }
    let measurements: Set = ["layout", "plain", "raster", "effects", "encode", "blur", "length"]
    for name in only.split(separator: ",") where !measurements.contains(String(name)) {
      throw ValidationError(
        "Unknown measurement '\(name)': use layout, plain, raster, effects, encode, blur or length."
      )
    }
  }

  func run() throws {
    let texts = try input.texts()
    let passes = input.passes
    let runner = try input.runner()
    let (engine, renderer) = (runner.engine, runner.renderer)
    var layoutOptions = input.layoutOptions
    glyphs.apply(to: &layoutOptions)
    var plainOptions = RenderOptions(scale: scale)
    plainOptions.drawOrder = drawOrder.drawOrder(seed: glyphs.seed)
    var effectOptions = chosenEffects()
    effectOptions.drawOrder = plainOptions.drawOrder
    var pixels = 0
    for text in texts {
      let bitmap = try renderer.rasterize(
        try engine.layout(text, options: layoutOptions), options: plainOptions)
      pixels += bitmap.width * bitmap.height
    }
    func measure(_ options: RenderOptions) throws -> Double {
      try Measurement.medianSeconds(warmups: 1, passes: passes) {
        for text in texts {
          _ = try renderer.rasterize(
            try engine.layout(text, options: layoutOptions), options: options)
        }
      }
    }
    let wanted = Set(only.split(separator: ",").map(String.init))
    let count = Double(texts.count)
    var report: [String: JSONValue] = [
      "benchmark": .string("render"),
      "corpus": .string(input.corpus),
      "labels": .number(count),
      "plain": .number(input.plain ? 1 : 0),
      "scale": .number(scale),
      "averagePixelsPerLabel": .number(Double(pixels) / count),
      "effects": .string(effects),
      "typesetters": .string(
        layoutOptions.glyphTypesetters.map { "\($0.base)" }.joined(separator: ", ")),
    ]
    if wanted.contains("layout") {
      report["layoutOnly"] = Self.figures(
        try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for text in texts { _ = try engine.layout(text, options: layoutOptions) }
        }, count: count)
    }
    if wanted.contains("plain") {
      report["drawPlain"] = Self.figures(try measure(plainOptions), count: count)
    }
    if wanted.contains("effects") {
      report["drawWithEffects"] = Self.figures(try measure(effectOptions), count: count)
    }
    let layouts = try texts.map { try engine.layout($0, options: layoutOptions) }
    if wanted.contains("raster") {
      report["rasterizeOnly"] = Self.figures(
        try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for layout in layouts { _ = try renderer.rasterize(layout, options: plainOptions) }
        }, count: count)
    }
    if wanted.contains("encode") {
      let bitmaps = try layouts.map { try renderer.rasterize($0, options: plainOptions) }
      let (balanced, levels) = try encodingLevels(of: bitmaps)
      report["encodePNG"] = balanced
      report["encodePNGLevels"] = .array(levels)
    }
    if wanted.contains("blur"), let layout = layouts.first {
      report["blurScaling"] = .array(try blurScaling(of: layout, renderer: renderer))
    }
    if wanted.contains("length") {
      let base = texts.first.map { String($0.string) } ?? "lorem ipsum"
      report["lengthScaling"] = .array(
        try lengthScaling(of: base, engine: engine, renderer: renderer))
    }
    report["peakResidentBytes"] = .number(Double(Measurement.peakResidentBytes()))
    print(try JSONValue.object(report).encoded())
  }

  /// Throughput figures for `count` labels drawn in `seconds`.
  private static func figures(_ seconds: Double, count: Double) -> JSONValue {
    .object([
      "medianSeconds": .number(seconds),
      "labelsPerSecond": .number(count / seconds),
      "microsecondsPerLabel": .number(seconds * 1e6 / count),
    ])
  }

  /// The options `--effects` asks for.
  private func chosenEffects() -> RenderOptions {
    var options = RenderOptions(scale: scale)
    let chosen = Set(effects.split(separator: ","))
    if chosen.contains("shadow") {
      options.shadow = RenderOptions.Shadow(offsetX: 1, offsetY: 2, blur: 3)
    }
    if chosen.contains("glow") { options.glow = RenderOptions.Shadow(blur: 4) }
    if chosen.contains("gradient") {
      options.gradient = RenderOptions.Gradient(
        stops: RenderOptions.Gradient.evenStops([
          TextColor(red: 0xFF, green: 0x88, blue: 0), TextColor(red: 0xCC, green: 0, blue: 0),
        ]))
    }
    if chosen.contains("outline") {
      options.outline = RenderOptions.Outline(
        width: 1, color: TextColor(red: 0, green: 0, blue: 0))
    }
    return options
  }

  /// Each PNG compression level: its speed and the average file size; and the figures of
  /// the balanced level.
  private func encodingLevels(
    of bitmaps: [Bitmap]
  ) throws -> (balanced: JSONValue, levels: [JSONValue]) {
    let count = Double(bitmaps.count)
    var balanced = JSONValue.object([:])
    var levels: [JSONValue] = []
    for compression in PNGCompression.allCases {
      var bytes = 0
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: input.passes) {
        bytes = 0
        for bitmap in bitmaps { bytes += try bitmap.pngData(compression: compression).count }
      }
      if compression == .balanced { balanced = Self.figures(seconds, count: count) }
      levels.append(
        .object([
          "compression": .string(compression.rawValue),
          "labelsPerSecond": .number(count / seconds),
          "microsecondsPerLabel": .number(seconds * 1e6 / count),
          "averageBytes": .number(Double(bytes) / count),
        ]))
    }
    return (balanced, levels)
  }

  /// Blur cost against radius: one label with a shadow of growing blur.
  ///
  /// The canvas grows with the radius, so the cost per pixel is what should stay flat.
  private func blurScaling(of layout: Layout, renderer: Renderer) throws -> [JSONValue] {
    try [2.0, 8, 32].map { radius in
      var options = RenderOptions(scale: scale)
      options.shadow = RenderOptions.Shadow(blur: radius)
      let geometry = try renderer.geometry(of: layout, options: options)
      let plainSeconds = try Measurement.medianSeconds(warmups: 1, passes: input.passes) {
        for _ in 0..<20 {
          _ = try renderer.rasterize(layout, options: RenderOptions(scale: scale))
        }
      }
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: input.passes) {
        for _ in 0..<20 { _ = try renderer.rasterize(layout, options: options) }
      }
      let pixels = Double(geometry.width * geometry.height)
      return .object([
        "blur": .number(radius), "imagePixels": .number(pixels),
        "microsecondsPerLabel": .number(seconds * 1e6 / 20),
        "shadowNanosecondsPerPixel": .number((seconds - plainSeconds) * 1e9 / 20 / pixels),
      ])
    }
  }

  /// Cost against text length: `base` repeated 1, 10 and 100 times as one plain paragraph,
  /// laid out and drawn.
  private func lengthScaling(
    of base: String, engine: LayoutEngine, renderer: Renderer
  ) throws -> [JSONValue] {
    let layoutOptions = LayoutOptions(width: input.width)
    let plainOptions = RenderOptions(scale: scale)
    return try [1, 10, 100].map { factor in
      let string = String(repeating: base + " ", count: factor)
      let text = FormattedText(plain: string, attributes: input.formatter.defaultAttributes)
      var pixels = 0
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: 3) {
        let bitmap = try renderer.rasterize(
          try engine.layout(text, options: layoutOptions), options: plainOptions)
        pixels = bitmap.width * bitmap.height
      }
      return .object([
        "characters": .number(Double(string.count)), "imagePixels": .number(Double(pixels)),
        "medianSeconds": .number(seconds),
        "nanosecondsPerCharacter": .number(seconds * 1e9 / Double(string.count)),
      ])
    }
  }
}
