import GalleyFonts
import GalleyMarkup

/// The last stage: places each line's glyphs and stacks the lines.
///
/// Link rectangles, decorations and backgrounds come from the same positions. Works in 26.6
/// and converts to points once, at the end.
struct LinePositioner {
  let text: FormattedText
  let items: [ShapedItem]
  let faces: [FaceDescriptor]
  let offsets: OffsetTable
  let options: LayoutOptions
  let bytes: [UInt8]

  /// One item's part on one line: a slice of its glyphs (re-shaped or reversed only when
  /// needed), placed from `start` in 26.6, before alignment.
  private struct Segment {
    /// The index of the shaped item in `items` (an index, so segments copy cheaply).
    var itemIndex: Int
    var glyphs: ArraySlice<ShapedGlyph>
    var start: Int64
    var end: Int64
    var shift: Int64
  }

  func layout(_ lineRanges: [LineRange], reshape: (ShapedItem, Range<Int>) -> ShapedItem) -> Layout
  {
    var lines: [Layout.Line] = []
    var linkRects: [[Layout.Rect]] = Array(repeating: [], count: text.links.count)
    var decorations: [Layout.Decoration] = []
    var backgrounds: [Layout.Background] = []
    var top: Int64 = 0
    var widest: Int64 = 0
    var built:
      [(
        segments: [Segment], width: Int64, ascent: Int64, descent: Int64, height: Int64,
        range: LineRange
      )] = []
    var firstItem = 0
    for range in lineRanges {
      var segments: [Segment] = []
      var pen: Int64 = 0
      var visibleWidth: Int64 = 0
      var ascent: Int64 = 0
      var descent: Int64 = 0
      var gap: Int64 = 0
      while firstItem < items.count,
        items[firstItem].item.utf8Range.upperBound <= range.utf8Range.lowerBound
      {
        firstItem += 1
      }
      var itemIndex = firstItem
      while itemIndex < items.count,
        items[itemIndex].item.utf8Range.lowerBound < range.utf8Range.upperBound
      {
        let shaped = items[itemIndex]
        itemIndex += 1
        let itemRange = shaped.item.utf8Range
        let part =
          max(
            itemRange.lowerBound, range.utf8Range.lowerBound)..<min(
            itemRange.upperBound, range.utf8Range.upperBound)
        guard !part.isEmpty else { continue }
        let first = shaped.firstGlyph(atOrAfter: part.lowerBound)
        let last = shaped.firstGlyph(atOrAfter: part.upperBound)
        let cutsStart =
          part.lowerBound > itemRange.lowerBound && first < shaped.glyphs.count
          && shaped.glyphs[first].isUnsafeToBreak
        let cutsEnd =
          part.upperBound < itemRange.upperBound && last < shaped.glyphs.count
          && shaped.glyphs[last].isUnsafeToBreak
        // A slice of the item's glyphs, copied only when re-shaped or reversed.
        var glyphs: ArraySlice<ShapedGlyph>
        if cutsStart || cutsEnd {
          glyphs = reshape(shaped, part).glyphs[...]
        } else {
          glyphs = shaped.glyphs[first..<last]
        }
        if shaped.isRightToLeft { glyphs = ArraySlice(glyphs.reversed()) }
        let shift = Int64((text.runs[shaped.item.runIndex].attributes.baselineShift * 64).rounded())
        let font = shaped.font
        ascent = max(ascent, Int64(font.ascender) + shift)
        descent = max(descent, Int64(font.descender) - shift)
        gap = max(gap, Int64(font.lineGap))
        let start = pen
        // Line breaks are not drawn; they end their line (so come first when reversed).
        while let last = glyphs.last, isLineBreakCharacter(at: last.cluster) {
          glyphs.removeLast()
        }
        while let first = glyphs.first, isLineBreakCharacter(at: first.cluster) {
          glyphs.removeFirst()
        }
        for glyph in glyphs {
          pen += Int64(glyph.xAdvance)
          if glyph.cluster < range.visibleEnd { visibleWidth = max(visibleWidth, pen) }
        }
        segments.append(
          Segment(itemIndex: itemIndex - 1, glyphs: glyphs, start: start, end: pen, shift: shift))
      }
      var natural = ascent + descent
      if options.usesFontLeading { natural += gap }
      let height = Int64((Double(natural) * options.lineHeightMultiple).rounded())
      widest = max(widest, visibleWidth)
      built.append((segments, visibleWidth, ascent, descent, height, range))
    }

    // The same rounding as the line breaker's (down), so aligned lines never pass the width.
    let boxWidth = options.width.map { Int64(($0 * 64).rounded(.down)) } ?? widest
    let spacing = Int64((options.lineSpacing * 64).rounded())
    let paragraphSpacing = Int64((options.paragraphSpacing * 64).rounded())
    for (position, line) in built.enumerated() {
      if position > 0 { top += spacing }
      let slack = boxWidth - line.width
      let x: Int64
      switch options.alignment {
      case .left, .natural: x = 0
      case .right: x = slack
      case .center: x = slack / 2
      }
      let baseline = top + line.height - line.descent
      var runs: [Layout.GlyphRun] = []
      for segment in line.segments {
        let item = items[segment.itemIndex].item
        let attributes = text.runs[item.runIndex].attributes
        let face = faces[item.face]
        runs.append(
          Layout.GlyphRun(
            font: Layout.FontReference(
              file: face.file, index: face.index, family: face.family, style: face.style,
              size: attributes.size,
              synthesizedItalic: item.synthesizedItalic, synthesizedBold: item.synthesizedBold),
            color: attributes.color.hexString,
            glyphs: positioned(segment, x: x, baseline: baseline)))
        // Decorations and backgrounds cover the segment up to the line's visible end.
        let end = min(segment.end, line.width)
        guard end > segment.start else { continue }
        let font = items[segment.itemIndex].font
        let left = points(x + segment.start)
        let width = points(end - segment.start)
        if let background = attributes.background {
          backgrounds.append(
            Layout.Background(
              rect: Layout.Rect(x: left, y: points(top), width: width, height: points(line.height)),
              color: background.hexString))
        }
        let color = attributes.color.hexString
        // As Pango does, the font's underline and strikeout positions are the strokes' tops.
        let underlineTop = baseline - segment.shift + Int64(font.underlineOffset)
        switch attributes.underline {
        case .none: break
        case .single:
          decorations.append(
            stroke(.underline, left, width, underlineTop, font.underlineThickness, color))
        case .double:
          decorations.append(
            stroke(.doubleUnderline, left, width, underlineTop, font.underlineThickness, color))
          decorations.append(
            stroke(
              .doubleUnderline, left, width, underlineTop + 2 * Int64(font.underlineThickness),
              font.underlineThickness, color))
        }
        if attributes.isStruckThrough {
          let strikeTop = baseline - segment.shift - Int64(font.strikeoutOffset)
          decorations.append(
            stroke(.strikethrough, left, width, strikeTop, font.strikeoutThickness, color))
        }
      }
      // Links: one rectangle per link and line, over exactly the link's visible clusters,
      // inside the line's box. Each segment belongs to one run, so to at most one link.
      for (link, extent) in linkExtents(of: line.segments, visibleEnd: line.range.visibleEnd) {
        let minimum = max(0, extent.lowerBound)
        let maximum = min(line.width, extent.upperBound)
        guard minimum < maximum else { continue }
        linkRects[link].append(
          Layout.Rect(
            x: points(x + minimum), y: points(top), width: points(maximum - minimum),
            height: points(line.height)))
      }
      lines.append(
        Layout.Line(
          location: offsets.utf16Offset(ofUTF8: line.range.utf8Range.lowerBound),
          length: offsets.utf16Offset(ofUTF8: line.range.utf8Range.upperBound)
            - offsets.utf16Offset(ofUTF8: line.range.utf8Range.lowerBound),
          x: points(x), y: points(top), width: points(line.width), height: points(line.height),
          baseline: points(baseline), breakReason: line.range.reason, runs: runs))
      top += line.height
      if line.range.reason == .explicit { top += paragraphSpacing }
    }
    if let last = built.last, last.range.reason == .explicit { top -= paragraphSpacing }
    let links = text.links.map { link in
      Layout.LinkRegion(
        index: link.index, location: link.utf16Range.lowerBound, length: link.utf16Range.count,
        target: link.target, rects: linkRects[link.index])
    }
    return Layout(
      size: Layout.Size(width: options.width ?? points(boxWidth), height: points(max(0, top))),
      lines: lines,
      links: links, decorations: decorations, backgrounds: backgrounds)
  }

  /// The horizontal extent of each link's glyphs on one line, by link index in increasing order.
  ///
  /// Extents are in 26.6 from the line's start. Glyphs from `visibleEnd` on (spaces hanging past the
  /// line's end) are not part of what a tap can hit. Linear in the line's glyphs.
  private func linkExtents(
    of segments: [Segment], visibleEnd: Int
  ) -> [(link: Int, extent: Range<Int64>)] {
    // A link's segments are neighbours in logical order, so a piece extends the last link
    // seen or starts a new one.
    var extents: [(link: Int, extent: Range<Int64>)] = []
    for segment in segments {
      guard let link = text.runs[items[segment.itemIndex].item.runIndex].attributes.link else {
        continue
      }
      var pen = segment.start
      var minimum = Int64.max
      var maximum = Int64.min
      for glyph in segment.glyphs {
        let advance = Int64(glyph.xAdvance)
        if glyph.cluster < visibleEnd {
          minimum = min(minimum, pen + Int64(glyph.xOffset))
          maximum = max(maximum, pen + Int64(glyph.xOffset) + advance)
        }
        pen += advance
      }
      guard minimum < maximum else { continue }
      if let last = extents.last, last.link == link {
        extents[extents.count - 1].extent =
          min(last.extent.lowerBound, minimum)..<max(last.extent.upperBound, maximum)
      } else {
        extents.append((link, minimum..<maximum))
      }
    }
    guard zip(extents, extents.dropFirst()).contains(where: { $0.link >= $1.link }) else {
      return extents
    }
    // A link in pieces that are not neighbours: sort, then join each link's pieces.
    var joined: [(link: Int, extent: Range<Int64>)] = []
    for piece in extents.sorted(by: { $0.link < $1.link }) {
      if let last = joined.last, last.link == piece.link {
        joined[joined.count - 1].extent =
          min(
            last.extent.lowerBound, piece.extent.lowerBound)..<max(
            last.extent.upperBound, piece.extent.upperBound)
      } else {
        joined.append(piece)
      }
    }
    return joined
  }

  /// A segment's glyphs in points, for a line placed at `x` with its baseline at `baseline`.
  private func positioned(_ segment: Segment, x: Int64, baseline: Int64) -> [Layout.PositionedGlyph]
  {
    var pen = x + segment.start
    let y = baseline - segment.shift
    return segment.glyphs.map { glyph in
      defer { pen += Int64(glyph.xAdvance) }
      return Layout.PositionedGlyph(
        id: glyph.glyph, x: points(pen + Int64(glyph.xOffset)),
        y: points(y - Int64(glyph.yOffset)), advance: points(Int64(glyph.xAdvance)),
        cluster: offsets.utf16Offset(ofUTF8: glyph.cluster))
    }
  }

  private func stroke(
    _ kind: Layout.Decoration.Kind, _ x: Double, _ width: Double, _ top: Int64, _ thickness: Int32,
    _ color: String
  ) -> Layout.Decoration {
    Layout.Decoration(
      kind: kind,
      rect: Layout.Rect(x: x, y: points(top), width: width, height: points(Int64(thickness))),
      color: color)
  }

  /// Line breaks are not drawn: `\n`, `\r`, VT, FF, NEL, U+2028 and U+2029.
  private func isLineBreakCharacter(at offset: Int) -> Bool {
    switch bytes[offset] {
    case 0x0A, 0x0B, 0x0C, 0x0D: return true
    case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85
    case 0xE2:
      return offset + 2 < bytes.count && bytes[offset + 1] == 0x80
        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9)
    default: return false
    }
  }
}

/// 26.6 fixed point to points: exact, because every value is a multiple of 1/64.
func points(_ value: Int64) -> Double { Double(value) / 64 }
