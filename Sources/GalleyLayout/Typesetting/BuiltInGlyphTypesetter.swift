/// A built-in glyph typesetter: it places a glyph from its index, box and line alone, so
/// placement runs it over a run's transforms without making a ``TypesetGlyph`` per glyph.
///
/// Its ``GlyphTypesetter/transform(of:)`` is ``transform(_:index:box:line:)`` on the glyph's
/// fields, so both give one transform.
protocol BuiltInGlyphTypesetter: GlyphTypesetter {
  /// A glyph's transform.
  ///
  /// - Parameters:
  ///   - transform: The transform the typesetters before gave it.
  ///   - index: The glyph's ``TypesetGlyph/index``.
  ///   - box: Its ``TypesetGlyph/box``.
  ///   - line: Its line.
  /// - Returns: Its new transform.
  func transform(
    _ transform: Layout.GlyphTransform, index: Int, box: Layout.Rect, line: TypesetLine
  ) -> Layout.GlyphTransform

  /// Sets a run's transforms to the ones this typesetter gives its glyphs.
  ///
  /// A requirement, so that a call through `any BuiltInGlyphTypesetter` lands in code made
  /// for the concrete type, with ``transform(_:index:box:line:)`` inlined.
  ///
  /// - Parameters:
  ///   - transforms: The run's transforms so far, one per glyph.
  ///   - glyphs: The run's glyphs.
  ///   - first: The first glyph's ``TypesetGlyph/index``.
  ///   - line: Their line.
  func apply(
    to transforms: inout [Layout.GlyphTransform], of glyphs: [Layout.PositionedGlyph],
    first: Int, line: TypesetLine)
}

/// What built-in typesetters read of a glyph's line: its content box and baseline.
struct TypesetLine {
  /// The line's content box (``TypesetGlyph/lineBox``).
  var box: Layout.Rect
  /// The line's baseline.
  var baseline: Double

  init(_ line: Layout.Line) {
    box = Layout.Rect(x: line.x, y: line.y, width: line.width, height: line.height)
    baseline = line.baseline
  }

  init(of glyph: TypesetGlyph) {
    box = glyph.lineBox
    baseline = glyph.baseline
  }

  /// A glyph's box on the line, as ``Layout/Line/box(of:)`` gives it.
  func box(of glyph: Layout.PositionedGlyph) -> Layout.Rect {
    Layout.Rect(x: glyph.x, y: box.y, width: glyph.advance, height: box.height)
  }
}

extension BuiltInGlyphTypesetter {
  /// The transform ``transform(_:index:box:line:)`` gives the glyph.
  ///
  /// - Parameter glyph: The glyph.
  /// - Returns: Its transform.
  public func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
    transform(glyph.transform, index: glyph.index, box: glyph.box, line: TypesetLine(of: glyph))
  }

  /// Sets a run's transforms, one ``transform(_:index:box:line:)`` per glyph.
  ///
  /// - Parameters:
  ///   - transforms: The run's transforms so far, one per glyph.
  ///   - glyphs: The run's glyphs.
  ///   - first: The first glyph's ``TypesetGlyph/index``.
  ///   - line: Their line.
  func apply(
    to transforms: inout [Layout.GlyphTransform], of glyphs: [Layout.PositionedGlyph],
    first: Int, line: TypesetLine
  ) {
    for (offset, glyph) in glyphs.enumerated() {
      transforms[offset] = transform(
        transforms[offset], index: first + offset, box: line.box(of: glyph), line: line)
    }
  }
}
