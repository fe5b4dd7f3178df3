import GalleyLayout
import GalleyMarkup
import GalleyRender
import GalleySupport
import GalleyTools

/// A document that can grow large (hundreds of megabytes for megabytes of markup), kept as
/// its value so the CLI's `CommandOutcome.write()` can write it to standard output as it is
/// encoded.
///
/// The bytes equal what `JSONEncoder` gives for the `Codable` form with ``JSONOutput``'s
/// formatting; ``JSONWriter`` writes them without building the whole document first.
package enum JSONDocument: Equatable, Sendable {
  /// `galley layout --json`, or with an image geometry `galley render --json`.
  case layout(Layout, image: ImageGeometry?)
  /// `galley format --json`, with `warnings` in lenient mode.
  case formatted(FormattedText, warnings: [MarkupError]?)

  /// Writes the document to a writer.
  ///
  /// - Parameter writer: The writer to append to.
  /// - Throws: ``JSONWriter/NonFiniteNumber`` for NaN or an infinity.
  package func write(into writer: inout JSONWriter) throws(JSONWriter.NonFiniteNumber) {
    switch self {
    case .layout(let layout, let image): try layout.writeJSON(into: &writer, image: image)
    case .formatted(let text, let warnings): try text.writeJSON(into: &writer, warnings: warnings)
    }
  }

  /// The whole document, or ``JSONOutput/encodingFailure`` when a number cannot be written,
  /// as `JSONEncoder` gave.
  package var bytes: [UInt8] {
    var writer = JSONWriter()
    do {
      try write(into: &writer)
      return writer.bytes
    } catch {
      return Array(JSONOutput.encodingFailure.utf8)
    }
  }
}
