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
/// The stages and their outputs: bidi levels (`BidiLevels`, for text that needs them),
/// itemization (`Itemization`), shaping (`ShapedItem`), break analysis (`BreakOpportunities`),
/// line breaking (`TextLine`), line assembly and bidi reordering (`AssembledLine`),
/// justification (`AssembledLine`, stretched), line stacking
/// (`LineStack`), and the builders of lines, link regions, decorations and backgrounds
/// (``Layout``). The design note's stage table names their files.
public final class LayoutEngine: Sendable {
  /// The fonts the engine resolves families with.
  public let fonts: FontSet
  /// The shaping fast paths the engine uses; every setting gives the same layouts.
  public let accelerators: Accelerators
  /// Where ``LayoutOptions/Hyphens/auto`` finds each language's hyphenation dictionary.
  public let hyphenation: HyphenationDictionaries
  private let cache = ShapingFontCache()
  /// The accelerators of ``accelerators``, in the order the shaper asks them.
  private let shapingAccelerators: AcceleratorChain

  /// Creates an engine over a font set.
  ///
  /// - Parameters:
  ///   - fonts: The fonts to resolve families and fallbacks with.
  ///   - accelerators: The shaping fast paths to use (all of them unless told otherwise):
  ///     layouts are the same with any of them, only their cost changes.
  ///   - hyphenation: The hyphenation dictionaries: the machine's unless told otherwise.
  public init(
    fonts: FontSet, accelerators: Accelerators = .all,
    hyphenation: HyphenationDictionaries = .system
  ) {
    self.fonts = fonts
    self.accelerators = accelerators
    self.hyphenation = hyphenation
    var chain: [any ShapingAccelerator] = []
    // The word cache first: a known word costs less than its pairs.
    if accelerators.contains(.wordCache) { chain.append(WordShapes()) }
    if accelerators.contains(.pairShaping) { chain.append(PairShapes()) }
    shapingAccelerators = AcceleratorChain(
      chain, keepsPlans: accelerators.contains(.shapingPlans))
  }

  /// Lays out formatted text.
  ///
  /// Without a maximum number of lines or a height, this runs each stage once. With them, a
  /// text that does not fit is truncated (``LayoutOptions/truncationMode``) or first shrunk
  /// (``LayoutOptions/minimumScaleFactor``); the design note says how many layouts each costs.
  ///
  /// - Parameters:
  ///   - text: The text and its runs.
  ///   - options: The box, alignment, spacing, truncation and autoshrink.
  /// - Returns: The lines, glyphs and rectangles.
  /// - Throws: ``LayoutError`` for invalid options or an unreadable font.
  public func layout(
    _ text: FormattedText, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> Layout {
    if let problem = options.problem { throw LayoutError(.invalidOptions, problem) }
    if let problem = Self.attributesProblem(text) {
      throw LayoutError(.invalidAttributes, problem)
    }
    let placer = GlyphPlacer(options)
    // The stages before glyph placement work in the box the glyph scale leaves them.
    let inner = placer?.innerOptions ?? options
    let minimum = inner.minimumScale(for: text)
    let layout: Layout
    if minimum < 1 {
      layout = try Autoshrinker(
        engine: self, text: text, options: inner, minimum: minimum, placer: placer
      )
      .layout()
    } else {
      layout = try boxLayout(text, options: inner, placer: placer)
    }
    let warnings = LayoutWarnings.of(
      layout, text: text, options: options, hyphenation: hyphenation)
    guard !warnings.isEmpty else { return layout }
    var warned = layout
    warned.warnings = warnings
    return warned
  }

  /// Lays out text at its own size in the box: truncated when the box limits its lines and it
  /// has more, in one pass of the stages otherwise.
  func boxLayout(
    _ text: FormattedText, options: LayoutOptions, scale: Double = 1, placer: GlyphPlacer? = nil
  ) throws(LayoutError) -> Layout {
    guard options.limitsLines else {
      return try finish(
        try assemble(text, options: options), options: options, scale: scale, placer: placer)
    }
    return try Truncator(engine: self, text: text, options: options, placer: placer)
      .layout(scale: scale)
  }

  /// Stages 0 to 5a: the text's lines, assembled and justified.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - options: Valid options.
  ///   - isolated: A UTF-8 range that bidi treats as an isolate (truncation's token), or `nil`.
  ///   - presetLines: Lines to use instead of breaking the text (truncation's), made from its
  ///     paragraph.
  /// - Returns: The lines and what they were made from.
  /// - Throws: ``LayoutError`` for an unreadable font or a line breaker failure.
  func assemble(
    _ text: FormattedText, options: LayoutOptions, isolating isolated: Range<Int>? = nil,
    presetLines: ((Paragraph) -> [TextLine])? = nil
  ) throws(LayoutError) -> AssembledText {
    // The stages, in the order of the design note's stage table.
    let paragraph = Paragraph(text.string)
    let spans = Self.breakSpans(of: text, options: options)
    let levels = try BidiLevels.analyze(
      paragraph, direction: options.direction.base, isolating: isolated,
      separatorsEndParagraphs: false)
    var itemization = Itemizer.items(
      of: text, fonts: fonts, language: options.language, width: options.fontWidth,
      levels: levels, spanLanguages: !spans.isEmpty)
    itemization.split(at: paragraph.paragraphStarts)
    let shaping = Shaping(
      paragraph: paragraph, text: text, options: options, cache: cache,
      accelerators: shapingAccelerators, spanLanguages: !spans.isEmpty)
    let items = try shaping.shape(itemization)
    let tabStops = TabStops(points: options.tabStops)
    let hyphens = LineHyphens(
      paragraph: paragraph, items: items,
      hyphenator: hyphenator(for: paragraph, spans: spans, options: options),
      emergencyBreaks: options.hyphenatesEmergencyBreaks, shape: { shaping.hyphen(after: $0) })
    let breaker = LineBreaker(
      paragraph: paragraph, items: items, tabStops: tabStops, hyphens: hyphens)
    let assembler = LineAssembler(
      paragraph: paragraph, text: text, items: items, tabStops: tabStops, hyphens: hyphens)
    let lines: [TextLine]
    if let presetLines {
      lines = presetLines(paragraph)
    } else {
      let breaks = try BreakOpportunities(
        paragraph, language: options.language, wrap: options.wrap, hyphens: options.hyphens,
        spans: spans)
      lines = breaker.lines(
        breaks: breaks, maximumWidth: options.wrapWidth,
        indentation: { options.indentation(ofLineAt: $0, in: paragraph) },
        allowsOrphans: options.allowsOrphans,
        exact: { assembler.width(of: $0, reshape: shaping.reshape) }, style: options.wrapStyle,
        isJustified: options.alignment == .justify)
    }
    var assembled = assembler.assemble(lines, reshape: shaping.reshape)
    if let levels {
      let reorderer = LineReorderer(paragraph: paragraph, items: items, levels: levels)
      assembled = assembled.map(reorderer.reorder)
    }
    return AssembledText(
      text: text, paragraph: paragraph, faces: itemization.faces, items: items,
      featureLists: shaping.featureLists, breaker: breaker,
      lines: Justifier(paragraph: paragraph, options: options).justify(assembled))
  }

  /// Stages 6 to 8: the lines stacked in the box, the layout built from them, and its glyphs
  /// placed.
  ///
  /// - Parameters:
  ///   - assembled: The assembled lines.
  ///   - options: The options they were assembled with.
  ///   - scale: The autoshrink scale to record.
  ///   - map: The truncation's map back to the text's offsets, or `nil`.
  ///   - placer: The glyph placement, or `nil`.
  /// - Returns: The layout, in the offsets of the text (`assembled.text` without a map).
  /// - Throws: ``LayoutError`` when a glyph typesetter gives an unusable transform.
  func finish(
    _ assembled: AssembledText, options: LayoutOptions, scale: Double = 1,
    map: TruncationMap? = nil, placer: GlyphPlacer? = nil
  ) throws(LayoutError) -> Layout {
    let layout = built(assembled, options: options, scale: scale)
    let mapped = map?.apply(to: layout) ?? layout
    guard let placer else { return mapped }
    // Each run's HarfBuzz font, by its font reference (the map may split runs): a layout
    // repeats few fonts, and equal references share their strings' storage, so a list
    // compares faster than a dictionary hashes.
    var fonts: [(reference: Layout.FontReference, font: ShapingFont)] = []
    for (line, assembledLine) in zip(layout.lines, assembled.lines) {
      for (run, segment) in zip(line.runs, assembledLine.segments)
      where !fonts.contains(where: { $0.reference == run.font }) {
        fonts.append((run.font, assembled.items[segment.itemIndex].font))
      }
    }
    return try placer.place(mapped, fonts: fonts)
  }

  /// Stages 6 and 7: the lines stacked in the box, and the layout built from them.
  private func built(
    _ assembled: AssembledText, options: LayoutOptions, scale: Double
  ) -> Layout {
    let stack = LineStacker(
      paragraph: assembled.paragraph, items: assembled.items, options: options
    )
    .stack(assembled.lines)
    let placed = PlacedText(
      paragraph: assembled.paragraph, text: assembled.text, items: assembled.items,
      featureLists: assembled.featureLists, faces: assembled.faces, lines: assembled.lines,
      stack: stack,
      baselineOffset: options.baselineOffset)
    return Layout(
      size: Layout.Size(
        width: options.width ?? points(stack.width), height: options.height ?? points(stack.height)
      ),
      lines: LineBuilder.lines(of: placed), links: LinkRegionBuilder.regions(of: placed),
      decorations: DecorationBuilder.decorations(of: placed),
      backgrounds: BackgroundBuilder.backgrounds(of: placed), scale: scale)
  }

  /// The stretches of text whose spans set their own language or hyphenation, with the
  /// layout's elsewhere; empty when no span sets either (break analysis then runs once).
  static func breakSpans(
    of text: FormattedText, options: LayoutOptions
  ) -> [BreakOpportunities.Span] {
    guard text.runs.contains(where: { $0.attributes.setsLanguageOrHyphens }) else { return [] }
    return text.runs.map { run in
      BreakOpportunities.Span(
        range: run.utf8Range, language: run.attributes.language ?? options.language,
        hyphens: run.attributes.hyphens ?? options.hyphens)
    }
  }

  /// Automatic hyphenation for a layout, or `nil` when neither its options nor its spans ask
  /// for it with a language that has a dictionary.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - spans: ``breakSpans(of:options:)``: empty when no span sets a language or hyphenation.
  ///   - options: The options.
  /// - Returns: The hyphenator, or `nil`.
  private func hyphenator(
    for paragraph: Paragraph, spans: [BreakOpportunities.Span], options: LayoutOptions
  ) -> Hyphenator? {
    guard !spans.isEmpty else {
      guard options.hyphens == .auto, let language = options.language,
        let dictionary = hyphenation.dictionary(for: language)
      else { return nil }
      return Hyphenator(
        paragraph: paragraph, dictionary: dictionary, limits: options.hyphenationLimits)
    }
    var segments: [(range: Range<Int>, dictionary: HyphenationDictionary?)] = []
    for span in spans {
      let dictionary =
        span.hyphens == .auto ? span.language.flatMap { hyphenation.dictionary(for: $0) } : nil
      if let last = segments.last, last.dictionary === dictionary {
        segments[segments.count - 1].range = last.range.lowerBound..<span.range.upperBound
      } else {
        segments.append((span.range, dictionary))
      }
    }
    guard segments.contains(where: { $0.dictionary != nil }) else { return nil }
    return Hyphenator(
      paragraph: paragraph, limits: options.hyphenationLimits, segments: segments)
  }

  /// The engine's HarfBuzz font for a face at a size (made once, then cached).
  func cacheFont(for face: FaceDescriptor, size: Double) throws(LayoutError) -> ShapingFont {
    try cache.font(for: face, size: size)
  }

  /// The smallest box that holds the text laid out at `width`, insets included.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The width to wrap at, or `nil` for the intrinsic size (no wrapping).
  ///   - options: Other options; their width is replaced and their height ignored.
  /// - Returns: The widest line's width and the total height.
  /// - Throws: ``LayoutError`` as ``layout(_:options:)`` does.
  public func sizeThatFits(
    _ text: FormattedText, width: Double?, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> Layout.Size {
    var options = options
    options.width = width
    options.height = nil
    let layout = try layout(text, options: options)
    let widest = layout.lines.map(\.width).max() ?? 0
    return Layout.Size(
      width: widest + options.insets.left + options.insets.right, height: layout.size.height)
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
