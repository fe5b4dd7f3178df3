import ArgumentParser
import GalleyJobs
import GalleyLayout
import GalleyRender
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `galley render --variants`: one image per variant (`-o` with `{name}`), or one sprite
/// sheet and its atlas (`--sprite-sheet --atlas`).
extension RenderCommand {
  /// The placeholder in `-o` and `--json` that each variant's name replaces.
  static let namePlaceholder = "{name}"

  /// The variants of `--variants`, or `nil` without it.
  ///
  /// - Throws: `ValidationError` for a file that cannot be read or holds a bad variant.
  func readVariants() throws -> [RenderVariant]? {
    guard let variants, let imageFormat else { return nil }
    return try VariantsFile.read(
      path: variants, base: renderSettings(imageFormat), seed: layout.glyphOptions.seed)
  }

  /// Refuses variant options that do not go together.
  ///
  /// - Throws: `ValidationError`.
  func validateVariantOptions(_ format: ImageFormat, variants: [RenderVariant]?) throws {
    let hasPlaceholder = output.contains(Self.namePlaceholder)
    guard variants != nil else {
      if spriteSheet || atlas != nil {
        throw ValidationError("'--sprite-sheet' and '--atlas' need '--variants'.")
      }
      if hasPlaceholder || json?.contains(Self.namePlaceholder) == true {
        throw ValidationError("'\(Self.namePlaceholder)' in a path needs '--variants'.")
      }
      return
    }
    if spriteSheet {
      guard atlas != nil else { throw ValidationError("'--sprite-sheet' needs '--atlas FILE'.") }
      guard format == .png else { throw ValidationError("A sprite sheet is a PNG image.") }
      guard !hasPlaceholder else {
        throw ValidationError("With '--sprite-sheet', '-o' is one file: leave out '{name}'.")
      }
    } else {
      guard atlas == nil else { throw ValidationError("'--atlas' needs '--sprite-sheet'.") }
      guard hasPlaceholder else {
        throw ValidationError(
          "With '--variants', '-o' needs '{name}' (one image per variant) or '--sprite-sheet'.")
      }
    }
  }

  /// Each output's option and path, for ``OutputFile/resolveAll(_:)``: per variant where a
  /// path holds `{name}`.
  func outputPaths(variants: [RenderVariant]?) -> [(option: String, path: String)] {
    var paths: [(option: String, path: String)] = []
    func add(_ option: String, _ path: String) {
      guard let variants, path.contains(Self.namePlaceholder) else {
        paths.append((option, path))
        return
      }
      for variant in variants {
        paths.append((option, path.replacing(Self.namePlaceholder, with: variant.name)))
      }
    }
    add("-o", output)
    if let json { add("--json", json) }
    if let atlas { paths.append(("--atlas", atlas)) }
    return paths
  }

  /// Renders every variant and writes the files.
  func renderVariantsAndWrite(_ variants: [RenderVariant]) -> CommandOutcome {
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
    let drawn: (contents: [[UInt8]], summary: VariantsSummary)
    do {
      drawn =
        spriteSheet
        ? try sheetContents(made, job: job, variants: variants)
        : try imageContents(made, job: job, variants: variants)
    } catch {
      return CommandOutcome(error)
    }
    let written: [UInt8]
    do {
      let files = try OutputFile.resolveAll(outputPaths(variants: variants))
      written = try OutputWriter.writeAll(Array(zip(files, drawn.contents)))
    } catch {
      return CommandOutcome(Failure(.output, kind: "outputFailed", error.message))
    }
    let warnings = made.warnings.joined(separator: "\n")
    guard written.isEmpty else { return CommandOutcome(bytes: written, standardError: warnings) }
    return CommandOutcome(
      standardOutput: JSONOutput.encodeDocument(drawn.summary), standardError: warnings,
      status: 0)
  }

  /// One image per variant, then the layout documents, in ``outputPaths(variants:)``'s order.
  private func imageContents(
    _ made: LaidOutText, job: TextJob, variants: [RenderVariant]
  ) throws(Failure) -> ([[UInt8]], VariantsSummary) {
    let images = try made.runner.render(made.result, of: job, variants: variants)
    var contents = images.map(\.data)
    if let json {
      contents += layoutDocuments(made.layout, json: json, geometries: images.map(\.geometry))
    }
    let entries = zip(variants, images).map { variant, image in
      VariantsSummary.Entry(
        name: variant.name,
        output: output.replacing(Self.namePlaceholder, with: variant.name), image: image.geometry)
    }
    return (contents, VariantsSummary(format: job.render.format, variants: entries))
  }

  /// The sheet, the layout documents and the atlas, in ``outputPaths(variants:)``'s order.
  private func sheetContents(
    _ made: LaidOutText, job: TextJob, variants: [RenderVariant]
  ) throws(Failure) -> ([[UInt8]], VariantsSummary) {
    let sheet = try made.runner.renderSpriteSheet(made.result, of: job, variants: variants)
    var contents = [sheet.png]
    if let json {
      contents += layoutDocuments(
        made.layout, json: json, geometries: sheet.atlas.frames.map(\.geometry))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let atlasData = try? encoder.encode(sheet.atlas) else {
      throw Failure(.internal, kind: "internal", "the atlas could not be encoded")
    }
    contents.append(Array(atlasData) + [UInt8(ascii: "\n")])
    let entries = sheet.atlas.frames.map { frame in
      VariantsSummary.Entry(name: frame.name, output: nil, image: frame.geometry)
    }
    var summary = VariantsSummary(format: .png, variants: entries)
    summary.output = output
    summary.atlas = atlas
    return (contents, summary)
  }

  /// The layout documents of `--json`: one per variant with its image geometry when the path
  /// holds `{name}`, else one without an image.
  private func layoutDocuments(
    _ layout: Layout, json: String, geometries: [ImageGeometry]
  ) -> [[UInt8]] {
    let newline = [UInt8(ascii: "\n")]
    guard json.contains(Self.namePlaceholder) else {
      return [JSONDocument.layout(layout, image: nil).bytes + newline]
    }
    return geometries.map { JSONDocument.layout(layout, image: $0).bytes + newline }
  }
}
