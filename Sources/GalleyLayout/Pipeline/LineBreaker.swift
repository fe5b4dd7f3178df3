/// The output of line breaking: one line's range and why it ended.
///
/// Read by the positioner.
struct LineRange {
  /// UTF-8 offsets of everything the line holds, its trailing spaces and break included.
  var utf8Range: Range<Int>
  /// Where the visible content ends (trailing spaces and the break excluded).
  var visibleEnd: Int
  var reason: Layout.BreakReason
}

/// Greedy line filling over break opportunities, on prefix sums of cluster advances, so each
/// opportunity is looked at a bounded number of times: linear in the text's length.
struct LineBreaker {
  /// `advance[i]` is the total advance (26.6) of the glyphs of clusters before UTF-8 offset i.
  private var prefix: [Int64]
  private let bytes: [UInt8]

  init(text: String, items: [ShapedItem]) {
    bytes = Array(text.utf8)
    var perOffset = [Int64](repeating: 0, count: bytes.count + 1)
    for item in items {
      for glyph in item.glyphs { perOffset[glyph.cluster] += Int64(glyph.xAdvance) }
    }
    var running: Int64 = 0
    for index in 0...bytes.count {
      let advance = perOffset[index]
      perOffset[index] = running
      running += advance
    }
    prefix = perOffset
  }

  /// The width of the clusters in `range`.
  func width(_ range: Range<Int>) -> Int64 { prefix[range.upperBound] - prefix[range.lowerBound] }

  /// The end of `range` with trailing white space and line separators dropped.
  func visibleEnd(of range: Range<Int>) -> Int {
    var end = range.upperBound
    while end > range.lowerBound {
      let byte = bytes[end - 1]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B
        || byte == 0x0C
      {
        end -= 1
      } else if end - range.lowerBound >= 2, bytes[end - 2] == 0xC2, byte == 0x85 {
        end -= 2  // NEL
      } else if end - range.lowerBound >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80,
        byte == 0xA8 || byte == 0xA9
      {
        end -= 3  // line and paragraph separators
      } else if end - range.lowerBound >= 3, bytes[end - 3] == 0xE3, bytes[end - 2] == 0x80,
        byte == 0x80
      {
        end -= 3  // ideographic space
      } else {
        break
      }
    }
    return end
  }

  /// Breaks the text into lines.
  ///
  /// - Parameters:
  ///   - breaks: The break opportunities.
  ///   - maximumWidth: The line width in 26.6, or `nil` for mandatory breaks only.
  ///   - text: The text, for grapheme boundaries when a word must be split.
  /// - Returns: The lines, in order, covering the whole text.
  func lines(
    breaks: BreakOpportunities, maximumWidth: Int64?, text: String
  ) -> [LineRange] {
    var lines: [LineRange] = []
    guard !bytes.isEmpty else { return lines }
    var start = 0
    var lastFit: Int?
    var position = 0
    while position < breaks.offsets.count {
      let offset = breaks.offsets[position]
      let isMandatory = breaks.isMandatory[position]
      // An emergency split can move the start onto or past an opportunity: lines are never
      // empty.
      if offset <= start {
        position += 1
        continue
      }
      let end = visibleEnd(of: start..<offset)
      let fits = maximumWidth.map { width(start..<end) <= $0 } ?? true
      if fits {
        if isMandatory || offset == bytes.count {
          // ICU marks a break mandatory only after a line break character.
          lines.append(
            LineRange(
              utf8Range: start..<offset, visibleEnd: end, reason: isMandatory ? .explicit : .end))
          start = offset
          lastFit = nil
        } else {
          lastFit = offset
        }
        position += 1
        continue
      }
      if let fit = lastFit {
        lines.append(
          LineRange(utf8Range: start..<fit, visibleEnd: visibleEnd(of: start..<fit), reason: .wrap))
        start = fit
        lastFit = nil
        continue  // look at the same opportunity again from the new start
      }
      // One word is wider than the line: split it between grapheme clusters.
      guard let maximumWidth else { break }
      var split = emergencySplit(from: start, before: end, maximumWidth: maximumWidth, text: text)
      let visible = split
      // When the split reaches the word's end, its trailing spaces hang on the same line.
      if split >= end { split = offset }
      lines.append(LineRange(utf8Range: start..<split, visibleEnd: visible, reason: .emergency))
      start = split
    }
    if start < bytes.count {
      lines.append(
        LineRange(
          utf8Range: start..<bytes.count, visibleEnd: visibleEnd(of: start..<bytes.count),
          reason: .end))
    }
    return lines
  }

  /// The largest grapheme boundary after `start`, up to `end`, whose prefix fits; at least
  /// one grapheme cluster, so that every line makes progress.
  private func emergencySplit(
    from start: Int, before end: Int, maximumWidth: Int64, text: String
  ) -> Int {
    let utf8 = text.utf8
    var cursor = utf8.index(utf8.startIndex, offsetBy: start)
    var best = start
    while cursor < text.endIndex {
      let next = text.index(after: cursor)
      let nextOffset = utf8.distance(from: utf8.startIndex, to: next)
      if best > start, nextOffset > end || width(start..<nextOffset) > maximumWidth { break }
      best = nextOffset
      cursor = next
    }
    return best
  }
}
