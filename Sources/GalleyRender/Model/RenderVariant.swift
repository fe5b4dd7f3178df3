/// One state of a label, drawn from the same layout with its own render options: a button's
/// normal, highlighted, disabled or selected look (DHSGlyphButton's control states), or any
/// name.
///
/// A variant's image is exactly what ``Renderer/render(_:options:format:pngCompression:text:)``
/// draws with its options; a pressed look is usually ``RenderOptions/offsetX`` and
/// ``RenderOptions/offsetY`` with another ``RenderOptions/textColor``.
///
/// ```swift
/// var pressed = options
/// pressed.offsetY = 2
/// pressed.textColor = TextColor(parsing: "#555555")
/// let sheet = try renderer.renderSpriteSheet(
///   layout, variants: [.init(name: "normal", options: options), .init(name: "pressed", options: pressed)])
/// ```
public struct RenderVariant: Hashable, Sendable {
  /// The variant's name: not empty, unique among the variants drawn together.
  public var name: String
  /// How it is drawn.
  public var options: RenderOptions

  /// Creates a variant.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - options: How it is drawn.
  public init(name: String, options: RenderOptions) {
    self.name = name
    self.options = options
  }

  /// Why variants cannot be drawn together, or `nil`: none given, a name empty or given
  /// twice.
  ///
  /// - Parameter variants: The variants.
  /// - Returns: The problem, in words.
  public static func problem(with variants: [RenderVariant]) -> String? {
    guard !variants.isEmpty else { return "no variants to draw" }
    var names = Set<String>()
    for variant in variants {
      guard !variant.name.isEmpty else { return "a variant's name is empty" }
      guard names.insert(variant.name).inserted else {
        return "the variant name '\(variant.name)' is given twice"
      }
    }
    return nil
  }
}
