import GalleyFonts
import GalleyMarkup

/// The shaping stage: finds each item's font, shapes items (through the ``Shaper``: its
/// accelerators where they apply, HarfBuzz otherwise) and shapes again the part of an item that a line break cuts where
/// HarfBuzz says it is unsafe.
///
/// Made per layout: it owns the layout's HarfBuzz buffer (one-thread-at-a-time) and the fonts
/// the layout uses. Input: the ``Itemization``; output: one ``ShapedItem`` per item.
final class Shaping {
  private let paragraph: Paragraph
  /// What shaping reads of each attributed run, by run index.
  ///
  /// Copied once per layout, since reading a run of the text copies all its attributes. The
  /// spacing includes the label's (``LayoutOptions/characterSpacing``).
  private let runStyles: [RunStyle]

  /// A run's attributes that shaping reads.
  private struct RunStyle {
    var size: Double
    /// The run's character spacing plus the layout's.
    var spacing: Double
    var features: FontFeatures
    var variations: FontVariations
    /// The run's language (`%{de}G`), else the layout's.
    var language: ShapingLanguage
  }
  /// Label-wide kerning table (``LayoutOptions/kerningTable``).
  private let kerningTable: [Character: Double]
  /// ``LayoutOptions/features``, under every item's own.
  private let layoutFeatures: FontFeatures
  /// ``LayoutOptions/variations``, under every item's own.
  private let layoutVariations: FontVariations
  /// ``LayoutOptions/opticalSizing``.
  private let opticalSizing: Bool
  /// The feature lists of this layout's items, numbered as ``ShapedItem/featuresIndex``.
  private(set) var featureLists = FeatureLists()
  /// The last list of features made and its number, which the next item most likely has too.
  private var lastFeatures: (list: FontFeatures, index: Int32)?
  private let cache: ShapingFontCache
  private let shaper: Shaper
  /// The fonts this layout uses, found once each in the shared cache.
  private var fontsUsed:
    [(face: Int, size: Double, variations: FontVariations, font: ShapingFont)] = []

  /// Prepares shaping for one layout.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - text: The formatted text, for each item's size and character spacing.
  ///   - options: The language, the features, and the label-wide spacing.
  ///   - cache: The engine's shared fonts.
  ///   - accelerators: The engine's shaping accelerators.
  ///   - spanLanguages: Whether some run may set its own language (else none is read).
  init(
    paragraph: Paragraph, text: FormattedText, options: LayoutOptions, cache: ShapingFontCache,
    accelerators: AcceleratorChain, spanLanguages: Bool = true
  ) {
    self.paragraph = paragraph
    let layoutLanguage = ShapingLanguage(options.language)
    runStyles = text.runs.map { run in
      RunStyle(
        size: run.attributes.size,
        spacing: run.attributes.characterSpacing + options.characterSpacing,
        features: run.attributes.features, variations: run.attributes.variations,
        language: spanLanguages
          ? run.attributes.language.map(ShapingLanguage.init) ?? layoutLanguage : layoutLanguage)
    }
    kerningTable = options.kerningTable
    layoutFeatures = options.features
    layoutVariations = options.variations
    opticalSizing = options.opticalSizing
    self.cache = cache
    shaper = Shaper(accelerators: accelerators, language: ShapingLanguage(options.language))
  }

  /// Shapes every item; consecutive items that share a face, a size, variations and a level and
  /// touch are
  /// shaped in one HarfBuzz call, unless the second starts a paragraph (see
  /// ``ShapedItem/shapeGroup(_:font:paragraph:shaper:shaping:)``).
  ///
  /// - Parameter itemization: The items and their faces.
  /// - Returns: The shaped items, in the items' order.
  /// - Throws: ``LayoutError/Kind/fontUnusable`` when HarfBuzz cannot read a face.
  func shape(_ itemization: Itemization) throws(LayoutError) -> [ShapedItem] {
    let items = itemization.items
    var shaped: [ShapedItem] = []
    shaped.reserveCapacity(items.count)
    var groupStart = 0
    while groupStart < items.count {
      let first = items[groupStart]
      let size = size(of: first)
      let variations = variations(of: first, in: itemization)
      var groupEnd = groupStart + 1
      while groupEnd < items.count, items[groupEnd].faceIndex == first.faceIndex,
        self.size(of: items[groupEnd]) == size, items[groupEnd].level == first.level,
        items[groupEnd].utf8Range.lowerBound == items[groupEnd - 1].utf8Range.upperBound,
        !items[groupEnd].startsParagraph,
        self.variations(of: items[groupEnd], in: itemization) == variations,
        runStyles[items[groupEnd].runIndex].language == runStyles[first.runIndex].language
      {
        groupEnd += 1
      }
      let font = try font(
        itemization.faces[first.faceIndex], index: first.faceIndex, size: size,
        variations: variations)
      shaped += paragraph.bytes.withUnsafeBufferPointer { bytes in
        ShapedItem.shapeGroup(
          items[groupStart..<groupEnd], font: font, paragraph: bytes, shaper: shaper,
          shaping: { self.shaping(of: $0, paragraph: bytes) })
      }
      groupStart = groupEnd
    }
    if !kerningTable.isEmpty {
      for index in shaped.indices { kern(&shaped[index]) }
    }
    return shaped
  }

  /// Adds the kerning table's space after the clusters that start with one of its characters.
  private func kern(_ item: inout ShapedItem) {
    let size = item.font.size
    item.addSpacing { offset in
      let extra = kerningTable[paragraph.character(at: offset)] ?? 0
      return Int32((extra * size * 64).rounded())
    }
  }

  /// Shapes `range` of an item again, alone: the part of it on one line.
  ///
  /// - Parameters:
  ///   - item: The shaped item.
  ///   - range: UTF-8 offsets inside the item.
  /// - Returns: The part, shaped.
  func reshape(_ item: ShapedItem, range: Range<Int>) -> ShapedItem {
    var reshaped = paragraph.bytes.withUnsafeBufferPointer { bytes in
      ShapedItem.shape(
        item.item, range: range, font: item.font, paragraph: bytes, shaper: shaper,
        shaping: ShapedItem.Shaping(
          features: featureLists[item.featuresIndex], featuresIndex: item.featuresIndex,
          characterSpacing: characterSpacing(of: item.item),
          language: runStyles[item.item.runIndex].language))
    }
    if !kerningTable.isEmpty { kern(&reshaped) }
    return reshaped
  }

  /// The hyphens shaped so far, by font, features, spacing and direction.
  private var hyphens: [HyphenKey: [ShapedGlyph]] = [:]

  /// What a hyphen's glyphs depend on.
  private struct HyphenKey: Hashable {
    var font: ObjectIdentifier
    var featuresIndex: Int32
    var spacing: Double
    var isRightToLeft: Bool
  }

  /// The glyphs of the hyphen drawn at the end of a line that breaks after text of `item`:
  /// U+2010 in the item's font, features and spacing, or `-` when the font has no U+2010;
  /// shaped once per font, features and spacing in a layout.
  ///
  /// - Parameter item: The item of the character before the break.
  /// - Returns: The glyphs, in logical order, their clusters 0.
  func hyphen(after item: ShapedItem) -> [ShapedGlyph] {
    let spacing = characterSpacing(of: item.item)
    let key = HyphenKey(
      font: ObjectIdentifier(item.font), featuresIndex: item.featuresIndex, spacing: spacing,
      isRightToLeft: item.isRightToLeft)
    if let known = hyphens[key] { return known }
    var glyphs = shape("\u{2010}", like: item, spacing: spacing)
    if glyphs.isEmpty || glyphs.contains(where: { $0.glyph == 0 }) {
      glyphs = shape("-", like: item, spacing: spacing)
    }
    hyphens[key] = glyphs
    return glyphs
  }

  /// A string that is not in the text, shaped as `item`'s text is.
  private func shape(_ string: String, like item: ShapedItem, spacing: Double) -> [ShapedGlyph] {
    let bytes = Array(string.utf8)
    var textItem = item.item
    textItem.utf8Range = 0..<bytes.count
    textItem.startsParagraph = false
    return bytes.withUnsafeBufferPointer { buffer in
      ShapedItem.shape(
        textItem, range: textItem.utf8Range, font: item.font, paragraph: buffer, shaper: shaper,
        shaping: ShapedItem.Shaping(
          features: featureLists[item.featuresIndex], featuresIndex: item.featuresIndex,
          characterSpacing: spacing, language: runStyles[item.item.runIndex].language)
      ).glyphs
    }
  }

  private func size(of item: TextItem) -> Double { runStyles[item.runIndex].size }

  /// The coordinates an item asks of a variable face: its weight's and italic's, then the
  /// layout's, then its span's.
  private func variations(of item: TextItem, in itemization: Itemization) -> FontVariations {
    let styled = itemization.faceVariations[item.faceIndex]
    let span = runStyles[item.runIndex].variations
    if styled.isEmpty && span.isEmpty { return layoutVariations }
    return styled.merging(layoutVariations).merging(span)
  }

  private func characterSpacing(of item: TextItem) -> Double {
    runStyles[item.runIndex].spacing
  }

  /// The optional ligatures letter spacing turns off, as CSS and Pango do.
  private static let optionalLigatures = ["liga", "clig", "dlig", "hlig"].compactMap {
    FontFeatures.Feature(tag: $0, value: 0)
  }

  /// An item's features and spacing.
  private func shaping(of item: TextItem, paragraph: UnsafeBufferPointer<UInt8>)
    -> ShapedItem.Shaping
  {
    let spacing = characterSpacing(of: item)
    let index = features(of: item, spaced: spacing != 0, paragraph: paragraph)
    return ShapedItem.Shaping(
      features: featureLists[index], featuresIndex: index, characterSpacing: spacing,
      language: runStyles[item.runIndex].language)
  }

  /// An item's features: the layout's, then (in a spaced item not in a cursive script) the
  /// optional ligatures off where neither the layout nor the span names them, then the span's;
  /// as their number in ``featureLists`` (0 when that is nothing).
  private func features(
    of item: TextItem, spaced: Bool, paragraph: UnsafeBufferPointer<UInt8>
  ) -> Int32 {
    let span = runStyles[item.runIndex].features
    if layoutFeatures.isEmpty && span.isEmpty && !spaced { return 0 }
    var list = span.isEmpty ? layoutFeatures : layoutFeatures.merging(span)
    if spaced && !CursiveScripts.contains(ShapingScript(guessing: paragraph, item.utf8Range)) {
      for feature in Self.optionalLigatures where list.value(forTag: feature.tag) == nil {
        list.set(feature)
      }
    }
    if list.isEmpty { return 0 }
    if let last = lastFeatures, last.list == list { return last.index }
    let index = featureLists.number(of: list)
    lastFeatures = (list, index)
    return index
  }

  /// The font of a face at a size and coordinates: from this layout's list, else from the
  /// shared cache.
  private func font(
    _ face: FaceDescriptor, index: Int, size: Double, variations: FontVariations
  ) throws(LayoutError) -> ShapingFont {
    if let known = fontsUsed.first(where: {
      $0.face == index && $0.size == size && $0.variations == variations
    }) {
      return known.font
    }
    let font = try cache.font(
      for: face, size: size, variations: variations, opticalSizing: opticalSizing)
    fontsUsed.append((index, size, variations, font))
    return font
  }
}
