package import GalleySupport

/// The format document (`galley format --json`), written by hand with ``JSONWriter``: the
/// same bytes as `JSONEncoder` gives for the `Codable` form, plus `warnings` in lenient mode.
///
/// Keys are written in `.sortedKeys` order (UTF-8 byte order); `JSONWritingTests` checks this
/// against `JSONEncoder`.
extension FormattedText {
  /// Writes the text, its runs and links, and the warnings when given, as one JSON object.
  ///
  /// - Parameters:
  ///   - writer: The writer to append to.
  ///   - warnings: The warnings of lenient formatting, written as `warnings`, or `nil` to
  ///     leave the key out.
  /// - Throws: ``JSONWriter/NonFiniteNumber`` for NaN or an infinity, which `JSONEncoder`
  ///   refuses as well.
  package func writeJSON(
    into writer: inout JSONWriter, warnings: [MarkupError]? = nil
  ) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("links")
    writer.beginArray()
    for link in links {
      writer.element()
      writer.beginObject()
      writer.key("index")
      writer.write(link.index)
      writer.key("length")
      writer.write(link.utf16Range.count)
      writer.key("location")
      writer.write(link.utf16Range.lowerBound)
      writer.key("target")
      writer.write(link.target)
      writer.endObject()
    }
    writer.endArray()
    writer.key("runs")
    try writer.writeArray(runs)
    writer.key("schemaVersion")
    writer.write(Self.schemaVersion)
    writer.key("text")
    writer.write(string)
    if let warnings {
      writer.key("warnings")
      try writer.writeArray(warnings)
    }
    writer.endObject()
  }
}

/// One run as the format document holds it.
extension FormattedText.Run: JSONWritable {
  /// Writes the run's range and attributes, with `null` for no background and no link, and
  /// `features`, `variations`, `language` and `hyphens` only when the run has them.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("background")
    writer.write(attributes.background?.hexString)
    writer.key("baselineShift")
    try writer.write(attributes.baselineShift)
    writer.key("color")
    writer.write(attributes.color.hexString)
    writer.key("family")
    writer.write(attributes.family)
    if !attributes.features.isEmpty {
      writer.key("features")
      writer.write(attributes.features.description)
    }
    if let hyphens = attributes.hyphens {
      writer.key("hyphens")
      writer.write(hyphens.rawValue)
    }
    writer.key("italic")
    writer.write(attributes.isItalic)
    if let language = attributes.language {
      writer.key("language")
      writer.write(language)
    }
    writer.key("length")
    writer.write(utf16Range.count)
    writer.key("link")
    if let link = attributes.link { writer.write(link) } else { writer.writeNull() }
    writer.key("location")
    writer.write(utf16Range.lowerBound)
    writer.key("size")
    try writer.write(attributes.size)
    writer.key("spacing")
    try writer.write(attributes.characterSpacing)
    writer.key("strikethrough")
    writer.write(attributes.isStruckThrough)
    writer.key("underline")
    writer.write(attributes.underline.rawValue)
    if !attributes.variations.isEmpty {
      writer.key("variations")
      writer.write(attributes.variations.description)
    }
    writer.key("weight")
    writer.write(attributes.weight)
    writer.endObject()
  }
}
