internal import CHarfBuzz
internal import GalleySupport
import Synchronization

/// Owns an `hb_font_t` over a ``ShapingFace`` at one size, using HarfBuzz's own OpenType font
/// functions (no FreeType), so it can be shared between threads once made immutable.
///
/// Positions come out in 26.6 fixed point: the scale is the size in pixels times 64. The
/// corresponding C functions are `hb_font_create`, `hb_ot_font_set_funcs`, `hb_font_set_scale`,
/// `hb_font_make_immutable` and `hb_font_destroy`. `@unchecked Sendable` for the same reason as
/// the face: immutable after `init`.
final class ShapingFont: @unchecked Sendable {
  let face: ShapingFace  // hb_font_t keeps its own reference, but the Swift owner documents it
  let handle: OpaquePointer  // hb_font_t *
  let size: Double
  /// Ascender above the baseline, in 26.6 pixels (positive).
  let ascender: Int32
  /// Descender below the baseline, in 26.6 pixels (positive).
  let descender: Int32
  /// The font's recommended extra space between lines, in 26.6 pixels.
  let lineGap: Int32
  /// How far below the baseline the underline's top is, and its thickness, in 26.6 pixels.
  let underlineOffset: Int32
  let underlineThickness: Int32
  /// How far above the baseline the strikeout's top is, and its thickness, in 26.6 pixels.
  let strikeoutOffset: Int32
  let strikeoutThickness: Int32
  /// A number no other font of the process has, for keys that outlive the font.
  let serial: Int
  /// The design coordinates the font is at, one per axis of a variable face, sorted by tag as
  /// the layout reports them (its named instance's or defaults, with the layout's and the
  /// span's variations set over them); empty for a face that is not variable.
  let coordinates: FontVariations
  /// The named instance at ``coordinates``, such as `SemiBold`, or `nil`.
  let instanceName: String?
  /// The font's space glyph (drawn, blank, for a tab) and its advance in 26.6.
  ///
  /// A default tab stop falls every eight of them, as in Pango. A face without a space gives
  /// glyph 0 and a quarter of the size.
  let space: (glyph: UInt32, advance: Int32)
  /// The plans kept for features given as ranges.
  let plans = ShapingPlans()

  private static let serials = Atomic<Int>(0)

  /// The font of `face` at `size`, at a named instance with `variations` set over it.
  ///
  /// `namedInstance` is 1-based (0 for the face's defaults); with `opticalSizing`, an `opsz`
  /// axis follows the size unless `variations` sets it. The corresponding C function is
  /// `hb_font_set_var_coords_design`.
  init(
    face: ShapingFace, size: Double, namedInstance: Int,
    variations: FontVariations = FontVariations(), opticalSizing: Bool = true
  ) {
    let font = hb_font_create(face.handle)
    hb_ot_font_set_funcs(font)
    let scale = Int32((size * 64).rounded())
    hb_font_set_scale(font, scale, scale)
    let design = face.designCoordinates(
      namedInstance: namedInstance, variations: variations,
      opticalSize: opticalSizing ? size : nil)
    if !design.isEmpty {
      hb_font_set_var_coords_design(font, design, UInt32(design.count))
    }
    coordinates = FontVariations(
      zip(face.axes, design).map { FontVariations.Variation(tag: $0.tag, value: Double($1)) }
        .sorted { $0.tagName < $1.tagName })
    instanceName = face.namedInstance(at: design)
    hb_font_make_immutable(font)
    self.face = face
    serial = Self.serials.add(1, ordering: .relaxed).newValue
    // hb_font_create never returns NULL; it returns the empty font on failure.
    self.handle = font.unsafelyUnwrapped
    self.size = size
    var extents = hb_font_extents_t()
    if hb_font_get_h_extents(font, &extents) == 0 {
      extents.ascender = scale * 8 / 10
      extents.descender = -scale * 2 / 10
      extents.line_gap = 0
    }
    ascender = extents.ascender
    descender = -extents.descender
    lineGap = extents.line_gap
    func metric(_ tag: hb_ot_metrics_tag_t, fallback: Int32) -> Int32 {
      var value: hb_position_t = 0
      return hb_ot_metrics_get_position(font, tag, &value) != 0 ? value : fallback
    }
    underlineOffset = -metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, fallback: -scale / 10)
    underlineThickness = max(64 / 2, metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, fallback: scale / 16))
    strikeoutOffset = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, fallback: scale * 3 / 10)
    strikeoutThickness = max(64 / 2, metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, fallback: scale / 16))
    var spaceGlyph: hb_codepoint_t = 0
    if hb_font_get_nominal_glyph(font, 0x20, &spaceGlyph) != 0 {
      space = (spaceGlyph, hb_font_get_glyph_h_advance(font, spaceGlyph))
    } else {
      space = (0, scale / 4)
    }
  }

  /// The ink boxes of glyphs relative to their origins (y down), in points, `nil` for a
  /// glyph without ink (`hb_font_get_glyph_extents`); remembered for the font's first
  /// ``inkBoxLimit`` glyphs asked (glyph placement asks for every glyph of every label).
  ///
  /// - Parameter glyphs: The glyphs (their ids count).
  /// - Returns: One box per glyph: left, top (negative above the baseline), width and height.
  func inkBoxes(of glyphs: [Layout.PositionedGlyph]) -> [InkBox?] {
    inkBoxes.withLock { table in
      var boxes: [InkBox?] = []
      boxes.reserveCapacity(glyphs.count)
      for glyph in glyphs {
        if let known = table[glyph.id] {
          boxes.append(known)
          continue
        }
        let box = Self.extents(of: glyph.id, in: handle)
        if table.count < Self.inkBoxLimit { table.insert(box, for: glyph.id) }
        boxes.append(box)
      }
      return boxes
    }
  }

  /// The most ink boxes a font remembers.
  static let inkBoxLimit = 4096

  /// A glyph's box relative to its origin (y down), in points.
  typealias InkBox = GlyphBoxTable.Box

  private let inkBoxes = Mutex(GlyphBoxTable())

  /// A glyph's ink box as ``inkBoxes(of:)`` gives it, from HarfBuzz.
  private static func extents(of glyph: UInt32, in handle: OpaquePointer) -> InkBox? {
    var extents = hb_glyph_extents_t()
    guard hb_font_get_glyph_extents(handle, glyph, &extents) != 0,
      extents.width != 0, extents.height != 0
    else { return nil }
    // HarfBuzz's y grows upwards and its height is negative for a box that goes down.
    let left = Double(min(extents.x_bearing, extents.x_bearing + extents.width)) / 64
    let right = Double(max(extents.x_bearing, extents.x_bearing + extents.width)) / 64
    let top = Double(max(extents.y_bearing, extents.y_bearing + extents.height)) / 64
    let bottom = Double(min(extents.y_bearing, extents.y_bearing + extents.height)) / 64
    return (left, -top, right - left, top - bottom)
  }

  deinit { hb_font_destroy(handle) }
}
