import GalleyFonts
import GalleyLayout
import GalleyMarkup

extension TextJob {
  /// Takes a font description's parts as the job's defaults, below what the job sets already.
  ///
  /// The description sets what the text starts in and what `%N` restores: the family, the
  /// weight (clamped to CSS's 100 to 1,000), italic (for `Italic` and `Oblique`) and the size;
  /// its width becomes ``GalleyLayout/LayoutOptions/fontWidth``; its variant's and its own
  /// features, and its coordinates, go under the layout's own
  /// (``GalleyLayout/LayoutOptions/features``, ``GalleyLayout/LayoutOptions/variations``),
  /// so an item the job already has for the same tag wins. Parts the description leaves out
  /// keep the job's values. A caller whose options also set a family or a size sets them after
  /// this, so they win.
  ///
  /// - Parameters:
  ///   - description: The description.
  ///   - fonts: The font set that picks the first installed family of a description that
  ///     lists several (``GalleyFonts/FontSet/family(for:)``), or `nil` to take the first.
  package mutating func apply(_ description: FontDescription, fonts: FontSet?) {
    if let first = description.families.first {
      formatter.defaultFamily = fonts?.family(for: description) ?? first
    }
    if let weight = description.weight { formatter.defaultWeight = min(1000, max(100, weight)) }
    if let slant = description.slant { formatter.defaultItalic = slant != .upright }
    if let size = description.size { formatter.defaultSize = size }
    if description.width != nil { layoutOptions.fontWidth = description.resolvedWidth }
    layoutOptions.features = description.allFeatures.merging(layoutOptions.features)
    layoutOptions.variations = description.variations.merging(layoutOptions.variations)
    layoutOptions.truncationToken.formatter = formatter
  }
}
