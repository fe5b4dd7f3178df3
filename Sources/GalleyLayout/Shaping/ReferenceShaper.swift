internal import CHarfBuzz

/// The reference path of shaping: HarfBuzz on a run whole, the paragraph as context.
///
/// Every accelerator must give exactly what ``shape(_:)`` gives for the runs it takes; the
/// layout tests compare them on every golden.
enum ReferenceShaper {
  /// Shapes a run in one HarfBuzz call, the whole paragraph as context.
  ///
  /// - Returns: Glyphs in logical order (right-to-left runs are reversed back), with clusters
  ///   as UTF-8 offsets into the paragraph.
  ///
  /// The corresponding C functions are `hb_buffer_clear_contents` and `hb_buffer_add_utf8`.
  static func shape(_ run: ShapingRun) -> [ShapedGlyph] {
    guard let base = run.paragraph.baseAddress, !run.range.isEmpty else { return [] }
    let buffer = run.buffer.handle
    hb_buffer_clear_contents(buffer)
    base.withMemoryRebound(to: CChar.self, capacity: run.paragraph.count) { characters in
      hb_buffer_add_utf8(
        buffer, characters, Int32(run.paragraph.count), UInt32(run.range.lowerBound),
        Int32(run.range.count))
    }
    run.style.shape(buffer)
    var glyphs = copyGlyphs(buffer, text: run.paragraph, clusterBase: 0)
    if run.style.isRightToLeft { glyphs.reverse() }
    return glyphs
  }

  /// Shapes `range` of `text` alone (no context) in `style`, in `buffer`; clusters are relative
  /// to the range's start.
  ///
  /// The accelerators shape words (put end to end) and pairs of characters this way: in the
  /// run's style, not the word's (a word of digits in a Latin run is shaped as Latin, as in
  /// its run).
  static func shapeAlone(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: ShapingStyle,
    buffer shapingBuffer: ShapingBuffer
  ) -> [ShapedGlyph] {
    guard let base = text.baseAddress else { return [] }
    let buffer = shapingBuffer.handle
    hb_buffer_clear_contents(buffer)
    (base + range.lowerBound).withMemoryRebound(to: CChar.self, capacity: range.count) {
      hb_buffer_add_utf8(buffer, $0, Int32(range.count), 0, Int32(range.count))
    }
    style.shape(buffer)
    var glyphs = copyGlyphs(buffer, text: text, clusterBase: range.lowerBound)
    if style.isRightToLeft { glyphs.reverse() }
    return glyphs
  }

  /// Whether the character at `offset` is a control character (C0 and C1, and DEL).
  ///
  /// Controls take no space and draw nothing; fonts would give them `.notdef` boxes, so
  /// their glyphs are dropped as they are copied out of HarfBuzz. Tab and the line-break
  /// characters (LF, VT, FF, CR, NEL) are left for line breaking and positioning.
  @inline(__always)
  static func isControl(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let byte = text[offset]
    if byte >= 0x20 && byte != 0x7F && byte != 0xC2 { return false }
    switch byte {
    case 0x09...0x0D: return false
    case 0xC2:
      // U+0080 to U+009F, but NEL (U+0085).
      guard offset + 1 < text.count else { return false }
      let next = text[offset + 1]
      return next >= 0x80 && next <= 0x9F && next != 0x85
    default: return true
    }
  }

  /// The shaped glyphs of `buffer`, copied out (its arrays belong to it), without those of
  /// control characters (see ``isControl(_:at:)``).
  ///
  /// - Parameters:
  ///   - buffer: The shaped buffer.
  ///   - text: The paragraph the buffer's text came from.
  ///   - clusterBase: The offset in `text` that cluster 0 stands for.
  /// - Returns: The glyphs, in the buffer's order.
  private static func copyGlyphs(
    _ buffer: OpaquePointer, text: UnsafeBufferPointer<UInt8>, clusterBase: Int
  ) -> [ShapedGlyph] {
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      if isControl(text, at: clusterBase + Int(infos[index].cluster)) { continue }
      let flags = hb_glyph_info_get_glyph_flags(infos + index)
      glyphs.append(
        ShapedGlyph(
          glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
          xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset,
          isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
    }
    return glyphs
  }
}
