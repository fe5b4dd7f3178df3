internal import CCairo
import GalleyLayout
internal import GalleySupport
import Synchronization

/// A cairo scaled font: one face at one size, for one device scale, with its glyph cache.
///
/// cairo guards its scaled fonts (and the FreeType faces under them) with its own locks, so
/// one can be shared between threads. The corresponding C functions are
/// `cairo_scaled_font_create`, `cairo_scaled_font_glyph_extents` and
/// `cairo_scaled_font_destroy`.
final class CairoScaledFont: @unchecked Sendable {
  let handle: OpaquePointer  // cairo_scaled_font_t *
  /// Whether the face draws its glyphs in color (emoji): such glyphs keep their colors under
  /// a gradient and have no outline to stroke.
  let isColor: Bool

  /// Whether the glyphs are drawn leant (synthesized italic).
  let isSlanted: Bool

  /// Device pixels per point.
  let deviceScale: Double

  /// The em in device pixels.
  let pixelsPerEm: Double

  /// A number no other scaled font of the process has: glyph caches key on it, as a font's
  /// address may be reused once it is freed.
  let serial: Int

  private static let serials = Atomic<Int>(0)

  /// Each measured glyph's ink about its origin (bearings and size), or `nil` for none:
  /// transformed runs measure every glyph, and a label repeats few.
  private let inks = Mutex(GlyphBoxTable())
  /// The most glyphs ``inks`` holds before it starts over.
  private static let inkLimit = 4096

  init(
    adopting handle: OpaquePointer, isColor: Bool, isSlanted: Bool, size: Double,
    deviceScale: Double
  ) {
    self.handle = handle
    self.isColor = isColor
    self.isSlanted = isSlanted
    self.deviceScale = deviceScale
    pixelsPerEm = size * deviceScale
    serial = Self.serials.add(1, ordering: .relaxed).newValue
  }

  deinit { cairo_scaled_font_destroy(handle) }

  /// The box of the ink of some glyphs, in user units (layout points).
  ///
  /// - Parameter glyphs: The glyphs, at their positions.
  /// - Returns: The box, placed from the first glyph's origin as cairo measures it, or `nil`
  ///   when the glyphs have no ink (spaces) or there are none.
  func inkRect(of glyphs: some Collection<SceneGlyph>) -> Layout.Rect? {
    guard let first = glyphs.first else { return nil }
    var extents = cairo_text_extents_t()
    glyphs.withCairoGlyphs { glyphs in
      cairo_scaled_font_glyph_extents(handle, glyphs.baseAddress, Int32(glyphs.count), &extents)
    }
    guard extents.width > 0, extents.height > 0 else { return nil }
    // cairo measures the bearings from the first glyph's origin.
    return Layout.Rect(
      x: first.x + extents.x_bearing, y: first.y + extents.y_bearing, width: extents.width,
      height: extents.height)
  }

  /// The boxes of glyphs' ink relative to their origins, in user units (layout points),
  /// `nil` for a glyph without ink: what ``inkRect(of:)-(SceneGlyph)`` measures, the table
  /// locked once for all of them.
  ///
  /// - Parameter glyphs: The glyphs (their ids count).
  /// - Returns: One box per glyph.
  func inkBoxes(of glyphs: [Layout.PositionedGlyph]) -> [GlyphBoxTable.Box?] {
    inks.withLock { inks in
      var boxes: [GlyphBoxTable.Box?] = []
      boxes.reserveCapacity(glyphs.count)
      for glyph in glyphs { boxes.append(inkBox(of: glyph.id, in: &inks)) }
      return boxes
    }
  }

  /// The box of one glyph's ink, in user units (layout points).
  ///
  /// - Parameter glyph: The glyph, at its position.
  /// - Returns: The box, or `nil` for a glyph without ink.
  func inkRect(of glyph: SceneGlyph) -> Layout.Rect? {
    let box = inks.withLock { inkBox(of: glyph.id, in: &$0) }
    return box.map {
      Layout.Rect(x: glyph.x + $0.x, y: glyph.y + $0.y, width: $0.width, height: $0.height)
    }
  }

  /// A glyph's ink box relative to its origin from the table, measured by cairo and kept on
  /// first use (the table starts over past ``inkLimit`` glyphs).
  private func inkBox(of glyph: UInt32, in inks: inout GlyphBoxTable) -> GlyphBoxTable.Box? {
    if let known = inks[glyph] { return known }
    var extents = cairo_text_extents_t()
    var single = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
    cairo_scaled_font_glyph_extents(handle, &single, 1, &extents)
    let box: GlyphBoxTable.Box? =
      extents.width > 0 && extents.height > 0
      ? (extents.x_bearing, extents.y_bearing, extents.width, extents.height) : nil
    if inks.count >= Self.inkLimit { inks.removeAll() }
    inks.insert(box, for: glyph)
    return box
  }
}
