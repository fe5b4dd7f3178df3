import GalleyRender
import GalleySupport

/// The request's `render` object: one row per option of `galley render`, named after its long
/// option in camelCase.
///
/// As on the command line, any option of an effect turns it on, and its other options keep
/// the library's defaults (`RenderOptions.Shadow.drop`, `.glow`, `.inner`); the gradient's and
/// the outline's other options need `gradient` and `outlineWidth`.
package enum RenderFields {
  /// The table.
  package static let table = FieldTable<RenderSettings>(
    group: "render", fields: fields, problem: \.options.problem)

  /// The fields, in the order they are applied.
  private static let fields: [RequestField<RenderSettings>] = [
    .choice("format", \.format),
    .optionalChoice("pngCompression", \.pngCompression),
    .number("scale", \.options.scale),
    .value("background", \.options.background, background),
    .number("padding", \.options.padding),
    shadow("shadowOffset", \.options.shadow, .drop, offset),
    shadow("shadowBlur", \.options.shadow, .drop, blur),
    shadow("shadowColor", \.options.shadow, .drop, color),
    shadow("glowBlur", \.options.glow, .glow, blur),
    shadow("glowColor", \.options.glow, .glow, color),
    shadow("innerShadowOffset", \.options.innerShadow, .inner, offset),
    shadow("innerShadowBlur", \.options.innerShadow, .inner, blur),
    shadow("innerShadowColor", \.options.innerShadow, .inner, color),
    .optional("gradient", \.options.gradient) {
      (value: JSONValue) throws(FieldProblem) -> RenderOptions.Gradient in
      guard case .string(let text) = value, let stops = GradientStopList.parse(text) else {
        throw FieldProblem("must be 2 to 256 colors such as \"red,#00F@0.8\"")
      }
      return RenderOptions.Gradient(stops: stops)
    },
    gradient("gradientType") {
      (value: JSONValue, gradient: inout RenderOptions.Gradient) throws(FieldProblem) in
      gradient.kind = try FieldReader.choice(value)
    },
    gradient("gradientStart") {
      (value: JSONValue, gradient: inout RenderOptions.Gradient) throws(FieldProblem) in
      gradient.start = try FieldReader.point(value)
    },
    gradient("gradientEnd") {
      (value: JSONValue, gradient: inout RenderOptions.Gradient) throws(FieldProblem) in
      gradient.end = try FieldReader.point(value)
    },
    .optional("outlineWidth", \.options.outline) {
      (value: JSONValue) throws(FieldProblem) -> RenderOptions.Outline in
      RenderOptions.Outline(width: try FieldReader.number(value))
    },
    outline("outlineColor") {
      (value: JSONValue, outline: inout RenderOptions.Outline) throws(FieldProblem) in
      outline.color = try FieldReader.color(value)
    },
    outline("outlineJoin") {
      (value: JSONValue, outline: inout RenderOptions.Outline) throws(FieldProblem) in
      outline.join = try FieldReader.choice(value)
    },
    outline("outlineMode") {
      (value: JSONValue, outline: inout RenderOptions.Outline) throws(FieldProblem) in
      outline.mode = try FieldReader.choice(value)
    },
    .value("oversample", \.options.oversampling, FieldReader.integer),
    .optional("linkColor", \.options.linkColor, FieldReader.color),
    // `--text-color` (the CLI's `--color` is the color table).
    .optional("color", \.options.textColor, FieldReader.color),
    RequestField("offset") { (value, settings) throws(FieldProblem) in
      (settings.options.offsetX, settings.options.offsetY) = try FieldReader.pair(value)
    },
    .flag("annotate", \.options.annotates),
    // A random order's seed is the layout's `seed` (PreparedRequest sets it).
    RequestField("drawOrder") { (value, settings) throws(FieldProblem) in
      switch try FieldReader.string(value) {
      case "logical": settings.options.drawOrder = .logical
      case "reverse": settings.options.drawOrder = .reverse
      case "random": settings.options.drawOrder = .random(seed: 0)
      default: throw FieldProblem("must be one of logical, reverse, random")
      }
    },
  ]

  /// `transparent` or a color.
  private static func background(_ value: JSONValue) throws(FieldProblem) -> TextColor? {
    if case .string(let text) = value, text.lowercased() == "transparent" { return nil }
    return try FieldReader.color(value)
  }

  /// Sets a shadow's offset from `{"x", "y"}`.
  private static func offset(
    _ value: JSONValue, _ shadow: inout RenderOptions.Shadow
  ) throws(FieldProblem) {
    (shadow.offsetX, shadow.offsetY) = try FieldReader.point(value)
  }

  /// Sets a shadow's blur radius.
  private static func blur(
    _ value: JSONValue, _ shadow: inout RenderOptions.Shadow
  ) throws(FieldProblem) {
    shadow.blur = try FieldReader.number(value)
  }

  /// Sets a shadow's color.
  private static func color(
    _ value: JSONValue, _ shadow: inout RenderOptions.Shadow
  ) throws(FieldProblem) {
    shadow.color = try FieldReader.color(value)
  }

  /// A field of one shadow-like effect, which turns the effect on with its defaults.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: The effect.
  ///   - defaults: The effect's values when no other field set them.
  ///   - change: Sets the field's part.
  /// - Returns: The field.
  private static func shadow(
    _ name: String,
    _ path: WritableKeyPath<RenderSettings, RenderOptions.Shadow?> & Sendable,
    _ defaults: RenderOptions.Shadow,
    _ change:
      @escaping @Sendable (JSONValue, inout RenderOptions.Shadow) throws(FieldProblem) ->
      Void
  ) -> RequestField<RenderSettings> {
    RequestField(name) { (value, settings) throws(FieldProblem) in
      var shadow = settings[keyPath: path] ?? defaults
      try change(value, &shadow)
      settings[keyPath: path] = shadow
    }
  }

  /// A field that changes the gradient, which `gradient` must turn on.
  private static func gradient(
    _ name: String,
    _ change:
      @escaping @Sendable (JSONValue, inout RenderOptions.Gradient) throws(FieldProblem) ->
      Void
  ) -> RequestField<RenderSettings> {
    part(name, of: \.options.gradient, turnedOnBy: "render.gradient", change)
  }

  /// A field that changes the outline, which `outlineWidth` must turn on.
  private static func outline(
    _ name: String,
    _ change:
      @escaping @Sendable (JSONValue, inout RenderOptions.Outline) throws(FieldProblem) ->
      Void
  ) -> RequestField<RenderSettings> {
    part(name, of: \.options.outline, turnedOnBy: "render.outlineWidth", change)
  }

  /// A field that changes part of an effect another field turns on; without it, the field
  /// names that one.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: The effect.
  ///   - switchField: The field that turns the effect on, as the problem names it.
  ///   - change: Sets the field's part.
  /// - Returns: The field.
  private static func part<Effect>(
    _ name: String, of path: WritableKeyPath<RenderSettings, Effect?> & Sendable,
    turnedOnBy switchField: String,
    _ change: @escaping @Sendable (JSONValue, inout Effect) throws(FieldProblem) -> Void
  ) -> RequestField<RenderSettings> {
    RequestField(name) { (value, settings) throws(FieldProblem) in
      guard var effect = settings[keyPath: path] else {
        throw FieldProblem("needs \(switchField)")
      }
      try change(value, &effect)
      settings[keyPath: path] = effect
    }
  }
}
