package import GalleySupport

/// A markup error as the `warnings` of `galley format --json` hold it, written by hand with
/// ``JSONWriter``: the same bytes as `JSONEncoder` gives for the `Codable` form.
extension MarkupError: JSONWritable {
  /// Writes the error's kind, position and message.
  ///
  /// - Parameter writer: The writer to append to.
  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("column")
    writer.write(location.column)
    writer.key("kind")
    writer.write(kind.rawValue)
    writer.key("length")
    writer.write(utf16Length)
    writer.key("line")
    writer.write(location.line)
    writer.key("message")
    writer.write(message)
    writer.key("offset")
    writer.write(location.utf16Offset)
    writer.key("utf8Offset")
    writer.write(location.utf8Offset)
    writer.endObject()
  }
}
