import GalleyJobs
import GalleyRender
import GalleySupport
import GalleyTools

/// `galley render --cache-dir`: a build that draws the same labels twice draws them once.
///
/// The key holds everything the files depend on: the job (text, formatter, layout and render
/// options, by ``GalleyJobs/StableDescription``), the variants, which outputs are asked for,
/// the fonts and fontconfig's configuration (``GalleyJobs/CacheGeneration``), the
/// accelerators and Galley's version. Output paths are not in it: the same label drawn to
/// another file is a hit.
extension RenderCommand {
  /// The disk cache of `--cache-dir`, or `nil` without it (or when it cannot be opened, which
  /// is said on standard error).
  func openCache() -> TwoLevelCache<RenderProducts>? {
    guard let cacheDir else { return nil }
    do {
      return try TwoLevelCache<RenderProducts>(
        memoryCapacity: 0, directory: cacheDir, diskCapacity: cacheDiskSize << 20,
        report: { Self.warn($0) })
    } catch {
      Self.warn("the cache is not used: \(error)")
      return nil
    }
  }

  /// Says something about the cache on standard error at once.
  private static func warn(_ message: String) {
    try? FileDescriptor(rawValue: 2).writeAll(Array("warning: \(message)\n".utf8))
  }

  /// The cache key of a prepared job, or `nil` when its options cannot be described stably
  /// (a glyph typesetter that is a class): such a job is drawn every time.
  func cacheKey(_ prepared: PreparedText, variants: [RenderVariant]?) -> String? {
    guard let job = StableDescription.of(prepared.job),
      let variantList = StableDescription.of(variants as Any)
    else { return nil }
    let outputs = [
      "json=\(json.map { $0.contains(Self.namePlaceholder) ? "each" : "one" } ?? "none")",
      "sheet=\(spriteSheet)", "atlas=\(atlas != nil)",
    ].joined(separator: " ")
    let fontsets =
      layout.fontOptions.fontsets + (layout.fontOptions.fontconfigFile.map { [$0] } ?? [])
    let generation = CacheGeneration.make(
      tool: "galley-render", fonts: prepared.fonts, definitionFiles: fontsets,
      settings:
        "accelerators=\(layout.accelerators) builtInAliases=\(!layout.fontOptions.noBuiltInAliases)",
      cacheDirectory: cacheDir)
    return "render \(generation) \(outputs)\n\(job)\n\(variantList)"
  }
}
