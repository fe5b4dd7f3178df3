package import GalleySupport

/// The `image` object of `galley render --json`, written by hand with ``JSONWriter``.
extension ImageGeometry: JSONWritable {
  /// Writes the image geometry.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber``.
  package func writeJSON(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    writer.beginObject()
    writer.key("height")
    writer.write(height)
    writer.key("originX")
    try writer.write(originX)
    writer.key("originY")
    try writer.write(originY)
    writer.key("scale")
    try writer.write(scale)
    writer.key("width")
    writer.write(width)
    writer.endObject()
  }
}
