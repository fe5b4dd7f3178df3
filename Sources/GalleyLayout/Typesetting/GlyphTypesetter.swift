/// A stage that places each glyph itself after the lines are stacked: it gives every glyph a
/// ``Layout/GlyphTransform`` (<doc:LayoutRules#Glyph-typesetters>).
///
/// ``LayoutOptions/glyphTypesetters`` run in order; each sees a glyph with the transform the
/// ones before gave it (``TypesetGlyph/transform``) and returns the glyph's new transform.
/// Built in: ``RotationTypesetter``, ``RandomShiftTypesetter`` and ``ArcTypesetter``. A
/// typesetter must be a pure function of the glyph it sees, so one input always gives one
/// layout, on any thread.
///
/// ```swift
/// /// Lifts every other glyph by two points.
/// struct Bounce: GlyphTypesetter {
///   func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform {
///     var transform = glyph.transform
///     if glyph.index % 2 == 1 { transform.dy -= 2 }
///     return transform
///   }
/// }
/// var options = LayoutOptions(width: 200)
/// options.glyphTypesetters = [AnyGlyphTypesetter(Bounce())]
/// ```
public protocol GlyphTypesetter: Hashable, Sendable {
  /// The transform of one glyph.
  ///
  /// - Parameter glyph: The glyph, its line and box, and its transform so far.
  /// - Returns: Its transform: ``TypesetGlyph/transform`` to leave it as it is.
  func transform(of glyph: TypesetGlyph) -> Layout.GlyphTransform
}

/// What a ``GlyphTypesetter`` sees of one glyph.
///
/// Where the lines put it, its line, its ink, and the transform so far, in layout points.
public struct TypesetGlyph: Sendable {
  /// The glyph's position among all the layout's glyphs: lines top to bottom, each line's
  /// runs and glyphs left to right, from 0.
  public var index: Int
  /// The glyph's line, from 0.
  public var lineIndex: Int
  /// The line's content box: its ``Layout/Line/x`` and ``Layout/Line/width``, its top and
  /// height.
  public var lineBox: Layout.Rect
  /// The line's baseline.
  public var baseline: Double
  /// The glyph's id in its font.
  public var id: UInt32
  /// The UTF-16 offset of the glyph's cluster in the text.
  public var cluster: Int
  /// The glyph's pen position (its ``Layout/PositionedGlyph/x`` and `y`).
  public var x: Double
  /// The glyph's baseline y, baseline shift included.
  public var y: Double
  /// The glyph's advance.
  public var advance: Double
  /// The glyph's box: its advance wide, its line's height tall; transforms turn and scale
  /// about its center.
  public var box: Layout.Rect
  /// The glyph's ink box as its font gives it (untransformed), or `nil` for a glyph without
  /// ink (a space).
  public var inkBox: Layout.Rect?
  /// Whether the glyph's run reads right to left.
  public var isRightToLeft: Bool
  /// The link the glyph belongs to, or `nil`.
  public var link: Int?
  /// The layout box.
  public var layoutSize: Layout.Size
  /// The transform the typesetters before this one gave the glyph (the identity for the
  /// first).
  public var transform: Layout.GlyphTransform
}

/// A glyph typesetter of any type, so a list of them can be part of ``LayoutOptions``
/// (compared and hashed by the wrapped value).
public struct AnyGlyphTypesetter: Hashable, Sendable {
  /// The typesetter.
  public let base: any GlyphTypesetter

  /// Wraps a typesetter.
  ///
  /// - Parameter base: The typesetter.
  public init(_ base: some GlyphTypesetter) {
    self.base = base
  }

  /// Whether two wrappers hold equal typesetters of one type.
  public static func == (left: AnyGlyphTypesetter, right: AnyGlyphTypesetter) -> Bool {
    left.base.isEqual(to: right.base)
  }

  /// Hashes the wrapped typesetter and its type.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  /// Sets each glyph's transform to the one the wrapped typesetter gives it, opening the
  /// wrapped value once for all of them.
  func apply(to glyphs: inout [TypesetGlyph]) { Self.apply(base, to: &glyphs) }

  private static func apply(_ typesetter: some GlyphTypesetter, to glyphs: inout [TypesetGlyph]) {
    for index in glyphs.indices {
      glyphs[index].transform = typesetter.transform(of: glyphs[index])
    }
  }
}

extension GlyphTypesetter {
  /// Whether another typesetter is of this one's type and equal to it.
  fileprivate func isEqual(to other: any GlyphTypesetter) -> Bool {
    (other as? Self) == self
  }
}
