/// A drawing that cannot be made: bad options, an image over the size limits, a font file
/// cairo cannot read, or a failure to encode the output.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stable, machine-readable category of render error.
  public struct Kind: RawRepresentable, Hashable, Sendable, Codable {
    /// The name of the kind.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An option is out of its range (see ``RenderOptions/problem``).
    public static let invalidOptions = Kind(rawValue: "invalidOptions")
    /// The image would pass ``RenderOptions/maximumSide`` or ``RenderOptions/maximumPixels``.
    public static let imageTooLarge = Kind(rawValue: "imageTooLarge")
    /// A font file named by the layout cannot be opened for drawing.
    public static let fontUnusable = Kind(rawValue: "fontUnusable")
    /// The layout itself is inconsistent (a glyph or rectangle that is not finite).
    public static let invalidLayout = Kind(rawValue: "invalidLayout")
    /// cairo failed to draw or encode (out of memory, an encoder error).
    public static let drawingFailed = Kind(rawValue: "drawingFailed")
    /// PNG data could not be decoded.
    public static let invalidImage = Kind(rawValue: "invalidImage")
  }

  /// The category.
  public var kind: Kind
  /// A short description for people.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: The description.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
