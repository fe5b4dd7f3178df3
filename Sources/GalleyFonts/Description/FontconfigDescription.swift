internal import CFontconfig
import GalleyStyle

/// Reads a fontconfig pattern (`DejaVu Sans:weight=200:slant=100`) as a ``FontDescription``.
///
/// fontconfig parses it (`FcNameParse`); the families, the weight (fontconfig's scale, turned
/// into CSS with `FcWeightToOpenTypeDouble`), the slant (`100` italic, `110` oblique), the
/// width, the size (`size`, or `pixelsize`: the same in Galley), `fontvariations` and
/// `fontfeatures` become the description's.
enum FontconfigDescription {
  static func parse(_ text: String) throws(FontDescriptionError) -> FontDescription {
    func fail(_ reason: String) -> FontDescriptionError {
      FontDescriptionError(word: text, offset: 0, reason: reason, suggestion: nil)
    }
    guard let handle = withFontconfigString(text, { FcNameParse($0) }) else {
      throw fail("fontconfig cannot read this pattern (such as 'DejaVu Sans:weight=200:slant=100')")
    }
    let pattern = Pattern(adopting: handle)
    var description = FontDescription(families: pattern.strings(FC_FAMILY))
    if let weight = pattern.number(FC_WEIGHT) {
      description.weight = min(1000, max(1, Int(FcWeightToOpenTypeDouble(weight).rounded())))
    }
    switch pattern.integer(FC_SLANT) {
    case Int(FC_SLANT_ITALIC): description.slant = .italic
    case Int(FC_SLANT_OBLIQUE): description.slant = .oblique
    case Int(FC_SLANT_ROMAN): description.slant = .upright
    default: break
    }
    if let width = pattern.number(FC_WIDTH) { description.width = width }
    if let size = pattern.number(FC_SIZE) ?? pattern.number(FC_PIXEL_SIZE) {
      guard size > 0, size <= PangoDescriptionParser.maximumSize else {
        throw fail("a size must be above 0 and at most 1000")
      }
      description.size = size
    }
    do throws(FontVariationError) {
      if let variations = pattern.string(FC_FONT_VARIATIONS) {
        description.variations = try FontVariations(parsing: variations)
      }
    } catch {
      throw fail(error.description)
    }
    do throws(FontFeatureError) {
      for features in pattern.strings(FC_FONT_FEATURES) {
        description.features = description.features.merging(try FontFeatures(parsing: features))
      }
    } catch {
      throw fail(error.description)
    }
    return description
  }
}
