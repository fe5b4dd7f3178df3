import GalleyLayout
import GalleyStyle
internal import GalleySupport

/// Gathers a layout's glyphs into a ``Scene``'s runs, one per scaled font and color, checks
/// every number, and measures the ink.
///
/// Used once per render by ``Scene/init(layout:fonts:deviceScale:colors:keepsReadingOrder:source:drawOrder:)``.
struct SceneBuilder {
  /// Where scaled fonts come from.
  private let fonts: CairoFontCache
  /// Device pixels per point, for the scaled fonts.
  private let deviceScale: Double
  /// The colors that replace the runs' own.
  private let colors: ColorOverrides
  /// Whether runs keep the text's reading order: lines top to bottom and each line's runs in
  /// text order (a right-to-left run's glyphs stay left to right, which PDF readers expect and
  /// reorder), neighbours of one font and color joined; otherwise one run per font and color
  /// for the whole layout.
  private let keepsReadingOrder: Bool
  /// The layout's text, when runs carry the characters they draw (PDF): each layout run is
  /// then a run of its own.
  private let source: SourceText?
  // A layout repeats few fonts: look each up once, comparing cheaply (the layout's strings
  // share storage, so equal ones compare by pointer).
  private var knownFonts: [(reference: Layout.FontReference, font: CairoScaledFont)] = []
  /// The run of each font and color.
  private var groups: [GroupKey: Int] = [:]
  /// The run the last glyph went to.
  private var current: Int?
  /// The glyphs kept for a drawing order (``ordered(_:)``): with transforms or a draw order;
  /// `nil` otherwise.
  private var ordering: OrderedGlyphs?

  /// One run per scaled font and color, in the order they were met.
  private(set) var runs: [Scene.Run] = []
  /// The union of the measured glyphs' ink, in layout points.
  private(set) var ink: Bounds?
  /// The union of the line boxes.
  private(set) var lineBounds: Bounds?

  /// A font (by identity) and a color: the glyphs that one drawing call can draw.
  private struct GroupKey: Hashable {
    var font: ObjectIdentifier
    var color: TextColor
  }

  /// A builder for one layout.
  ///
  /// - Parameters:
  ///   - fonts: Where scaled fonts come from.
  ///   - deviceScale: Device pixels per point, for the scaled fonts.
  ///   - colors: The colors that replace the runs' own.
  ///   - keepsReadingOrder: Whether runs keep the text's reading order.
  ///   - source: The layout's text, for runs that carry their characters (with
  ///     `keepsReadingOrder` only), or `nil`.
  init(
    fonts: CairoFontCache, deviceScale: Double, colors: ColorOverrides,
    keepsReadingOrder: Bool = false, source: SourceText? = nil
  ) {
    self.fonts = fonts
    self.deviceScale = deviceScale
    self.colors = colors
    self.keepsReadingOrder = keepsReadingOrder
    self.source = keepsReadingOrder ? source : nil
  }

  /// A builder that keeps every glyph for ``ordered(_:)``.
  ///
  /// - Parameters:
  ///   - fonts: Where scaled fonts come from.
  ///   - deviceScale: Device pixels per point.
  ///   - colors: The colors that replace the runs' own.
  ///   - source: The layout's text, for glyphs that carry their characters (PDF, in text
  ///     order only), or `nil`.
  init(
    ordering fonts: CairoFontCache, deviceScale: Double, colors: ColorOverrides,
    source: SourceText? = nil
  ) {
    self.init(
      fonts: fonts, deviceScale: deviceScale, colors: colors, keepsReadingOrder: source != nil,
      source: source)
    ordering = OrderedGlyphs()
  }

  /// Adds a line's glyphs to the runs and its box to the line bounds.
  ///
  /// Ink can pass the layout box only above the first line, below the last, or at a line's
  /// ends (overhangs), so only those glyphs are measured.
  ///
  /// - Parameters:
  ///   - line: The line.
  ///   - isEdgeLine: Whether it is the first or the last line: all its glyphs are measured.
  /// - Throws: ``RenderError/Kind/invalidLayout`` for a number that is not finite or too
  ///   large, ``RenderError/Kind/fontUnusable`` for a font cairo cannot open.
  mutating func add(_ line: Layout.Line, isEdgeLine: Bool) throws(RenderError) {
    guard Self.isSane(line.x, line.y, line.width, line.height, line.baseline) else {
      throw RenderError(.invalidLayout, "a line's geometry is not finite or is too large")
    }
    lineBounds = lineBounds.union(
      Bounds(x: line.x, y: line.y, width: line.width, height: line.height))
    let firstRun = line.runs.firstIndex { !$0.glyphs.isEmpty }
    let lastRun = line.runs.lastIndex { !$0.glyphs.isEmpty }
    // Runs are in visual order; reading order sorts them by their place in the text.
    let order =
      keepsReadingOrder
      ? line.runs.indices.sorted { line.runs[$0].location < line.runs[$1].location }
      : Array(line.runs.indices)
    for runNumber in order where !line.runs[runNumber].glyphs.isEmpty {
      let run = line.runs[runNumber]
      let font = try font(for: run.font)
      // Transformed glyphs are measured as their maps are made.
      let matrices = try maps(of: run, on: line, font: font)
      if ordering != nil {
        try keep(run, font: font, matrices: matrices)
      } else {
        try add(run, font: font)
      }
      guard matrices.isEmpty else { continue }
      if isEdgeLine {
        measure(run.glyphs.lazy.map(SceneGlyph.init), font: font)
      } else {
        if runNumber == firstRun, let first = run.glyphs.first {
          measure(CollectionOfOne(SceneGlyph(first)), font: font)
        }
        if runNumber == lastRun, let last = run.glyphs.last {
          measure(CollectionOfOne(SceneGlyph(last)), font: font)
        }
      }
    }
  }

  /// A decoration or background rectangle as a box in its color.
  ///
  /// - Parameters:
  ///   - rect: The rectangle.
  ///   - quad: The piece that follows a transformed glyph, or `nil`.
  ///   - color: Its color.
  ///   - kind: What it is, for the error message ("decoration" or "background").
  /// - Returns: The box.
  /// - Throws: ``RenderError/Kind/invalidLayout`` when the rectangle is not finite, too large
  ///   or negative.
  func box(
    _ rect: Layout.Rect, quad: Layout.Quad? = nil, color: TextColor, kind: String
  ) throws(RenderError) -> Scene.Box {
    let corners = quad?.corners ?? []
    guard Self.isSane(rect), corners.allSatisfy({ Self.isSane($0.x, $0.y) }) else {
      throw RenderError(.invalidLayout, "a \(kind) rectangle is not finite or is too large")
    }
    return Scene.Box(rect: rect, color: color, quad: quad)
  }

  /// Appends a layout run's glyphs to the runs of their font and color.
  private mutating func add(_ run: Layout.GlyphRun, font: CairoScaledFont) throws(RenderError) {
    for glyph in run.glyphs where !Self.isSane(glyph.x, glyph.y) {
      throw RenderError(.invalidLayout, "a glyph position is not finite or is too large")
    }
    let color = colors.color(of: run)
    if let source {
      current = runs.count
      runs.append(
        Scene.Run(
          reference: run.font, font: font, color: color, glyphs: run.glyphs.map(SceneGlyph.init),
          text: source.text(of: run)))
      return
    }
    let index = group(reference: run.font, font: font, color: color)
    // No reserveCapacity: called again and again on one array, it would defeat the geometric
    // growth of append and copy the array each time.
    for glyph in run.glyphs {
      runs[index].glyphs.append(SceneGlyph(glyph))
    }
  }

  /// Adds glyphs' ink to ``ink``.
  private mutating func measure(_ glyphs: some Collection<SceneGlyph>, font: CairoScaledFont) {
    guard let rect = font.inkRect(of: glyphs) else { return }
    ink = ink.union(Bounds(rect))
  }

  /// Each glyph's map (``Layout/Line/matrices(of:)``), or empty for a run without
  /// transforms; each glyph's ink box through its map is added to ``ink``.
  ///
  /// - Throws: ``RenderError/Kind/invalidLayout`` for a transform that is not finite or too
  ///   large, or whose map is.
  private mutating func maps(
    of run: Layout.GlyphRun, on line: Layout.Line, font: CairoScaledFont
  ) throws(RenderError) -> [Layout.AffineTransform] {
    guard !run.transforms.isEmpty else { return [] }
    guard run.transforms.count == run.glyphs.count else {
      throw RenderError(.invalidLayout, "a run has not one transform per glyph")
    }
    let boxes = font.inkBoxes(of: run.glyphs)
    var maps: [Layout.AffineTransform] = []
    maps.reserveCapacity(run.glyphs.count)
    var lineMaps = Layout.Line.Maps(line)
    var ink = self.ink
    for (index, glyph) in run.glyphs.enumerated() {
      let transform = run.transforms[index]
      guard transform.isFinite, abs(transform.scaleX) <= 1000, abs(transform.scaleY) <= 1000
      else {
        throw RenderError(.invalidLayout, "a glyph transform is not finite or is too large")
      }
      let map = lineMaps.map(of: glyph, transform: transform)
      guard Self.isSane(map.tx, map.ty) else {
        throw RenderError(.invalidLayout, "a glyph transform is not finite or is too large")
      }
      maps.append(map)
      if let box = boxes[index] {
        let rect = Layout.Rect(
          x: glyph.x + box.x, y: glyph.y + box.y, width: box.width, height: box.height)
        ink = ink.union(Bounds(map.apply(to: rect).bounds))
      }
    }
    self.ink = ink
    return maps
  }

  /// Keeps a layout run's glyphs for ``ordered(_:)``.
  private mutating func keep(
    _ run: Layout.GlyphRun, font: CairoScaledFont, matrices: [Layout.AffineTransform]
  ) throws(RenderError) {
    for glyph in run.glyphs where !Self.isSane(glyph.x, glyph.y) {
      throw RenderError(.invalidLayout, "a glyph position is not finite or is too large")
    }
    ordering?.add(
      run, font: font, color: colors.color(of: run), matrices: matrices,
      texts: source.flatMap { Self.glyphTexts(of: run, $0) })
  }

  /// Each glyph's characters: its cluster's for the cluster's first glyph, none for the
  /// others; `nil` when the run has no text to give (``SourceText/text(of:)``).
  private static func glyphTexts(
    of run: Layout.GlyphRun, _ source: SourceText
  ) -> [ArraySlice<UInt8>]? {
    guard let text = source.text(of: run) else { return nil }
    var texts: [ArraySlice<UInt8>] = []
    texts.reserveCapacity(run.glyphs.count)
    var start = 0
    for cluster in text.clusters {
      let bytes = text.utf8[start..<(start + Int(cluster.bytes))]
      start += Int(cluster.bytes)
      for glyph in 0..<Int(cluster.glyphs) { texts.append(glyph == 0 ? bytes : bytes.prefix(0)) }
    }
    return texts.count == run.glyphs.count ? texts : nil
  }

  /// The kept glyphs as runs in a drawing order (``OrderedGlyphs/runs(in:)``).
  ///
  /// - Parameter order: Text order, its reverse, or a seeded shuffle.
  /// - Returns: The runs, drawn first to last.
  func ordered(_ order: RenderOptions.DrawOrder) -> [Scene.Run] {
    ordering?.runs(in: order) ?? []
  }

  /// The scaled font of a run's font reference.
  private mutating func font(for reference: Layout.FontReference) throws(RenderError)
    -> CairoScaledFont
  {
    guard reference.size > 0, reference.size <= 10_000 else {
      throw RenderError(.invalidLayout, "a run's font size is out of range")
    }
    guard reference.horizontalScale >= 0.001, reference.horizontalScale <= 1000 else {
      throw RenderError(.invalidLayout, "a run's horizontal scale is out of range")
    }
    if let known = knownFonts.first(where: { $0.reference == reference }) { return known.font }
    let font = try fonts.font(for: reference, deviceScale: deviceScale)
    if knownFonts.count < 64 { knownFonts.append((reference, font)) }
    return font
  }

  /// The index of the run of a font and color, starting one when needed.
  ///
  /// So each font and color is drawn with one call however the layout interleaves them.
  /// Glyphs of one label hardly ever overlap, so drawing them in this order does not change
  /// the image.
  private mutating func group(
    reference: Layout.FontReference, font: CairoScaledFont, color: TextColor
  ) -> Int {
    // The common case first: the same run as the glyphs before.
    if let current, runs[current].font === font, runs[current].color == color {
      return current
    }
    if keepsReadingOrder {
      current = runs.count
      runs.append(Scene.Run(reference: reference, font: font, color: color, glyphs: []))
      return runs.count - 1
    }
    let key = GroupKey(font: ObjectIdentifier(font), color: color)
    if let index = groups[key] {
      current = index
      return index
    }
    groups[key] = runs.count
    current = runs.count
    runs.append(Scene.Run(reference: reference, font: font, color: color, glyphs: []))
    return runs.count - 1
  }

  /// Whether a coordinate is finite and within 10⁷ points (no array: this runs per glyph).
  @inline(__always)
  private static func isSane(_ value: Double) -> Bool { value.isFinite && abs(value) <= 1e7 }

  private static func isSane(_ x: Double, _ y: Double) -> Bool { isSane(x) && isSane(y) }

  private static func isSane(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ baseline: Double
  ) -> Bool {
    isSane(x, y) && isSane(width, height) && isSane(baseline)
  }

  private static func isSane(_ rect: Layout.Rect) -> Bool {
    isSane(rect.x, rect.y) && isSane(rect.width, rect.height) && rect.width >= 0
      && rect.height >= 0
  }
}
