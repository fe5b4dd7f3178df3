internal import CCairo
import GalleyLayout
import GalleyStyle

/// A layout made ready for cairo: runs with their scaled fonts, colors and glyphs, the
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
    var glyphs: [cairo_glyph_t]
  }

  /// A rectangle in layout points with its color.
  struct Box {
    var rect: Layout.Rect
    var color: TextColor
  }

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
  /// - Throws: ``RenderError`` when a font cannot be opened or a value is not finite.
  init(
    layout: Layout, fonts: CairoFontCache, deviceScale: Double, linkColor: TextColor?
  ) throws(RenderError) {
    var text: Bounds?
    // A layout repeats few fonts and colors: look each up once, comparing cheaply (the
    // layout's strings share storage, so equal ones compare by pointer).
    var knownFonts: [(reference: Layout.FontReference, font: CairoScaledFont)] = []
    var ink: Bounds?
    // Where each font and color's run is: one run (one cairo call) per pair.
    var groups = Groups()
    func measure(_ glyphs: ArraySlice<cairo_glyph_t>, font: CairoScaledFont) {
      guard let first = glyphs.first else { return }
      var extents = cairo_text_extents_t()
      glyphs.withUnsafeBufferPointer { glyphs in
        cairo_scaled_font_glyph_extents(
          font.handle, glyphs.baseAddress, Int32(glyphs.count), &extents)
      }
      guard extents.width > 0, extents.height > 0 else { return }
      // cairo measures the bearings from the first glyph's origin.
      ink = ink.union(
        Bounds(
          x: first.x + extents.x_bearing, y: first.y + extents.y_bearing, width: extents.width,
          height: extents.height))
    }
    for (lineNumber, line) in layout.lines.enumerated() {
      guard Self.isSane(line.x, line.y, line.width, line.height, line.baseline) else {
        throw RenderError(.invalidLayout, "a line's geometry is not finite or is too large")
      }
      text = text.union(Bounds(x: line.x, y: line.y, width: line.width, height: line.height))
      // Ink can pass the layout box only above the first line, below the last, or at a line's
      // ends (overhangs), so only those glyphs are measured.
      let isEdgeLine = lineNumber == 0 || lineNumber == layout.lines.count - 1
      let firstRun = line.runs.firstIndex { !$0.glyphs.isEmpty }
      let lastRun = line.runs.lastIndex { !$0.glyphs.isEmpty }
      for (runNumber, run) in line.runs.enumerated() where !run.glyphs.isEmpty {
        guard run.font.size > 0, run.font.size <= 10_000 else {
          throw RenderError(.invalidLayout, "a run's font size is out of range")
        }
        let font: CairoScaledFont
        if let known = knownFonts.first(where: { $0.reference == run.font }) {
          font = known.font
        } else {
          font = try fonts.font(for: run.font, deviceScale: deviceScale)
          if knownFonts.count < 64 { knownFonts.append((run.font, font)) }
        }
        for glyph in run.glyphs where !Self.isSane(glyph.x, glyph.y) {
          throw RenderError(.invalidLayout, "a glyph position is not finite or is too large")
        }
        // A run is inside one link or none; the link color, when given, replaces its color.
        let color = run.link != nil ? linkColor ?? run.color : run.color
        let index = group(reference: run.font, font: font, color: color, groups: &groups)
        Self.appendGlyphs(of: run, to: &runs[index].glyphs)
        func cairoGlyph(_ glyph: Layout.PositionedGlyph) -> cairo_glyph_t {
          cairo_glyph_t(index: UInt(glyph.id), x: glyph.x, y: glyph.y)
        }
        if isEdgeLine {
          measure(run.glyphs.map(cairoGlyph)[...], font: font)
        } else {
          if runNumber == firstRun, let first = run.glyphs.first {
            measure([cairoGlyph(first)][...], font: font)
          }
          if runNumber == lastRun, let last = run.glyphs.last {
            measure([cairoGlyph(last)][...], font: font)
          }
        }
      }
    }
    for decoration in layout.decorations {
      guard Self.isSane(decoration.rect) else {
        throw RenderError(.invalidLayout, "a decoration rectangle is not finite or is too large")
      }
      decorations.append(Box(rect: decoration.rect, color: decoration.color))
    }
    for background in layout.backgrounds {
      guard Self.isSane(background.rect) else {
        throw RenderError(.invalidLayout, "a background rectangle is not finite or is too large")
      }
      backgrounds.append(Box(rect: background.rect, color: background.color))
    }
    for decoration in decorations {
      ink = ink.union(Bounds(decoration.rect))
    }
    inkBounds = ink
    textBounds = text ?? Bounds(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
  }

  /// The run of each font and color, and the run the last glyph went to.
  private struct Groups {
    var runs: [GroupKey: Int] = [:]
    var current: Int?
  }

  /// A font (by identity) and a color: the glyphs that one cairo call can draw.
  private struct GroupKey: Hashable {
    var font: ObjectIdentifier
    var color: TextColor
  }

  /// The index of the run of a font and color, starting one when needed.
  ///
  /// So cairo is called once per font and color however the layout interleaves them. Glyphs
  /// of one label hardly ever overlap, so drawing them in this order does not change the
  /// image.
  private mutating func group(
    reference: Layout.FontReference, font: CairoScaledFont, color: TextColor,
    groups: inout Groups
  ) -> Int {
    // The common case first: the same run as the glyphs before.
    if let current = groups.current, runs[current].font === font, runs[current].color == color {
      return current
    }
    let key = GroupKey(font: ObjectIdentifier(font), color: color)
    if let index = groups.runs[key] {
      groups.current = index
      return index
    }
    groups.runs[key] = runs.count
    groups.current = runs.count
    runs.append(Run(reference: reference, font: font, color: color, glyphs: []))
    return runs.count - 1
  }

  /// Appends a layout run's glyphs in cairo's form.
  private static func appendGlyphs(of run: Layout.GlyphRun, to glyphs: inout [cairo_glyph_t]) {
    // No reserveCapacity: called again and again on one array, it would defeat the
    // geometric growth of append and copy the array each time.
    for glyph in run.glyphs {
      glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: glyph.x, y: glyph.y))
    }
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

/// An axis-aligned rectangle by its edges, for bounds arithmetic.
struct Bounds: Hashable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(x: Double, y: Double, width: Double, height: Double) {
    minX = x
    minY = y
    maxX = x + width
    maxY = y + height
  }

  init(_ rect: Layout.Rect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }

  var width: Double { maxX - minX }
  var height: Double { maxY - minY }

  func union(_ other: Bounds) -> Bounds {
    var result = self
    result.minX = min(minX, other.minX)
    result.minY = min(minY, other.minY)
    result.maxX = max(maxX, other.maxX)
    result.maxY = max(maxY, other.maxY)
    return result
  }

  func insetBy(_ amount: Double) -> Bounds {
    Bounds(
      x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  func offsetBy(x: Double, y: Double) -> Bounds {
    Bounds(x: minX + x, y: minY + y, width: width, height: height)
  }
}

extension Bounds? {
  func union(_ other: Bounds) -> Bounds { self?.union(other) ?? other }
}
