import GalleyLayout
import GalleyStyle

/// A layout made ready for drawing: runs with their scaled fonts, colors and glyphs, the
/// rectangles to fill, and the bounds of everything that will be inked.
///
/// Built once per render from the public ``Layout``, so what is drawn is exactly what was
/// exported: the same glyph positions, the same rectangles.
struct Scene {
  /// One glyph run, or the part of one inside or outside links when links get their own color.
  struct Run {
    var reference: Layout.FontReference
    var font: CairoScaledFont
    var color: TextColor
    var glyphs: [SceneGlyph]
    /// The characters the glyphs draw, for a PDF's text; `nil` elsewhere.
    var text: RunText?
    /// Each glyph's map from where its font draws it to where it goes (layout points), or
    /// empty when no glyph of the run is transformed.
    var matrices: [Layout.AffineTransform] = []
  }

  /// A run's text and which glyphs draw which characters (cairo's text clusters).
  struct RunText {
    /// One cluster: its characters' UTF-8 bytes and its glyphs.
    struct Cluster {
      var bytes: Int32
      var glyphs: Int32
    }

    /// The characters, UTF-8.
    var utf8: [UInt8]
    /// The clusters, in text order, which is the glyphs' order (left-to-right runs only).
    var clusters: [Cluster]

    /// Adds one glyph that stands for `text` (empty after the first glyph of a cluster).
    mutating func append(_ text: ArraySlice<UInt8>) {
      utf8 += text
      clusters.append(Cluster(bytes: Int32(text.count), glyphs: 1))
    }

    /// This text with one more glyph.
    func appending(_ text: ArraySlice<UInt8>) -> RunText {
      var longer = self
      longer.append(text)
      return longer
    }
  }

  /// A rectangle in layout points with its color.
  struct Box {
    var rect: Layout.Rect
    var color: TextColor
    /// The piece of a decoration or background that follows a transformed glyph, or `nil`.
    var quad: Layout.Quad?
  }

  /// One run per scaled font and color (see ``SceneBuilder``).
  var runs: [Run] = []
  var decorations: [Box] = []
  var backgrounds: [Box] = []
  /// The union of the glyphs' ink and the decorations, in layout points, or `nil` when
  /// nothing is inked.
  var inkBounds: Bounds?
  /// The lines' box, where gradients are placed.
  ///
  /// From the leftmost line start to the rightmost line end, and from the top of the first
  /// line to the bottom of the last.
  var textBounds = Bounds(x: 0, y: 0, width: 0, height: 0)

  /// Prepares a layout, fetching scaled fonts for `deviceScale` pixels per point.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - fonts: Where scaled fonts come from.
  ///   - deviceScale: Device pixels per point.
  ///   - colors: The colors that replace the runs' and decorations' own.
  ///   - keepsReadingOrder: Whether runs keep the text's reading order (for SVG and PDF, whose
  ///     text is copied and read aloud in drawing order) rather than one per font and color.
  ///   - source: The layout's text, so that runs carry the characters they draw (PDF), or
  ///     `nil`.
  ///   - drawOrder: The order glyphs are drawn in: with transforms, or any order but
  ///     ``RenderOptions/DrawOrder/logical``, one glyph after another in that order (a PDF's
  ///     glyphs then carry their characters in text order only).
  /// - Throws: ``RenderError`` when a font cannot be opened or a value is not finite.
  init(
    layout: Layout, fonts: CairoFontCache, deviceScale: Double, colors: ColorOverrides,
    keepsReadingOrder: Bool = false, source: SourceText? = nil,
    drawOrder: RenderOptions.DrawOrder = .logical
  ) throws(RenderError) {
    let isTransformed = layout.lines.contains { $0.runs.contains { !$0.transforms.isEmpty } }
    let ordered = isTransformed || drawOrder != .logical
    var builder =
      ordered
      ? SceneBuilder(
        ordering: fonts, deviceScale: deviceScale, colors: colors,
        source: drawOrder == .logical ? source : nil)
      : SceneBuilder(
        fonts: fonts, deviceScale: deviceScale, colors: colors,
        keepsReadingOrder: keepsReadingOrder, source: source)
    for (lineNumber, line) in layout.lines.enumerated() {
      try builder.add(line, isEdgeLine: lineNumber == 0 || lineNumber == layout.lines.count - 1)
    }
    for decoration in layout.decorations {
      decorations.append(
        try builder.box(
          decoration.rect, quad: decoration.quad, color: colors.color(of: decoration),
          kind: "decoration"))
    }
    for background in layout.backgrounds {
      backgrounds.append(
        try builder.box(
          background.rect, quad: background.quad, color: background.color, kind: "background"))
    }
    runs = ordered ? builder.ordered(drawOrder) : builder.runs
    var ink = builder.ink
    for decoration in decorations {
      ink = ink.union(Bounds(decoration.rect))
    }
    inkBounds = ink
    textBounds =
      builder.lineBounds
      ?? Bounds(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
  }
}
