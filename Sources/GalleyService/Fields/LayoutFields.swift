import GalleyLayout

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
  ]
}
