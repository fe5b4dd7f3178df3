import GalleyStyle

/// How a layout is drawn: the canvas and the text effects.
///
/// Every length is in layout points; the image has `scale` pixels per point. The defaults draw
/// the text as laid out, in its own colors, on a transparent canvas that just holds it.
///
/// ```swift
/// var options = RenderOptions(scale: 2)
/// options.shadow = RenderOptions.Shadow(offsetX: 0, offsetY: 2, blur: 4)
/// options.glow = .glow  // the defaults `galley render --glow-…` starts from
/// options.outline = RenderOptions.Outline(width: 1.5, color: TextColor(parsing: "white")!)
/// ```
public struct RenderOptions: Hashable, Sendable {
  /// Pixels per point: 2 for @2x images; from ``minimumScale`` to 16.
  ///
  /// Vector output is scaled the same way.
  public var scale: Double
  /// The canvas color, or `nil` for a transparent canvas.
  public var background: TextColor?
  /// Empty space around the text and its effects, in points, on every side.
  public var padding: Double
  /// A soft shadow behind the text (FXLabel's shadow with `shadowBlur`).
  public var shadow: Shadow?
  /// A glow around the text: a shadow with no offset (DHSGlyphText).
  public var glow: Shadow?
  /// A shadow cast inside the glyphs, as if they were cut out of the canvas (FXLabel's
  /// `innerShadow…`).
  public var innerShadow: Shadow?
  /// A gradient that replaces the text's own colors (FXLabel's `gradientColors`).
  public var gradient: Gradient?
  /// A stroke around the glyphs, drawn outside them so the fill keeps its full size.
  public var outline: Outline?
  /// Draws at this many times the resolution and scales down (FXLabel's `oversampling`).
  ///
  /// Smoother edges for small text, at the square of the cost. 1 turns it off.
  public var oversampling: Int
  /// The color of text inside links, or `nil` to keep the text's own colors.
  public var linkColor: TextColor?
  /// Draws line boxes, baselines, link rectangles and glyph boxes over the text, to show what
  /// a tap hits.
  public var annotates: Bool
  /// The order glyphs are drawn in, which shows where transformed glyphs overlap
  /// (DHSGlyphText's glyph rendering order): text order unless told otherwise.
  public var drawOrder = DrawOrder.logical
  /// The color of all the text and its underlines and strikethroughs, or `nil` to keep their
  /// own.
  ///
  /// A disabled button's grey; ``linkColor``, when given, still colors links, and backgrounds
  /// keep their colors.
  public var textColor: TextColor?
  /// Points to move the drawing right, rounded to whole pixels.
  ///
  /// A pressed button's shift (DHSGlyphButton): the text, its effects, backgrounds and link
  /// regions move, and the canvas holds the drawing both where it would be without the offset
  /// and where it is, so a pressed frame is the unpressed one with its text moved.
  public var offsetX = 0.0
  /// Points to move the drawing down, as ``offsetX`` does right.
  public var offsetY = 0.0

  /// The order glyphs are drawn in (`galley render --draw-order`).
  public enum DrawOrder: Hashable, Sendable {
    /// In text order: a glyph of a later character over one of an earlier one.
    case logical
    /// In reverse text order: the first character's glyph on top.
    case reverse
    /// In an order shuffled with a seed: the same seed, the same order, on every run.
    case random(seed: UInt64)
  }

  /// The largest image side, in pixels, including oversampling.
  public static let maximumSide = 16_384
  /// The largest image, in pixels (64 megapixels), including oversampling.
  public static let maximumPixels = 1 << 26
  /// The largest blur radius, in points.
  public static let maximumBlur = 500.0
  /// The largest oversampling factor.
  public static let maximumOversampling = 4

  /// Creates options; effects are off unless given.
  ///
  /// - Parameters:
  ///   - scale: Pixels per point.
  ///   - background: The canvas color, or `nil` for transparent.
  ///   - padding: Points of empty space on every side.
  ///   - shadow: A soft shadow.
  ///   - glow: A glow.
  ///   - innerShadow: A shadow inside the glyphs.
  ///   - gradient: A gradient fill.
  ///   - outline: An outline.
  ///   - oversampling: 1 to 4.
  ///   - linkColor: The color of link text.
  ///   - annotates: Whether to draw the debug overlay.
  public init(
    scale: Double = 1, background: TextColor? = nil, padding: Double = 0, shadow: Shadow? = nil,
    glow: Shadow? = nil, innerShadow: Shadow? = nil, gradient: Gradient? = nil,
    outline: Outline? = nil, oversampling: Int = 1, linkColor: TextColor? = nil,
    annotates: Bool = false
  ) {
    self.scale = scale
    self.background = background
    self.padding = padding
    self.shadow = shadow
    self.glow = glow
    self.innerShadow = innerShadow
    self.gradient = gradient
    self.outline = outline
    self.oversampling = oversampling
    self.linkColor = linkColor
    self.annotates = annotates
  }

  /// A shadow: an offset copy of the text's shape, blurred, in one color.
  public struct Shadow: Hashable, Sendable {
    /// Points to the right.
    public var offsetX: Double
    /// Points down.
    public var offsetY: Double
    /// The blur radius in points.
    ///
    /// About twice the Gaussian's standard deviation, as in CSS and Core Graphics. 0 is a hard
    /// shadow.
    public var blur: Double
    /// The shadow's color; its alpha sets the strength.
    public var color: TextColor

    /// Creates a shadow.
    ///
    /// - Parameters:
    ///   - offsetX: Points to the right.
    ///   - offsetY: Points down.
    ///   - blur: The blur radius in points.
    ///   - color: The color, half-transparent black by default.
    public init(
      offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0,
      color: TextColor = TextColor(red: 0, green: 0, blue: 0, alpha: 128)
    ) {
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.blur = blur
      self.color = color
    }

    /// The default drop shadow: 1 point down, unblurred, half-transparent black (`#00000080`).
    ///
    /// `galley render` starts from it and changes what `--shadow-offset`, `--shadow-blur` and
    /// `--shadow-color` give.
    public static let drop = Shadow(
      offsetX: 0, offsetY: 1, blur: 0, color: TextColor(red: 0, green: 0, blue: 0, alpha: 128))

    /// The default glow: no offset, a 4-point blur, opaque white.
    ///
    /// `galley render` starts from it and changes what `--glow-blur` and `--glow-color` give.
    public static let glow = Shadow(offsetX: 0, offsetY: 0, blur: 4, color: .white)

    /// The default inner shadow: 1 point down, a 2-point blur, black at alpha 176
    /// (`#000000B0`).
    ///
    /// `galley render` starts from it and changes what `--inner-shadow-offset`,
    /// `--inner-shadow-blur` and `--inner-shadow-color` give.
    public static let inner = Shadow(
      offsetX: 0, offsetY: 1, blur: 2, color: TextColor(red: 0, green: 0, blue: 0, alpha: 176))
  }

  /// A gradient fill in unit coordinates of the text's bounds: (0, 0) is the top left of the
  /// lines' box, (1, 1) its bottom right.
  public struct Gradient: Hashable, Sendable {
    /// Linear along a line, or radial around a center.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
      /// Colors change along the line from `start` to `end`.
      case linear
      /// Colors change from `start` (the center) out to `end` (on the outer circle).
      case radial
    }

    /// One color at a position between 0 (the start) and 1 (the end).
    public struct Stop: Hashable, Sendable {
      /// The position, 0…1.
      public var offset: Double
      /// The color there.
      public var color: TextColor

      /// Creates a stop.
      ///
      /// - Parameters:
      ///   - offset: The position, 0…1.
      ///   - color: The color there.
      public init(offset: Double, color: TextColor) {
        self.offset = offset
        self.color = color
      }
    }

    /// Linear or radial.
    public var kind: Kind
    /// Two or more stops, in increasing offset order.
    public var stops: [Stop]
    /// The start point (the center of a radial gradient), in unit coordinates.
    public var start: (x: Double, y: Double)
    /// The end point (on the outer circle of a radial gradient), in unit coordinates.
    public var end: (x: Double, y: Double)

    /// Creates a gradient; the default points are FXLabel's, top to three quarters down.
    ///
    /// - Parameters:
    ///   - kind: Linear or radial.
    ///   - stops: Two or more stops.
    ///   - start: The start point in unit coordinates.
    ///   - end: The end point in unit coordinates.
    public init(
      kind: Kind = .linear, stops: [Stop], start: (x: Double, y: Double) = (0.5, 0),
      end: (x: Double, y: Double) = (0.5, 0.75)
    ) {
      self.kind = kind
      self.stops = stops
      self.start = start
      self.end = end
    }

    /// Evenly spaced stops for a list of colors.
    ///
    /// - Parameter colors: Two or more colors.
    /// - Returns: Stops at 0, 1/(n-1), …, 1.
    public static func evenStops(_ colors: [TextColor]) -> [Stop] {
      guard colors.count > 1 else { return colors.map { Stop(offset: 0, color: $0) } }
      return colors.enumerated().map { index, color in
        Stop(offset: Double(index) / Double(colors.count - 1), color: color)
      }
    }

    /// Whether two gradients have the same kind, stops and points.
    ///
    /// - Parameters:
    ///   - lhs: A gradient.
    ///   - rhs: Another gradient.
    /// - Returns: `true` when they are the same.
    public static func == (lhs: Gradient, rhs: Gradient) -> Bool {
      lhs.kind == rhs.kind && lhs.stops == rhs.stops && lhs.start == rhs.start
        && lhs.end == rhs.end
    }

    /// Hashes the kind, stops and points.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(kind)
      hasher.combine(stops)
      hasher.combine(start.x)
      hasher.combine(start.y)
      hasher.combine(end.x)
      hasher.combine(end.y)
    }
  }

  /// A stroke around the glyphs, outside them only.
  public struct Outline: Hashable, Sendable {
    /// How corners of the stroke are drawn.
    public enum Join: String, Hashable, Sendable, CaseIterable {
      /// Rounded corners.
      case round
      /// Sharp corners (cut off where they would reach more than ``miterLimit`` widths out).
      case miter
      /// Corners cut straight across.
      case bevel
    }

    /// Which shapes are stroked.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
      /// All strokes first, then all fills: touching glyphs share one outline.
      case connected
      /// Each glyph stroked and filled in turn: a glyph's outline covers the glyph before it
      /// (DHSGlyphText's per-glyph stroke).
      case glyphs
    }

    /// How far a miter corner may reach, in outline widths, before it is cut off (SVG's
    /// default).
    public static let miterLimit = 4.0

    /// How far the outline can reach outside the glyphs, in points: the width, or the longest
    /// miter corner.
    public var reach: Double { join == .miter ? width * Self.miterLimit : width }

    /// The stroke's width outside the glyphs, in points.
    public var width: Double
    /// The stroke's color.
    public var color: TextColor
    /// How corners are drawn.
    public var join: Join
    /// Connected or per glyph.
    public var mode: Mode

    /// Creates an outline.
    ///
    /// - Parameters:
    ///   - width: Points outside the glyphs.
    ///   - color: The stroke's color, black by default.
    ///   - join: Round by default.
    ///   - mode: Connected by default.
    public init(
      width: Double, color: TextColor = TextColor(red: 0, green: 0, blue: 0, alpha: 255),
      join: Join = .round, mode: Mode = .connected
    ) {
      self.width = width
      self.color = color
      self.join = join
      self.mode = mode
    }
  }

  /// The smallest scale: one pixel per hundred points.
  ///
  /// Smaller scales would put the layout's
  /// origin and the image's size beyond any whole number of pixels.
  public static let minimumScale = 0.01

  /// Why these options cannot be used, or `nil` when they can.
  public var problem: String? {
    guard scale.isFinite, scale >= Self.minimumScale, scale <= 16 else {
      return "scale must be in 0.01...16"
    }
    guard padding.isFinite, padding >= 0, padding <= 10_000 else {
      return "padding must be in 0...10000"
    }
    guard (1...Self.maximumOversampling).contains(oversampling) else {
      return "oversampling must be in 1...\(Self.maximumOversampling)"
    }
    for (name, shadow) in [("shadow", shadow), ("glow", glow), ("inner shadow", innerShadow)] {
      guard let shadow else { continue }
      guard shadow.blur.isFinite, shadow.blur >= 0, shadow.blur <= Self.maximumBlur else {
        return "\(name) blur must be in 0...\(Int(Self.maximumBlur))"
      }
      guard shadow.offsetX.isFinite, shadow.offsetY.isFinite, abs(shadow.offsetX) <= 10_000,
        abs(shadow.offsetY) <= 10_000
      else { return "\(name) offset must be within 10000 points" }
    }
    if let gradient {
      guard gradient.stops.count >= 2 else { return "a gradient needs at least two colors" }
      guard gradient.stops.count <= 256 else { return "a gradient has at most 256 colors" }
      for stop in gradient.stops where !(stop.offset >= 0 && stop.offset <= 1) {
        return "gradient stop offsets must be in 0...1"
      }
      for (previous, next) in zip(gradient.stops, gradient.stops.dropFirst())
      where next.offset < previous.offset {
        return "gradient stops must be in increasing order"
      }
      for value in [gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y]
      where !(value.isFinite && abs(value) <= 1_000) {
        return "gradient points must be finite, within 1000 units"
      }
      if gradient.start == gradient.end { return "gradient start and end must differ" }
    }
    if let outline {
      guard outline.width.isFinite, outline.width > 0, outline.width <= 1_000 else {
        return "outline width must be above 0 and at most 1000"
      }
    }
    guard offsetX.isFinite, offsetY.isFinite, abs(offsetX) <= 10_000, abs(offsetY) <= 10_000
    else { return "offset must be within 10000 points" }
    return nil
  }
}
