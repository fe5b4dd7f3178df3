/// Glyph placement, the stage after line stacking: the glyph scale's room, the typesetters'
/// transforms, the ink after them, and the decorations, backgrounds and link regions that
/// follow the glyphs (<doc:LayoutRules#Glyph-typesetters>).
///
/// The stages before run with ``innerOptions``: the box shrunk by the glyph scale, so that
/// mapping their layout back out by the scale (``scaled(_:)``) gives lines with the room the
/// scaled glyphs need. Built only when the options place glyphs, so other layouts never pass
/// here.
struct GlyphPlacer {
  /// The options as the user gave them.
  let options: LayoutOptions
  /// The width factor: the glyph scale's width times the expansion.
  let scaleX: Double
  /// The height factor.
  let scaleY: Double

  /// A placer for `options`, or `nil` when they place no glyph.
  init?(_ options: LayoutOptions) {
    guard options.placesGlyphs else { return nil }
    self.options = options
    scaleX = options.glyphScale.width * options.glyphExpansion
    scaleY = options.glyphScale.height
  }

  /// Whether the typesetters give transforms (and so the ink can leave the lines' boxes).
  var hasTypesetters: Bool { !options.glyphTypesetters.isEmpty }

  /// The options the stages before placement run with: the same, in a box whose room inside
  /// the insets is divided by the scale, with no placement.
  var innerOptions: LayoutOptions {
    var inner = options
    inner.glyphScale = .none
    inner.glyphExpansion = 1
    inner.glyphTypesetters = []
    let insets = options.insets
    if let width = options.width {
      inner.width = insets.left + insets.right + (width - insets.left - insets.right) / scaleX
    }
    if let height = options.height {
      inner.height = insets.top + insets.bottom + (height - insets.top - insets.bottom) / scaleY
    }
    return inner
  }

  /// Places a layout's glyphs.
  ///
  /// - Parameters:
  ///   - layout: The layout the stages before made with ``innerOptions``.
  ///   - fonts: The runs' HarfBuzz fonts and their font references, for the glyphs' ink.
  /// - Returns: The layout in the user's box, its glyphs transformed.
  /// - Throws: ``LayoutError/Kind/invalidOptions`` when a typesetter gives a transform that is
  ///   not finite or too large.
  func place(
    _ layout: Layout, fonts: [(reference: Layout.FontReference, font: ShapingFont)]
  ) throws(LayoutError) -> Layout {
    var placed = scaled(layout)
    let ink = inkBoxes(of: placed, unscaled: layout, fonts: fonts)
    var bounds = InkUnion()
    if hasTypesetters {
      try transform(&placed, ink: ink, bounds: &bounds)
    } else {
      for box in ink { if let box { bounds.add(box) } }
    }
    let isTransformed = placed.lines.contains { $0.runs.contains { !$0.transforms.isEmpty } }
    if isTransformed {
      placed.decorations = placed.decorations.flatMap { decoration in
        Self.pieces(of: decoration.rect, in: placed).map { quad in
          var piece = decoration
          (piece.rect, piece.quad) = (quad.bounds, quad)
          return piece
        }
      }
      placed.backgrounds = placed.backgrounds.flatMap { background in
        Self.pieces(of: background.rect, in: placed).map { quad in
          var piece = background
          (piece.rect, piece.quad) = (quad.bounds, quad)
          return piece
        }
      }
      placed.links = placed.links.map { link in linkQuads(link, in: placed) }
    }
    for decoration in placed.decorations { bounds.add(decoration.rect) }
    placed.inkBounds = bounds.rect
    return placed
  }

  /// Runs the typesetters over every glyph, in order, stores the transforms that are not all
  /// the identity, and adds each glyph's transformed ink to `bounds`.
  private func transform(
    _ layout: inout Layout, ink: [Layout.Rect?], bounds: inout InkUnion
  ) throws(LayoutError) {
    var index = 0
    // One buffer for every run's glyphs.
    var seen: [TypesetGlyph] = []
    // Cast once: a cast to a protocol costs a conformance lookup.
    let builtIns = builtIns
    for lineIndex in layout.lines.indices {
      // Made before any run changes, and no copy of the line outlives the call, so setting
      // them copies no run.
      let lineTransforms = try transforms(
        ofLine: lineIndex, in: layout, ink: ink, builtIns: builtIns, index: &index, seen: &seen,
        bounds: &bounds)
      for (runIndex, transforms) in lineTransforms.enumerated() where !transforms.isEmpty {
        layout.lines[lineIndex].runs[runIndex].transforms = transforms
      }
    }
  }

  /// The transforms of one line's runs (empty for a run whose glyphs all keep the identity).
  ///
  /// - Parameters:
  ///   - lineIndex: The line.
  ///   - layout: The layout.
  ///   - ink: Every glyph's ink box, by glyph index.
  ///   - builtIns: The typesetters when all are built-in (``builtIns``), or `nil`.
  ///   - index: The number of glyphs in the lines before; advanced past the line's.
  ///   - seen: A buffer for a run's glyphs.
  ///   - bounds: The ink so far; the line's glyphs' transformed ink is added.
  /// - Returns: One list per run.
  /// - Throws: ``LayoutError/Kind/invalidOptions`` when a typesetter gives a transform that is
  ///   not finite or too large.
  private func transforms(
    ofLine lineIndex: Int, in layout: Layout, ink: [Layout.Rect?],
    builtIns: [any BuiltInGlyphTypesetter]?, index: inout Int, seen: inout [TypesetGlyph],
    bounds: inout InkUnion
  ) throws(LayoutError) -> [[Layout.GlyphTransform]] {
    let line = layout.lines[lineIndex]
    var lineTransforms: [[Layout.GlyphTransform]] = []
    // Runs by index: copying a run copies its arrays' and font's references.
    for runIndex in line.runs.indices {
      let first = index
      let glyphs = line.runs[runIndex].glyphs
      let transforms =
        builtIns.map { Self.transforms(of: glyphs, first: first, on: line, by: $0) }
        ?? userTransforms(
          ofRun: runIndex, lineIndex: lineIndex, in: layout, first: first, ink: ink,
          seen: &seen)
      var isIdentity = true
      for (offset, transform) in transforms.enumerated() {
        guard Self.isUsable(transform) else {
          throw LayoutError(
            .invalidOptions,
            "a glyph typesetter gave glyph \(first + offset) a transform that is not finite or too large"
          )
        }
        isIdentity = isIdentity && transform.isIdentity
      }
      index += glyphs.count
      if isIdentity {
        for box in ink[first..<index] { if let box { bounds.add(box) } }
        lineTransforms.append([])
      } else {
        Self.addInk(
          of: glyphs, transforms: transforms, first: first, on: line, ink: ink, to: &bounds)
        lineTransforms.append(transforms)
      }
    }
    return lineTransforms
  }

  /// The typesetters as built-in ones, which place a glyph from its position alone, or `nil`
  /// when one of them is a user's.
  private var builtIns: [any BuiltInGlyphTypesetter]? {
    var found: [any BuiltInGlyphTypesetter] = []
    for typesetter in options.glyphTypesetters {
      guard let builtIn = typesetter.base as? any BuiltInGlyphTypesetter else { return nil }
      found.append(builtIn)
    }
    return found
  }

  /// A run's transforms from built-in typesetters, in order: what
  /// ``GlyphTypesetter/transform(of:)`` gives, without making a ``TypesetGlyph`` per glyph.
  private static func transforms(
    of glyphs: [Layout.PositionedGlyph], first: Int, on line: Layout.Line,
    by typesetters: [any BuiltInGlyphTypesetter]
  ) -> [Layout.GlyphTransform] {
    var transforms = [Layout.GlyphTransform](repeating: .identity, count: glyphs.count)
    let frame = TypesetLine(line)
    for typesetter in typesetters {
      typesetter.apply(to: &transforms, of: glyphs, first: first, line: frame)
    }
    return transforms
  }

  /// A run's transforms from the typesetters, any of them a user's: each glyph seen whole.
  private func userTransforms(
    ofRun runIndex: Int, lineIndex: Int, in layout: Layout, first: Int, ink: [Layout.Rect?],
    seen: inout [TypesetGlyph]
  ) -> [Layout.GlyphTransform] {
    let line = layout.lines[lineIndex]
    let lineBox = TypesetLine(line).box
    let (isRightToLeft, link) = (line.runs[runIndex].isRightToLeft, line.runs[runIndex].link)
    seen.removeAll(keepingCapacity: true)
    for (glyphIndex, glyph) in line.runs[runIndex].glyphs.enumerated() {
      seen.append(
        TypesetGlyph(
          index: first + glyphIndex, lineIndex: lineIndex, lineBox: lineBox,
          baseline: line.baseline, id: glyph.id, cluster: glyph.cluster, x: glyph.x,
          y: glyph.y, advance: glyph.advance, box: line.box(of: glyph),
          inkBox: ink[first + glyphIndex], isRightToLeft: isRightToLeft, link: link,
          layoutSize: layout.size, transform: .identity))
    }
    // Typesetter by typesetter over the run, so each is opened once.
    for typesetter in options.glyphTypesetters { typesetter.apply(to: &seen) }
    return seen.map { $0.transform }
  }

  /// Adds a run's glyphs' ink, each box through its glyph's map, to `bounds`.
  private static func addInk(
    of glyphs: [Layout.PositionedGlyph], transforms: [Layout.GlyphTransform], first: Int,
    on line: Layout.Line, ink: [Layout.Rect?], to bounds: inout InkUnion
  ) {
    var maps = Layout.Line.Maps(line)
    for (offset, glyph) in glyphs.enumerated() {
      guard let box = ink[first + offset] else { continue }
      let transform = transforms[offset]
      guard !transform.isIdentity else {
        bounds.add(box)
        continue
      }
      bounds.add(maps.map(of: glyph, transform: transform).apply(to: box).bounds)
    }
  }

  /// Whether a transform's offsets are within 10⁶ points and its scales within ±1000.
  static func isUsable(_ transform: Layout.GlyphTransform) -> Bool {
    transform.isFinite && abs(transform.dx) <= 1e6 && abs(transform.dy) <= 1e6
      && abs(transform.scaleX) <= 1000 && abs(transform.scaleY) <= 1000
      && abs(transform.rotation) <= 1e9
  }

  /// Each glyph's ink box in layout points (drawn at the glyph scale), untransformed, by its
  /// index among the layout's glyphs (lines, runs and glyphs in order).
  ///
  /// - Parameters:
  ///   - layout: The scaled layout.
  ///   - unscaled: The layout before the scale, whose font references find the fonts.
  ///   - fonts: The runs' HarfBuzz fonts.
  /// - Returns: The boxes, `nil` for a glyph without ink or a run whose font is unknown.
  private func inkBoxes(
    of layout: Layout, unscaled: Layout,
    fonts: [(reference: Layout.FontReference, font: ShapingFont)]
  ) -> [Layout.Rect?] {
    var boxes: [Layout.Rect?] = []
    boxes.reserveCapacity(
      layout.lines.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.glyphs.count } })
    // Lines and runs by index: copying a run copies its arrays' and font's references.
    for lineIndex in layout.lines.indices {
      for runIndex in layout.lines[lineIndex].runs.indices {
        let glyphs = layout.lines[lineIndex].runs[runIndex].glyphs
        let reference = unscaled.lines[lineIndex].runs[runIndex].font
        guard let fontIndex = fonts.indices.first(where: { fonts[$0].reference == reference })
        else {
          boxes.append(contentsOf: repeatElement(nil, count: glyphs.count))
          continue
        }
        let found = fonts[fontIndex].font.inkBoxes(of: glyphs)
        for (glyph, box) in zip(glyphs, found) {
          guard let box else {
            boxes.append(nil)
            continue
          }
          boxes.append(
            Layout.Rect(
              x: glyph.x + box.x * scaleX, y: glyph.y + box.y * scaleY, width: box.width * scaleX,
              height: box.height * scaleY))
        }
      }
    }
    return boxes
  }

  /// The union of rectangles, as placement gathers the layout's ink.
  struct InkUnion {
    private var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)?

    /// Adds a rectangle.
    mutating func add(_ rect: Layout.Rect) {
      let old = bounds ?? (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
      bounds = (
        min(old.minX, rect.x), min(old.minY, rect.y), max(old.maxX, rect.x + rect.width),
        max(old.maxY, rect.y + rect.height)
      )
    }

    /// The union, or `nil` for none.
    var rect: Layout.Rect? {
      bounds.map {
        Layout.Rect(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX, height: $0.maxY - $0.minY)
      }
    }
  }
}

extension GlyphPlacer {
  /// Whether a placed layout's ink lies inside its box in the dimensions the user gave (a
  /// width, a height): what autoshrink asks of transformed glyphs.
  ///
  /// - Parameter layout: A layout this placer placed.
  /// - Returns: `true` when the ink fits, or there is none.
  func inkFits(_ layout: Layout) -> Bool {
    guard let ink = layout.inkBounds else { return true }
    let slack = 1e-6
    if options.width != nil, ink.x < -slack || ink.x + ink.width > layout.size.width + slack {
      return false
    }
    if options.height != nil, ink.y < -slack || ink.y + ink.height > layout.size.height + slack {
      return false
    }
    return true
  }
}
