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

  /// One image per variant, then the layout documents, in ``outputPaths(variants:)``'s order.
  func imageProducts(
    _ made: LaidOutText, job: TextJob, variants: [RenderVariant]
  ) throws(Failure) -> RenderProducts {
    let images = try made.runner.render(made.result, of: job, variants: variants)
    var contents = images.map(\.data)
    if let json {
      contents += layoutDocuments(made.layout, json: json, geometries: images.map(\.geometry))
    }
    return RenderProducts(
      contents: contents, geometries: images.map(\.geometry),
      warnings: made.warnings.joined(separator: "\n"))
  }

  /// The sheet, the layout documents and the atlas, in ``outputPaths(variants:)``'s order.
  func sheetProducts(
    _ made: LaidOutText, job: TextJob, variants: [RenderVariant]
  ) throws(Failure) -> RenderProducts {
    let sheet = try made.runner.renderSpriteSheet(made.result, of: job, variants: variants)
    let geometries = sheet.atlas.frames.map(\.geometry)
    var contents = [sheet.png]
    if let json { contents += layoutDocuments(made.layout, json: json, geometries: geometries) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let atlasData = try? encoder.encode(sheet.atlas) else {
      throw Failure(.internal, kind: "internal", "the atlas could not be encoded")
    }
    contents.append(Array(atlasData) + [UInt8(ascii: "\n")])
    return RenderProducts(
      contents: contents, geometries: geometries,
      warnings: made.warnings.joined(separator: "\n"))
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
