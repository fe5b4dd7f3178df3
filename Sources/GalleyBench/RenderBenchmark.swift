import ArgumentParser
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender

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
    let (width, passes) = (input.width, input.passes)
    let engine = LayoutEngine(fonts: try FontSet())
    let renderer = Renderer()
    let layoutOptions = LayoutOptions(width: width)
    let plainOptions = RenderOptions(scale: scale)
    var effectOptions = RenderOptions(scale: scale)
    let chosen = Set(effects.split(separator: ","))
    if chosen.contains("shadow") {
      effectOptions.shadow = RenderOptions.Shadow(offsetX: 1, offsetY: 2, blur: 3)
    }
    if chosen.contains("glow") { effectOptions.glow = RenderOptions.Shadow(blur: 4) }
    if chosen.contains("gradient") {
      effectOptions.gradient = RenderOptions.Gradient(
        stops: RenderOptions.Gradient.evenStops([
          TextColor(red: 0xFF, green: 0x88, blue: 0), TextColor(red: 0xCC, green: 0, blue: 0),
        ]))
    }
    if chosen.contains("outline") {
      effectOptions.outline = RenderOptions.Outline(
        width: 1, color: TextColor(red: 0, green: 0, blue: 0))
    }

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
    func figures(_ seconds: Double) -> JSONValue {
      .object([
        "medianSeconds": .number(seconds),
        "labelsPerSecond": .number(count / seconds),
        "microsecondsPerLabel": .number(seconds * 1e6 / count),
      ])
    }
    var report: [String: JSONValue] = [
      "benchmark": .string("render"),
      "corpus": .string(input.corpus),
      "labels": .number(count),
      "plain": .number(input.plain ? 1 : 0),
      "scale": .number(scale),
      "averagePixelsPerLabel": .number(Double(pixels) / count),
      "effects": .string(effects),
    ]
    if wanted.contains("layout") {
      report["layoutOnly"] = figures(
        try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for text in texts { _ = try engine.layout(text, options: layoutOptions) }
        })
    }
    if wanted.contains("plain") { report["drawPlain"] = figures(try measure(plainOptions)) }
    if wanted.contains("effects") {
      report["drawWithEffects"] = figures(try measure(effectOptions))
    }
    let layouts = try texts.map { try engine.layout($0, options: layoutOptions) }
    if wanted.contains("raster") {
      report["rasterizeOnly"] = figures(
        try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for layout in layouts { _ = try renderer.rasterize(layout, options: plainOptions) }
        })
    }
    if wanted.contains("encode") {
      let bitmaps = try layouts.map { try renderer.rasterize($0, options: plainOptions) }
      // Each compression level: its speed and the average file size.
      var levels: [JSONValue] = []
      for compression in PNGCompression.allCases {
        var bytes = 0
        let seconds = try Measurement.medianSeconds(warmups: 1, passes: passes) {
          bytes = 0
          for bitmap in bitmaps { bytes += try bitmap.pngData(compression: compression).count }
        }
        if compression == .balanced { report["encodePNG"] = figures(seconds) }
        levels.append(
          .object([
            "compression": .string(compression.rawValue),
            "labelsPerSecond": .number(count / seconds),
            "microsecondsPerLabel": .number(seconds * 1e6 / count),
            "averageBytes": .number(Double(bytes) / count),
          ]))
      }
      report["encodePNGLevels"] = .array(levels)
    }

    // Blur cost against radius: one label with a shadow of growing blur. The canvas grows
    // with the radius, so the cost per pixel is what should stay flat.
    var blurScaling: [JSONValue] = []
    if wanted.contains("blur"), let layout = layouts.first {
      for radius in [2.0, 8, 32] {
        var options = RenderOptions(scale: scale)
        options.shadow = RenderOptions.Shadow(blur: radius)
        let geometry = try renderer.geometry(of: layout, options: options)
        let plainSeconds = try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for _ in 0..<20 {
            _ = try renderer.rasterize(layout, options: RenderOptions(scale: scale))
          }
        }
        let seconds = try Measurement.medianSeconds(warmups: 1, passes: passes) {
          for _ in 0..<20 { _ = try renderer.rasterize(layout, options: options) }
        }
        let pixels = Double(geometry.width * geometry.height)
        blurScaling.append(
          .object([
            "blur": .number(radius), "imagePixels": .number(pixels),
            "microsecondsPerLabel": .number(seconds * 1e6 / 20),
            "shadowNanosecondsPerPixel": .number((seconds - plainSeconds) * 1e9 / 20 / pixels),
          ]))
      }
    }

    // Cost against text length: the first corpus line repeated 1, 10 and 100 times as one
    // plain paragraph, laid out and drawn.
    var lengthScaling: [JSONValue] = []
    let base = texts.first.map { String($0.string) } ?? "lorem ipsum"
    for factor in [1, 10, 100] where wanted.contains("length") {
      let string = String(repeating: base + " ", count: factor)
      let text = FormattedText(plain: string, attributes: input.formatter.defaultAttributes)
      var pixels = 0
      let seconds = try Measurement.medianSeconds(warmups: 1, passes: 3) {
        let bitmap = try renderer.rasterize(
          try engine.layout(text, options: layoutOptions), options: plainOptions)
        pixels = bitmap.width * bitmap.height
      }
      lengthScaling.append(
        .object([
          "characters": .number(Double(string.count)), "imagePixels": .number(Double(pixels)),
          "medianSeconds": .number(seconds),
          "nanosecondsPerCharacter": .number(seconds * 1e9 / Double(string.count)),
        ]))
    }

    if wanted.contains("blur") { report["blurScaling"] = .array(blurScaling) }
    if wanted.contains("length") { report["lengthScaling"] = .array(lengthScaling) }
    report["peakResidentBytes"] = .number(Double(Measurement.peakResidentBytes()))
    print(try JSONValue.object(report).encoded())
  }
}
