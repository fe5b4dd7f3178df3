import GalleyFonts
import GalleyMarkup

/// Lays out formatted text: itemizes it by attributes and fonts, shapes it with HarfBuzz,
/// breaks it into lines with ICU, and positions the lines.
///
/// An engine owns caches of HarfBuzz faces and fonts and is safe to share between threads.
///
/// ```swift
/// let engine = LayoutEngine(fonts: try FontSet())
/// let text = try MarkupFormatter().format("Tap %Lhere%l for %Bmore%b")
/// let layout = try engine.layout(text, options: LayoutOptions(width: 200))
/// ```
///
/// The stages and their outputs: itemization (`TextItem`), shaping (`ShapedItem`), break
/// analysis (`BreakOpportunities`), line breaking (`LineRange`) and positioning (``Layout``).
/// See `docs/design.md`.
public final class LayoutEngine: Sendable {
  /// The fonts the engine resolves families with.
  public let fonts: FontSet
  private let cache = ShapingFontCache()
  /// Words shaped before, or `nil` to shape every run whole (tests compare the two).
  private let words: WordShapes?

  /// Creates an engine over a font set.
  ///
  /// - Parameter fonts: The fonts to resolve families and fallbacks with.
  public init(fonts: FontSet) {
    self.fonts = fonts
    words = WordShapes()
  }

  /// An engine that shapes every run whole when `shapesWords` is false.
  init(fonts: FontSet, shapesWords: Bool) {
    self.fonts = fonts
    words = shapesWords ? WordShapes() : nil
  }

  /// Lays out formatted text.
  ///
  /// - Parameters:
  ///   - text: The text and its runs.
  ///   - options: Width, alignment and spacing.
  /// - Returns: The lines, glyphs and rectangles.
  /// - Throws: ``LayoutError`` for invalid options or an unreadable font.
  public func layout(
    _ text: FormattedText, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> Layout {
    if let problem = options.problem { throw LayoutError(.invalidOptions, problem) }
    if let problem = Self.attributesProblem(text) {
      throw LayoutError(.invalidAttributes, problem)
    }
    let itemization = Itemizer.items(of: text, fonts: fonts, language: options.language)
    let items = itemization.items
    let bytes = Array(text.string.utf8)
    let buffer = ShapingBuffer(words: words)
    func attributes(_ item: TextItem) -> TextAttributes { text.runs[item.runIndex].attributes }
    var shaped: [ShapedItem] = []
    shaped.reserveCapacity(items.count)
    // The fonts this layout uses, found once each in the shared cache.
    var fontsUsed: [(face: Int, size: Double, font: ShapingFont)] = []
    var groupStart = 0
    while groupStart < items.count {
      let first = items[groupStart]
      let size = attributes(first).size
      var groupEnd = groupStart + 1
      while groupEnd < items.count, items[groupEnd].face == first.face,
        attributes(items[groupEnd]).size == size,
        items[groupEnd].utf8Range.lowerBound == items[groupEnd - 1].utf8Range.upperBound
      {
        groupEnd += 1
      }
      let font: ShapingFont
      if let known = fontsUsed.first(where: { $0.face == first.face && $0.size == size }) {
        font = known.font
      } else {
        font = try cache.font(for: itemization.faces[first.face], size: size)
        fontsUsed.append((first.face, size, font))
      }
      shaped += bytes.withUnsafeBufferPointer { paragraph in
        ShapedItem.shapeGroup(
          items[groupStart..<groupEnd], font: font, paragraph: paragraph,
          language: options.language, buffer: buffer,
          characterSpacing: { attributes($0).characterSpacing })
      }
      groupStart = groupEnd
    }
    let offsets = OffsetTable(utf8: bytes)
    let breaks = try BreakOpportunities(offsets: offsets, language: options.language)
    let breaker = LineBreaker(text: text.string, items: shaped)
    let maximumWidth = options.width.map { Int64(($0 * 64).rounded(.down)) }
    let lineRanges = breaker.lines(breaks: breaks, maximumWidth: maximumWidth, text: text.string)
    let positioner = LinePositioner(
      text: text, items: shaped, faces: itemization.faces, offsets: offsets, options: options,
      bytes: bytes)
    // A break where HarfBuzz says it is unsafe: shape the line's part of the item again.
    return positioner.layout(lineRanges) { shapedItem, range in
      bytes.withUnsafeBufferPointer { paragraph in
        ShapedItem.shape(
          shapedItem.item, range: range, font: shapedItem.font, paragraph: paragraph,
          language: options.language, buffer: buffer,
          characterSpacing: attributes(shapedItem.item).characterSpacing)
      }
    }
  }

  /// The smallest box that holds the text laid out at `width`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The width to wrap at, or `nil` for the intrinsic size (no wrapping).
  ///   - options: Other options; their width is replaced.
  /// - Returns: The widest line's width and the total height.
  /// - Throws: ``LayoutError`` as ``layout(_:options:)`` does.
  public func sizeThatFits(
    _ text: FormattedText, width: Double?, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> Layout.Size {
    var options = options
    options.width = width
    let layout = try layout(text, options: options)
    let widest = layout.lines.map(\.width).max() ?? 0
    return Layout.Size(width: widest, height: layout.size.height)
  }

  /// Why a run's attributes cannot be laid out, or `nil`: the formatter's ranges, checked
  /// again for text built by hand, so no size or offset can overflow the engine's fixed point.
  static func attributesProblem(_ text: FormattedText) -> String? {
    for (index, run) in text.runs.enumerated() {
      let attributes = run.attributes
      if !(attributes.size > 0 && attributes.size <= MarkupFormatter.maximumSize) {
        return "run \(index): the size must be above 0 and at most 1000"
      }
      if !(abs(attributes.characterSpacing) <= MarkupFormatter.maximumCharacterSpacing) {
        return "run \(index): the character spacing must be within ±10"
      }
      if !(abs(attributes.baselineShift) <= MarkupFormatter.maximumBaselineShift) {
        return "run \(index): the baseline shift must be within ±1000"
      }
    }
    return nil
  }
}
