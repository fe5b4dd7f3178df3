package import GalleySupport

/// The layout document (`galley layout --json`, and `galley render --json` with `image`),
/// written by hand with ``JSONWriter``: the same bytes as `JSONEncoder` gives for the
/// `Codable` form, without building a tree of the whole document first.
///
/// Keys are written in `.sortedKeys` order (UTF-8 byte order); `JSONWritingTests` checks every
/// type here against `JSONEncoder`.
extension Layout {
  /// Writes the layout as one JSON object.
  ///
  /// - Parameters:
  ///   - writer: The writer to append to.
  ///   - image: What `galley render --json` adds as `image` (GalleyRender's `ImageGeometry`),
  ///     or `nil`.
  /// - Throws: ``JSONWriter/NonFiniteNumber`` for NaN or an infinity, which `JSONEncoder`
  ///   refuses as well.
  package func writeJSON(
    into writer: inout JSONWriter, image: (any JSONWritable)? = nil
  ) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("backgrounds")
    writer.beginArray()
    for background in backgrounds {
      writer.element()
      writer.beginObject()
      writer.key("color")
      writer.write(background.color.hexString)
      try Self.writeQuad(background.quad, into: &writer)
      writer.key("rect")
      try background.rect.writeJSON(into: &writer)
      writer.endObject()
    }
    writer.endArray()
    writer.key("decorations")
    writer.beginArray()
    for decoration in decorations {
      writer.element()
      writer.beginObject()
      writer.key("color")
      writer.write(decoration.color.hexString)
      writer.key("kind")
      writer.write(decoration.kind.rawValue)
      try Self.writeQuad(decoration.quad, into: &writer)
      writer.key("rect")
      try decoration.rect.writeJSON(into: &writer)
      writer.endObject()
    }
    writer.endArray()
    if let image {
      writer.key("image")
      try image.writeJSON(into: &writer)
    }
    if let inkBounds {
      writer.key("inkBounds")
      try inkBounds.writeJSON(into: &writer)
    }
    writer.key("lines")
    try writer.writeArray(lines)
    writer.key("links")
    try writer.writeArray(links)
    writer.key("scale")
    try writer.write(scale)
    writer.key("schemaVersion")
    writer.write(schemaVersion)
    writer.key("size")
    writer.beginObject()
    writer.key("height")
    try writer.write(size.height)
    writer.key("width")
    try writer.write(size.width)
    writer.endObject()
    writer.key("truncation")
    if let truncation { truncation.writeJSON(into: &writer) } else { writer.writeNull() }
    if !warnings.isEmpty {
      writer.key("warnings")
      try writer.writeArray(warnings) { warning, writer in warning.writeJSON(into: &writer) }
    }
    writer.endObject()
  }

  /// Writes `"quad"` for a decoration or background piece that has one, and nothing
  /// otherwise.
  private static func writeQuad(
    _ quad: Quad?, into writer: inout JSONWriter
  ) throws(JSONWriter.NonFiniteNumber) {
    guard let quad else { return }
    writer.key("quad")
    try quad.writeJSON(into: &writer)
  }
}

/// The hidden range of a truncated layout, and the flag of what its token drew.
extension Layout.Truncation {
  /// Writes the range as `{"length": N, "location": L}`.
  ///
  /// - Parameter writer: The writer to append to.
  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("length")
    writer.write(length)
    writer.key("location")
    writer.write(location)
    writer.endObject()
  }

  /// Writes `"token": true` for a run or link of the truncation token, and nothing otherwise,
  /// as the `Codable` form does; `token` sorts last among both objects' keys.
  ///
  /// - Parameters:
  ///   - isToken: Whether the run or link is the token's.
  ///   - writer: The writer to append to.
  static func writeTokenFlag(_ isToken: Bool, into writer: inout JSONWriter) {
    guard isToken else { return }
    writer.key("token")
    writer.write(true)
  }
}

/// A line as the layout document holds it.
extension Layout.Line: JSONWritable {
  /// Writes the line and its runs.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("baseline")
    try writer.write(baseline)
    writer.key("breakReason")
    writer.write(breakReason.rawValue)
    writer.key("direction")
    writer.write(direction.rawValue)
    writer.key("height")
    try writer.write(height)
    if isHyphenated {
      writer.key("hyphenated")
      writer.write(true)
    }
    writer.key("length")
    writer.write(length)
    writer.key("ligatureCarets")
    try writer.writeArray(ligatureCarets) { caret, writer in writer.write(caret) }
    writer.key("location")
    writer.write(location)
    writer.key("runs")
    try writer.writeArray(runs)
    writer.key("visibleLength")
    writer.write(visibleLength)
    writer.key("width")
    try writer.write(width)
    writer.key("x")
    try writer.write(x)
    writer.key("y")
    try writer.write(y)
    writer.endObject()
  }
}

/// A glyph run and its glyphs as the layout document holds them.
extension Layout.GlyphRun: JSONWritable {
  /// Writes the run: its color, font, glyphs, source range (as `location` and `length`, and
  /// as `range`), bidi level and link (`null` for none), and `inserted` or `token` when true.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("color")
    writer.write(color.hexString)
    writer.key("font")
    try font.writeJSON(into: &writer)
    writer.key("glyphs")
    writer.beginArray()
    for (index, glyph) in glyphs.enumerated() {
      writer.element()
      writer.beginObject()
      writer.key("advance")
      try writer.write(glyph.advance)
      writer.key("cluster")
      writer.write(glyph.cluster)
      writer.key("id")
      writer.write(glyph.id)
      if index < transforms.count, !transforms[index].isIdentity {
        writer.key("transform")
        try transforms[index].writeJSON(into: &writer)
      }
      writer.key("x")
      try writer.write(glyph.x)
      writer.key("y")
      try writer.write(glyph.y)
      writer.endObject()
    }
    writer.endArray()
    if isInserted {
      writer.key("inserted")
      writer.write(true)
    }
    writer.key("length")
    writer.write(length)
    writer.key("level")
    writer.write(level)
    writer.key("link")
    if let link { writer.write(link) } else { writer.writeNull() }
    writer.key("location")
    writer.write(location)
    writer.key("range")
    try writer.writeArray([location, length]) { value, writer in writer.write(value) }
    Layout.Truncation.writeTokenFlag(isToken, into: &writer)
    writer.endObject()
  }
}

/// A run's font as the layout document holds it.
extension Layout.FontReference: JSONWritable {
  /// Writes the font reference, with `features`, `instance` and `variations` only when there
  /// are some (the axes sorted by tag).
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("family")
    writer.write(family)
    let featuresText = featuresText
    if !featuresText.isEmpty {
      writer.key("features")
      writer.write(featuresText)
    }
    writer.key("file")
    writer.write(file)
    if horizontalScale != 1 {
      writer.key("horizontalScale")
      try writer.write(horizontalScale)
    }
    writer.key("index")
    writer.write(index)
    if let instance {
      writer.key("instance")
      writer.write(instance)
    }
    writer.key("size")
    try writer.write(size)
    writer.key("style")
    writer.write(style)
    writer.key("synthesizedBold")
    writer.write(synthesizedBold)
    writer.key("synthesizedItalic")
    writer.write(synthesizedItalic)
    if !variations.isEmpty {
      writer.key("variations")
      writer.beginObject()
      // Sorted by tag, as the model keeps them.
      for variation in variations.variations.sorted(by: { $0.tagName < $1.tagName }) {
        writer.dynamicKey(variation.tagName)
        try writer.write(variation.value)
      }
      writer.endObject()
    }
    writer.endObject()
  }
}

/// A link as the layout document holds it.
extension Layout.LinkRegion: JSONWritable {
  /// Writes the link, with `null` for a missing target and `token` only for a token link.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("index")
    writer.write(index)
    writer.key("length")
    writer.write(length)
    writer.key("location")
    writer.write(location)
    if !quads.isEmpty {
      writer.key("quads")
      try writer.writeArray(quads)
    }
    writer.key("rects")
    try writer.writeArray(rects)
    writer.key("target")
    writer.write(target)
    Layout.Truncation.writeTokenFlag(isToken, into: &writer)
    writer.endObject()
  }
}

/// A rectangle as the layout document holds it.
extension Layout.Rect: JSONWritable {
  /// Writes the rectangle.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("height")
    try writer.write(height)
    writer.key("width")
    try writer.write(width)
    writer.key("x")
    try writer.write(x)
    writer.key("y")
    try writer.write(y)
    writer.endObject()
  }
}

/// A glyph's transform as the layout document holds it.
extension Layout.GlyphTransform: JSONWritable {
  /// Writes the transform's five numbers.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("dx")
    try writer.write(dx)
    writer.key("dy")
    try writer.write(dy)
    writer.key("rotation")
    try writer.write(rotation)
    writer.key("scaleX")
    try writer.write(scaleX)
    writer.key("scaleY")
    try writer.write(scaleY)
    writer.endObject()
  }
}

/// A quadrilateral as the layout document holds it: a list of four points.
extension Layout.Quad: JSONWritable {
  /// Writes the four corners as `{"x", "y"}` objects, top left first.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginArray()
    for point in corners {
      writer.element()
      writer.beginObject()
      writer.key("x")
      try writer.write(point.x)
      writer.key("y")
      try writer.write(point.y)
      writer.endObject()
    }
    writer.endArray()
  }
}

extension Layout.Warning {
  /// Writes `{"kind": …, "message": …}`.
  ///
  /// - Parameter writer: The writer to append to.
  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("kind")
    writer.write(kind.rawValue)
    writer.key("message")
    writer.write(message)
    writer.endObject()
  }
}
