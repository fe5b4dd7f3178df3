extension Renderer {
  /// The drawing fast paths a ``Renderer`` may use.
  ///
  /// Without them, cairo fills every glyph's outline; with them, the same image comes out,
  /// within anti-aliasing (glyphs sit at quarter-pixel positions in masks, at exact ones in
  /// cairo). The design note `docs/design/fast-paths.md` gives each one's conditions and
  /// bounds.
  public struct Accelerators: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The set's bits, one per accelerator.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Outline glyphs on images drawn from masks rasterized once per glyph and quarter-pixel
    /// phase (a transformed glyph's once per rounded map too, as are the decoration pieces
    /// that follow it), added into one coverage buffer per batch and composited once.
    public static let glyphMasks = Accelerators(rawValue: 1 << 0)
    /// Transformed glyphs' outlines made once per glyph and moved by their maps (the source
    /// of their masks, and of their paths in vector output), instead of outlines cairo makes
    /// under each map.
    public static let glyphOutlines = Accelerators(rawValue: 1 << 1)
    /// Every accelerator: the default.
    public static let all: Accelerators = [.glyphMasks, .glyphOutlines]

    /// Each accelerator with its name.
    public static let named: [(name: String, accelerator: Accelerators)] = [
      ("glyph-masks", .glyphMasks), ("glyph-outlines", .glyphOutlines),
    ]

    /// The accelerators' names, comma-separated, or `none`.
    public var description: String {
      let names = Self.named.filter { contains($0.accelerator) }.map(\.name)
      return names.isEmpty ? "none" : names.joined(separator: ",")
    }
  }
}
