import GalleyLayout

/// Variants of one label drawn into one PNG, stacked top to bottom in the order given, and
/// its atlas: where each variant's frame lies, where the layout sits in it, and its links.
///
/// Each frame holds exactly the pixels of that variant's own image, so frames may differ in
/// size (a pressed frame holds its text in both places). Encode ``atlas`` with `JSONEncoder`
/// for the atlas file `galley render --atlas` writes.
public struct SpriteSheet: Sendable {
  /// The sheet, as a PNG file's bytes.
  public var png: [UInt8]
  /// The sheet's atlas.
  public var atlas: Atlas

  /// Creates a sheet.
  ///
  /// - Parameters:
  ///   - png: The PNG file's bytes.
  ///   - atlas: Its atlas.
  public init(png: [UInt8], atlas: Atlas) {
    self.png = png
    self.atlas = atlas
  }

  /// Where each frame of a sheet lies.
  ///
  /// JSON: `{"version": 1, "width", "height", "frames": [{"name", "x", "y", "width",
  /// "height", "scale", "originX", "originY", "links": [{"index", "target", "rects": [{"x",
  /// "y", "width", "height"}]}]}]}`, every length in pixels of the sheet.
  public struct Atlas: Hashable, Sendable, Codable {
    /// The atlas format's version: 1.
    public var version = 1
    /// The sheet's width in pixels: the widest frame's.
    public var width: Int
    /// The sheet's height in pixels: the frames' heights added.
    public var height: Int
    /// The frames, top to bottom.
    public var frames: [Frame]

    /// Creates an atlas.
    ///
    /// - Parameters:
    ///   - width: The sheet's width in pixels.
    ///   - height: The sheet's height in pixels.
    ///   - frames: The frames.
    public init(width: Int, height: Int, frames: [Frame]) {
      self.width = width
      self.height = height
      self.frames = frames
    }
  }

  /// One variant's place in the sheet.
  public struct Frame: Hashable, Sendable, Codable {
    /// The variant's name.
    public var name: String
    /// The frame's left edge in the sheet, in pixels (0: frames are stacked).
    public var x: Int
    /// The frame's top edge in the sheet, in pixels.
    public var y: Int
    /// The frame's width in pixels: the variant's image's.
    public var width: Int
    /// The frame's height in pixels.
    public var height: Int
    /// Pixels per layout point.
    public var scale: Double
    /// Points from the frame's left edge to the layout's origin, as in ``ImageGeometry``.
    public var originX: Double
    /// Points from the frame's top edge to the layout's origin.
    public var originY: Double
    /// The layout's links, their rectangles in pixels of the frame (add ``x`` and ``y`` for
    /// the sheet).
    public var links: [Link]

    /// The geometry of the variant's own image: frame pixels to layout points.
    public var geometry: ImageGeometry {
      ImageGeometry(
        width: width, height: height, scale: scale, originX: originX, originY: originY)
    }

    /// The frame of a variant's image placed in a sheet.
    ///
    /// - Parameters:
    ///   - name: The variant's name.
    ///   - y: The frame's top edge in the sheet.
    ///   - geometry: The variant's image geometry.
    ///   - links: The links, in frame pixels.
    public init(name: String, y: Int, geometry: ImageGeometry, links: [Link]) {
      self.name = name
      x = 0
      self.y = y
      width = geometry.width
      height = geometry.height
      scale = geometry.scale
      originX = geometry.originX
      originY = geometry.originY
      self.links = links
    }
  }

  /// A link's rectangles in a frame.
  public struct Link: Hashable, Sendable, Codable {
    /// The link's index, as in the layout's `links`.
    public var index: Int
    /// The link's target, or `nil`.
    public var target: String?
    /// One rectangle per line fragment (the bounding box of its quadrilaterals when the
    /// glyphs are transformed), in frame pixels, not rounded: a link's edge may fall inside a
    /// pixel.
    public var rects: [Layout.Rect]

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - index: The link's index.
    ///   - target: Its target.
    ///   - rects: Its rectangles in frame pixels.
    public init(index: Int, target: String?, rects: [Layout.Rect]) {
      self.index = index
      self.target = target
      self.rects = rects
    }
  }
}
