internal import CHarfBuzz
import GalleyFonts
import GalleyMarkup

extension LayoutEngine {
  /// HarfBuzz alone, for the benchmark floor (`galley-bench layout --shaping-floor`): each
  /// text shaped whole, in one `hb_shape` call, with the face of its first run and one
  /// buffer, and nothing else (no itemization, fallback, line breaking or positioning).
  ///
  /// - Parameter texts: The texts, each one paragraph.
  /// - Returns: How many glyphs HarfBuzz made, so that the work cannot be skipped.
  /// - Throws: ``LayoutError`` when the face cannot be opened; font set errors as
  ///   ``LayoutError/Kind-swift.struct/fontUnusable``.
  package func shapeWhole(_ texts: [FormattedText]) throws(LayoutError) -> Int {
    let buffer = ShapingBuffer()
    var glyphs = 0
    for text in texts {
      guard let attributes = text.runs.first?.attributes else { continue }
      let face: FaceDescriptor
      do throws(FontSetError) {
        face = try fonts.resolve(family: attributes.family, weight: attributes.weight).face
      } catch {
        throw LayoutError(.fontUnusable, error.message)
      }
      let font = try cacheFont(for: face, size: attributes.size)
      var string = text.string
      string.withUTF8 { bytes in
        hb_buffer_clear_contents(buffer.handle)
        bytes.withMemoryRebound(to: CChar.self) { characters in
          hb_buffer_add_utf8(
            buffer.handle, characters.baseAddress, Int32(bytes.count), 0, Int32(bytes.count))
        }
        hb_buffer_guess_segment_properties(buffer.handle)
        hb_shape(font.handle, buffer.handle, nil, 0)
        glyphs += Int(hb_buffer_get_length(buffer.handle))
      }
    }
    return glyphs
  }
}
