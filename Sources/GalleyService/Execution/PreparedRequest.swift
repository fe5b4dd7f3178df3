import GalleyFonts
import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleySupport
import GalleyTools

/// A checked request: its job (the formatter, the layout and render options, the checks) and
/// its points, built from the CLI's defaults and the request's fields.
package struct PreparedRequest: Sendable {
  /// The request as received.
  package var request: ServiceRequest
  /// The job every text endpoint runs: the markup, `plain`, `lenient` and `strict`, the
  /// formatter, the layout options (whose truncation token uses the formatter) and the render
  /// settings.
  package var job: TextJob
  /// The variants of `variants`, in the body's order, or `nil` without them.
  package var variants: [RenderVariant]?
  /// The points to hit-test.
  package var points: [RequestPoint]
  /// The hit-testing tolerance in points.
  package var tolerance: Double

  /// The formatter: font and color tables, and what text starts in.
  package var formatter: MarkupFormatter { job.formatter }
  /// The layout options; the truncation token uses ``formatter``.
  package var layoutOptions: LayoutOptions { job.layoutOptions }
  /// The render options, format and compression.
  package var render: RenderSettings { job.render }

  /// Checks a request against the limits and builds its options.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The service's limits.
  /// - Throws: ``RequestError`` naming the first field that cannot be used.
  package init(_ request: ServiceRequest, limits: ServiceLimits) throws(RequestError) {
    self.request = request
    let markupBytes = request.markup.utf8.count
    guard markupBytes <= limits.maximumMarkupBytes else {
      throw RequestError(
        field: "markup", "has \(markupBytes) bytes; at most \(limits.maximumMarkupBytes)")
    }
    if let text = request.defaults?.fontDescription {
      let limit = Self.maximumFontDescriptionLength
      guard (1...limit).contains(text.unicodeScalars.count) else {
        throw RequestError(
          field: "defaults.fontDescription", "must have 1 to \(limit) characters")
      }
    }
    let formatter = try Self.formatter(request, limits: limits)
    var layoutOptions = LayoutOptions()
    try LayoutFields.table.apply(request.layout ?? [:], to: &layoutOptions)
    layoutOptions.truncationToken.formatter = formatter
    job = TextJob(
      source: request.markup, sourceName: "<request>", formatter: formatter,
      layoutOptions: layoutOptions)
    try RenderFields.table.apply(request.render ?? [:], to: &job.render)
    if case .random = job.render.options.drawOrder {
      // One seed for the jitter and the order, as `galley --seed` is; the layout table has
      // checked it.
      let seed = request.layout?["seed"].flatMap { try? FieldReader.seed($0) } ?? 0
      job.render.options.drawOrder = .random(seed: seed)
    }
    if let object = request.variants {
      let seed = request.layout?["seed"].flatMap { try? FieldReader.seed($0) } ?? 0
      variants = try VariantFields.variants(
        object, order: request.variantOrder, base: job.render, group: "variants", seed: seed)
      guard job.render.format == .png else {
        throw RequestError(field: "variants", "make a PNG sprite sheet: render.format must be png")
      }
    }
    job.isPlain = request.plain == true
    job.isLenient = request.lenient == true
    job.isStrict = request.strict == true
    if request.layout?["truncationToken"] != nil {
      job.tokenOrigin = .field("layout.truncationToken")
    }
    points = request.points ?? []
    guard points.count <= limits.maximumPoints else {
      throw RequestError(field: "points", "may hold at most \(limits.maximumPoints) points")
    }
    for (index, point) in points.enumerated()
    where !(abs(point.x) <= 1e9 && abs(point.y) <= 1e9) {
      throw RequestError(field: "points[\(index)]", "coordinates must be within ±1000000000")
    }
    tolerance = request.tolerance ?? 0
    guard tolerance >= 0, tolerance <= 10_000 else {
      throw RequestError(field: "tolerance", "must be in 0...10000")
    }
  }

  /// The longest `defaults.fontDescription`, in Unicode scalars (JSON Schema's characters).
  package static let maximumFontDescriptionLength = 1024

  /// Takes `defaults.fontDescription` into the job (``GalleyJobs/TextJob/apply(_:fonts:)``),
  /// below the request's own `defaults.family`, `defaults.size`, `defaults.weight` and layout
  /// fields; the fonts pick the first installed of its families.
  ///
  /// The schema checks only the string's length, as JSON Schema cannot state Pango's grammar:
  /// a string that does not read is a font problem of a request that reads (422, kind
  /// `invalidFontDescription`, naming the field), as an unknown family in strict mode is.
  ///
  /// - Parameter fonts: The service's fonts.
  /// - Throws: ``GalleyTools/Failure`` (fonts) when the description does not read or names a
  ///   family the font set refuses.
  package mutating func applyFontDescription(fonts: FontSet) throws(Failure) {
    guard let text = request.defaults?.fontDescription else { return }
    let description: FontDescription
    do {
      description = try FontDescription(parsing: text)
      for family in description.families { try Self.checkFamily(family, field: "") }
    } catch let error as FontDescriptionError {
      throw Self.fontDescriptionFailure(error.description)
    } catch {
      throw Self.fontDescriptionFailure("\(error)")
    }
    let explicit = job.formatter
    job.apply(description, fonts: fonts)
    if request.defaults?.family != nil { job.formatter.defaultFamily = explicit.defaultFamily }
    if request.defaults?.size != nil { job.formatter.defaultSize = explicit.defaultSize }
    if request.defaults?.weight != nil { job.formatter.defaultWeight = explicit.defaultWeight }
    job.layoutOptions.truncationToken.formatter = job.formatter
  }

  /// The failure of a font description that cannot be used:
  /// `{"kind": "invalidFontDescription", "field", "message"}`, answered with 422.
  private static func fontDescriptionFailure(_ reason: String) -> Failure {
    let field = "defaults.fontDescription"
    let message = "\(field): \(reason)"
    return Failure(
      .fonts, kind: "invalidFontDescription", message,
      document: JSONOutput.encodeDocument(
        ErrorDocument(
          error: ["kind": "invalidFontDescription", "field": field, "message": message])))
  }

  /// The formatter of a request: the tables and the defaults, each checked as the CLI
  /// checks its options.
  private static func formatter(
    _ request: ServiceRequest, limits: ServiceLimits
  ) throws(RequestError) -> MarkupFormatter {
    let fonts = request.fonts ?? []
    let colorNames = request.colors ?? []
    for (field, count) in [("fonts", fonts.count), ("colors", colorNames.count)]
    where count > limits.maximumTableEntries {
      throw RequestError(field: field, "may hold at most \(limits.maximumTableEntries) entries")
    }
    for (index, family) in fonts.enumerated() {
      try checkFamily(family, field: "fonts[\(index)]")
    }
    var colors: [TextColor] = []
    for (index, name) in colorNames.enumerated() {
      colors.append(try color(name, field: "colors[\(index)]"))
    }
    var formatter = MarkupFormatter(fontFamilies: fonts, colors: colors)
    guard let defaults = request.defaults else { return formatter }
    if let family = defaults.family {
      try checkFamily(family, field: "defaults.family")
      formatter.defaultFamily = family
    }
    if let size = defaults.size {
      guard size > 0, size <= MarkupFormatter.maximumSize else {
        throw RequestError(
          field: "defaults.size", "must be above 0 and at most \(Int(MarkupFormatter.maximumSize))")
      }
      formatter.defaultSize = size
    }
    if let weight = defaults.weight {
      formatter.defaultWeight = try self.weight(weight)
    }
    if let name = defaults.color {
      formatter.defaultColor = try color(name, field: "defaults.color")
    }
    if let name = defaults.background {
      formatter.defaultBackground = try color(name, field: "defaults.background")
    }
    return formatter
  }

  /// A weight: a number, or a name such as `semibold`, as `--default-weight` reads it.
  private static func weight(_ value: JSONValue) throws(RequestError) -> Int {
    let parsed: Int?
    switch value {
    case .number(let number) where number.rounded() == number && abs(number) <= 10_000:
      parsed = Int(number)
    case .string(let name): parsed = FontWeight.parse(name)
    default: parsed = nil
    }
    guard let parsed, FontWeight.isValid(parsed) else {
      throw RequestError(
        field: "defaults.weight",
        "must be a ladder step in -3...3, a CSS weight in 100...1000 or a name such as bold")
    }
    return parsed
  }

  /// A color from the request.
  private static func color(_ name: String, field: String) throws(RequestError) -> TextColor {
    do {
      return try FieldReader.color(.string(name))
    } catch {
      throw RequestError(field: field, error.message)
    }
  }

  /// The font set's rule for family names: 1 to 256 bytes, not only spaces.
  ///
  /// - Parameters:
  ///   - name: The family name.
  ///   - field: The field or parameter that holds it.
  /// - Throws: ``RequestError`` naming the field.
  static func checkFamily(_ name: String, field: String) throws(RequestError) {
    let limit = FontSet.maximumFamilyNameBytes
    guard !name.allSatisfy(\.isWhitespace), name.utf8.count <= limit else {
      throw RequestError(field: field, "family names have 1 to \(limit) bytes, not only spaces")
    }
  }
}
