internal import CCairo
import GalleyLayout
import GalleyMarkup

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
  /// The lines' box: from the leftmost line start to the rightmost line end, and from the top
  /// of the first line to the bottom of the last. Gradients are placed in it.
  var textBounds: Bounds

  /// Prepares a layout, fetching scaled fonts for `deviceScale` pixels per point.
  ///
  /// - Throws: ``RenderError`` when a font cannot be opened or a value is not finite.
  init(
    layout: Layout, fonts: CairoFontCache, deviceScale: Double, linkColor: TextColor?
  ) throws(RenderError) {
    let black = TextColor(red: 0, green: 0, blue: 0)
    let linkRanges = layout.links.map { $0.location..<($0.location + $0.length) }.sorted {
      $0.lowerBound < $1.lowerBound
    }
    var text: Bounds?
    for line in layout.lines {
      guard Self.isSane(line.x, line.y, line.width, line.height, line.baseline) else {
        throw RenderError(.invalidLayout, "a line's geometry is not finite or is too large")
      }
      text = text.union(Bounds(x: line.x, y: line.y, width: line.width, height: line.height))
      for run in line.runs where !run.glyphs.isEmpty {
        guard run.font.size > 0, run.font.size <= 10_000 else {
          throw RenderError(.invalidLayout, "a run's font size is out of range")
        }
        let font = try fonts.font(for: run.font, deviceScale: deviceScale)
        let color = TextColor(parsing: run.color) ?? black
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(run.glyphs.count)
        var inLink: [Bool] = []
        if linkColor != nil { inLink.reserveCapacity(run.glyphs.count) }
        for glyph in run.glyphs {
          guard Self.isSane(glyph.x, glyph.y) else {
            throw RenderError(.invalidLayout, "a glyph position is not finite or is too large")
          }
          glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: glyph.x, y: glyph.y))
          if linkColor != nil {
            inLink.append(Self.contains(linkRanges, glyph.cluster))
          }
        }
        guard let linkColor, inLink.contains(true) else {
          runs.append(Run(reference: run.font, font: font, color: color, glyphs: glyphs))
          continue
        }
        // Consecutive glyphs with the same link membership share a color.
        var start = 0
        while start < glyphs.count {
          var end = start + 1
          while end < glyphs.count, inLink[end] == inLink[start] { end += 1 }
          runs.append(
            Run(
              reference: run.font, font: font, color: inLink[start] ? linkColor : color,
              glyphs: Array(glyphs[start..<end])))
          start = end
        }
      }
    }
    for decoration in layout.decorations {
      guard Self.isSane(decoration.rect) else {
        throw RenderError(.invalidLayout, "a decoration rectangle is not finite or is too large")
      }
      decorations.append(Box(rect: decoration.rect, color: TextColor(parsing: decoration.color) ?? black))
    }
    for background in layout.backgrounds {
      guard Self.isSane(background.rect) else {
        throw RenderError(.invalidLayout, "a background rectangle is not finite or is too large")
      }
      backgrounds.append(Box(rect: background.rect, color: TextColor(parsing: background.color) ?? black))
    }
    var ink: Bounds?
    for run in runs {
      var extents = cairo_text_extents_t()
      run.glyphs.withUnsafeBufferPointer { glyphs in
        cairo_scaled_font_glyph_extents(
          run.font.handle, glyphs.baseAddress, Int32(glyphs.count), &extents)
      }
      guard extents.width > 0, extents.height > 0, let first = run.glyphs.first else { continue }
      // cairo measures the bearings from the first glyph's origin.
      ink = ink.union(
        Bounds(
          x: first.x + extents.x_bearing, y: first.y + extents.y_bearing, width: extents.width,
          height: extents.height))
    }
    for decoration in decorations {
      ink = ink.union(Bounds(decoration.rect))
    }
    inkBounds = ink
    textBounds = text ?? Bounds(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
  }

  private static func contains(_ ranges: [Range<Int>], _ offset: Int) -> Bool {
    // Links are few; a linear scan over sorted ranges stops early.
    for range in ranges {
      if range.lowerBound > offset { return false }
      if range.contains(offset) { return true }
    }
    return false
  }

  private static func isSane(_ values: Double...) -> Bool {
    values.allSatisfy { $0.isFinite && abs($0) <= 1e7 }
  }

  private static func isSane(_ rect: Layout.Rect) -> Bool {
    isSane(rect.x, rect.y, rect.width, rect.height) && rect.width >= 0 && rect.height >= 0
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
