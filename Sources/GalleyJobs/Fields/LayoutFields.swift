import GalleyLayout
import GalleySupport

/// The request's `layout` object: one row per option of `galley layout`, named after its long
/// option in camelCase, each setting one ``GalleyLayout/LayoutOptions`` field.
///
/// Missing fields keep `LayoutOptions()`'s defaults, which are the CLI's. The truncation
/// token's formatter is the request's, set after the table (see ``PreparedRequest``).
package enum LayoutFields {
  /// The table.
  package static let table = FieldTable<LayoutOptions>(
    group: "layout", fields: fields, problem: \.problem)

  /// The fields, in the order they are applied.
  private static let fields: [RequestField<LayoutOptions>] = [
    .optional("width", \.width, FieldReader.number),
    .optional("height", \.height, FieldReader.number),
    .value("insets", \.insets, FieldReader.insets),
    .choice("verticalAlign", \.verticalAlignment),
    .choice("wrap", \.wrap),
    .choice("wrapStyle", \.wrapStyle),
    .number("indent", \.indent),
    .flag("noOrphans", \.allowsOrphans, inverted: true),
    .choice("hyphens", \.hyphens),
    .value("hyphenateLimits", \.hyphenationLimits, FieldReader.hyphenationLimits),
    .flag("emergencyHyphens", \.hyphenatesEmergencyBreaks),
    .number("characterSpacing", \.characterSpacing),
    .value("kerningTable", \.kerningTable, FieldReader.kerningTable),
    .number("baselineOffset", \.baselineOffset),
    .number("relativeLineSpacing", \.relativeLineSpacing),
    .value("tabStops", \.tabStops) { (value) throws(FieldProblem) in
      try FieldReader.numbers(value, limit: 1000)
    },
    .value("maxLines", \.maximumLines, FieldReader.integer),
    .choice("truncate", \.truncationMode),
    .value("truncationToken", \.truncationToken) { (value) throws(FieldProblem) in
      LayoutOptions.TruncationToken(markup: try FieldReader.truncationToken(value))
    },
    .number("minScale", \.minimumScaleFactor),
    .number("minSize", \.minimumSize),
    .choice("align", \.alignment),
    .number("lineSpacing", \.lineSpacing),
    .number("lineHeightMultiple", \.lineHeightMultiple),
    .flag("fontLeading", \.usesFontLeading),
    .number("paragraphSpacing", \.paragraphSpacing),
    .optional("language", \.language, FieldReader.languageTag),
    .value("features", \.features, FieldReader.features),
    .value("variations", \.variations, FieldReader.variations),
    .flag("noOpticalSizing", \.opticalSizing, inverted: true),
    .choice("direction", \.direction),
    .value("glyphScale", \.glyphScale, glyphScale),
    .number("glyphExpansion", \.glyphExpansion),
    RequestField("arcRadius") { (value, options) throws(FieldProblem) in
      let radius = try FieldReader.number(value)
      guard abs(radius) >= ArcTypesetter.minimumRadius, abs(radius) <= 1_000_000 else {
        throw FieldProblem("must be 0.01 to 1000000 either way")
      }
      options.setTypesetter(ArcTypesetter(radius: radius))
    },
    RequestField("glyphRotation") { (value, options) throws(FieldProblem) in
      let degrees = try FieldReader.number(value)
      guard abs(degrees) <= 36_000 else { throw FieldProblem("must be within ±36000") }
      options.setTypesetter(RotationTypesetter(degrees: degrees))
    },
    RequestField("glyphJitter") { (value, options) throws(FieldProblem) in
      options.setTypesetter(try glyphJitter(value))
    },
    // After glyphJitter, whose seed it sets; `render.drawOrder` random reads it too.
    RequestField("seed") { (value, options) throws(FieldProblem) in
      let seed = try FieldReader.seed(value)
      for (index, typesetter) in options.glyphTypesetters.enumerated() {
        guard var shift = typesetter.base as? RandomShiftTypesetter else { continue }
        shift.seed = seed
        options.glyphTypesetters[index] = AnyGlyphTypesetter(shift)
      }
    },
  ]

  /// `{"width": W, "height": H}`, each factor 0.1 to 10.
  private static func glyphScale(
    _ value: JSONValue
  ) throws(FieldProblem) -> LayoutOptions.GlyphScale {
    guard case .object(let object) = value, object.count == 2, let width = object["width"],
      let height = object["height"]
    else { throw FieldProblem("must be an object {\"width\": number, \"height\": number}") }
    return LayoutOptions.GlyphScale(
      width: try FieldReader.number(width), height: try FieldReader.number(height))
  }

  /// `{"x": X, "y": Y, "degrees": DEG}`: offsets 0 to 1000 points, a turn 0 to 360 degrees.
  private static func glyphJitter(
    _ value: JSONValue
  ) throws(FieldProblem) -> RandomShiftTypesetter {
    let keys: Set = ["x", "y", "degrees"]
    guard case .object(let object) = value, Set(object.keys) == keys,
      let x = object["x"], let y = object["y"], let degrees = object["degrees"]
    else {
      throw FieldProblem("must be an object {\"x\": number, \"y\": number, \"degrees\": number}")
    }
    let (dx, dy, turn) = (
      try FieldReader.number(x), try FieldReader.number(y), try FieldReader.number(degrees)
    )
    guard (0...1000).contains(dx), (0...1000).contains(dy), (0...360).contains(turn) else {
      throw FieldProblem("must have x and y 0 to 1000 and degrees 0 to 360")
    }
    return RandomShiftTypesetter(x: dx, y: dy, degrees: turn)
  }
}
