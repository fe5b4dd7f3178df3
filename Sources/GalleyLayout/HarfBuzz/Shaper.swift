internal import CHarfBuzz

/// One glyph from HarfBuzz, in logical (text) order, positions in 26.6 pixels.
struct ShapedGlyph: Hashable, Sendable {
  var glyph: UInt32
  /// UTF-8 offset into the paragraph of the cluster this glyph belongs to.
  var cluster: Int
  var xAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
  /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: breaking before this glyph's cluster needs
  /// re-shaping.
  var isUnsafeToBreak: Bool
}

/// Owns one `hb_buffer_t`, reused for every run of one layout (cleared before each use), so
/// shaping does not allocate a buffer per run.
///
/// Not `Sendable`: a buffer is one-thread-at-a-time; each layout call makes its own. The
/// corresponding C functions are `hb_buffer_create`, `hb_buffer_clear_contents` and
/// `hb_buffer_destroy`.
final class ShapingBuffer {
  let handle: OpaquePointer  // hb_buffer_t *

  init() {
    // hb_buffer_create returns the empty buffer, never NULL, when memory runs out.
    handle = hb_buffer_create().unsafelyUnwrapped
  }

  deinit { hb_buffer_destroy(handle) }
}

/// Shapes runs of a paragraph with HarfBuzz.
enum Shaper {
  /// Shapes `range` of `paragraph`, passing the whole paragraph as context.
  ///
  /// - Parameters:
  ///   - paragraph: The paragraph's UTF-8 bytes.
  ///   - range: UTF-8 offsets of the run inside `paragraph`.
  ///   - font: The font at its size.
  ///   - language: A BCP 47 tag, or `nil`.
  ///   - shapingBuffer: The buffer to shape in; cleared first.
  /// - Returns: Glyphs in logical order (right-to-left runs are reversed back), with clusters
  ///   as UTF-8 offsets into `paragraph`, and whether the run is right-to-left.
  ///
  /// The corresponding C functions are `hb_buffer_add_utf8`,
  /// `hb_buffer_guess_segment_properties` and `hb_shape`.
  static func shape(
    _ paragraph: UnsafeBufferPointer<UInt8>, range: Range<Int>, font: ShapingFont,
    language: String?, buffer shapingBuffer: ShapingBuffer
  ) -> (glyphs: [ShapedGlyph], isRightToLeft: Bool) {
    guard !range.isEmpty, let base = paragraph.baseAddress else { return ([], false) }
    let buffer = shapingBuffer.handle
    hb_buffer_clear_contents(buffer)
    base.withMemoryRebound(to: CChar.self, capacity: paragraph.count) { characters in
      hb_buffer_add_utf8(
        buffer, characters, Int32(paragraph.count), UInt32(range.lowerBound), Int32(range.count))
    }
    if let language {
      hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
    }
    hb_buffer_guess_segment_properties(buffer)
    let isRightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
    hb_shape(font.handle, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return ([], isRightToLeft) }
    // Copy out now: both arrays belong to `buffer`.
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      let flags = hb_glyph_info_get_glyph_flags(infos + index)
      glyphs.append(
        ShapedGlyph(
          glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
          xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset,
          isUnsafeToBreak: flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
    }
    if isRightToLeft { glyphs.reverse() }
    return (glyphs, isRightToLeft)
  }
}
